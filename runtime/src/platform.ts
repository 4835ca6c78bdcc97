import path from 'node:path';
import type { Logger } from 'pino';
import { createDb, migrateAndSeed, startEmbeddedPostgres, type Database } from '@listready/db';
import { buildGateway, gatewayConfigFromEnv, type ServiceName } from '@listready/gateway';
import { databaseCheck, resolveSessionSecret, type App } from '@listready/service-kit';
import { SERVICES, type PlatformContext } from './services.ts';

export interface RunningPlatform {
  /** The gateway's base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  database: Database;
  /** The services running in this process, in start order (their routes, for the tests). */
  services: ReadonlyArray<{ name: ServiceName; app: App }>;
  stop(): Promise<void>;
}

/**
 * The whole platform in one Node process on the embedded defaults (or the real engines when their
 * variables are set): the database migrated and seeded, every service on its own loopback port,
 * and the gateway on PORT. One process lets the in-process event transport reach every service.
 */
export async function startPlatform(
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<RunningPlatform> {
  const config = gatewayConfigFromEnv(env);
  const dataDir = path.resolve(config.DATA_DIR);
  const started = Date.now();
  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'postgres'),
    poolMax: 20,
    log: (line) => logger.debug({ component: 'postgres' }, line),
  });
  logger.info({ embedded: database.embedded, ms: Date.now() - started }, 'database ready');
  await migrateAndSeed(database);
  logger.info({ ms: Date.now() - started }, 'database migrated and seeded');

  const context: PlatformContext = {
    env,
    database,
    logger,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, dataDir),
  };
  const running: { name: ServiceName; app: App; stop: () => Promise<void> }[] = [];
  const services: Partial<Record<ServiceName, string>> = {};
  try {
    for (const service of SERVICES) {
      const handle = await service.start(context);
      const url = await handle.app.listen({ port: 0, host: '127.0.0.1' });
      services[service.name] = url;
      running.push({ name: service.name, app: handle.app, stop: handle.stop });
    }
    const gateway = await buildGateway({
      ...config,
      services: { ...services, ...config.services },
      logger,
      readiness: { database: databaseCheck(database) },
    });
    const address = await gateway.listen({ port: config.PORT, host: config.HOST });
    logger.info({ url: address, services, ms: Date.now() - started }, 'ListReady is up');
    return {
      url: address,
      database,
      services: running.map(({ name, app }) => ({ name, app })),
      stop: async () => {
        await gateway.close();
        for (const service of running.reverse()) await service.stop();
        await database.close();
        if (database.embedded) await (await startEmbeddedPostgres(path.join(dataDir, 'postgres'))).stop();
      },
    };
  } catch (error) {
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    await database.close();
    throw error;
  }
}
