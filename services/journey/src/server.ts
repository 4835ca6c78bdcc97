/**
 * services/journey as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/journey/src/server.ts
 * Migrations are the deployment's job (the migration Job); the embedded database of a local run
 * is migrated here for convenience.
 */
import path from 'node:path';
import { createDb, migrateAndSeed } from '@listready/db';
import { createLogger, onShutdownSignal, resolveSessionSecret } from '@listready/service-kit';
import { buildJourneyService } from './app.ts';
import { loadJourneyConfig } from './config.ts';

const config = loadJourneyConfig();
const logger = createLogger('journey', config.LOG_LEVEL);
try {
  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'postgres'),
    log: (line) => logger.debug({ component: 'postgres' }, line),
  });
  if (database.embedded) await migrateAndSeed(database);
  const service = await buildJourneyService({
    config,
    database,
    logger,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR),
  });
  await service.start();
  await service.app.listen({ port: config.PORT, host: config.HOST });
  onShutdownSignal(async () => {
    await service.stop();
    await database.close();
  }, logger);
} catch (error) {
  logger.fatal({ err: error }, 'journey service failed to start');
  process.exitCode = 1;
}
