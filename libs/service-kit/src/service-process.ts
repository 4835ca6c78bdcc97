import path from 'node:path';
import type { Logger } from 'pino';
import { createDb, migrateAndSeed, type Database } from '@listready/db';
import type { App } from './create-service.ts';
import { createLogger } from './logger.ts';
import { resolveSessionSecret } from './session.ts';
import { onShutdownSignal } from './shutdown.ts';

export interface ServiceProcessConfig {
  LOG_LEVEL: string;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  SESSION_SECRET?: string | undefined;
  PORT: number;
  HOST: string;
}

export interface ServiceProcessDeps<Config> {
  config: Config;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}

export interface RunnableService {
  app: App;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A service as its own process (production layout, `services/<name>/src/server.ts`): database,
 * background work, listening, graceful shutdown. Migrations are the deployment's job (the migration
 * Job); only an embedded database of a local run is migrated here, for convenience.
 */
export async function runServiceProcess<Config extends ServiceProcessConfig>(
  name: string,
  config: Config,
  build: (deps: ServiceProcessDeps<Config>) => Promise<RunnableService>,
): Promise<void> {
  const logger = createLogger(name, config.LOG_LEVEL);
  try {
    const database = await createDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: path.resolve(config.DATA_DIR, 'postgres'),
      log: (line) => logger.debug({ component: 'postgres' }, line),
    });
    if (database.embedded) await migrateAndSeed(database);
    const service = await build({
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
    logger.fatal({ err: error }, `${name} service failed to start`);
    process.exitCode = 1;
  }
}

/** What the one-process runtime (`npm start`) hands each service it starts beside the others. */
export interface InProcessContext {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}

/**
 * How the one-process runtime builds a service: its config read from the runtime's environment,
 * the shared database, logger and session secret. Starting it (relay, consumers) and listening are
 * the runtime's, once every service is built (see runtime/src/platform.ts).
 */
export function inProcessService<Config>(
  loadConfig: (env: Record<string, string | undefined>) => Config,
  build: (deps: ServiceProcessDeps<Config>) => Promise<RunnableService>,
) {
  return (context: InProcessContext): Promise<RunnableService> =>
    build({
      config: loadConfig(context.env),
      database: context.database,
      logger: context.logger,
      sessionSecret: context.sessionSecret,
    });
}
