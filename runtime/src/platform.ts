import path from 'node:path';
import type { Logger } from 'pino';
import { createDb, migrateAndSeed, startEmbeddedPostgres, type Database } from '@listready/db';
import { gatewayConfigFromEnv, type ServiceName } from '@listready/gateway';
import { databaseCheck, resolveSessionSecret, type App } from '@listready/service-kit';
import { spawnGatewayThread, type GatewayStartOptions, type SpawnedGatewayThread } from './gateway-thread.ts';
import { SERVICES, type PlatformContext } from './services.ts';

export interface RunningPlatform {
  /** The gateway's base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  database: Database;
  /** The services running in this process, in start order (their routes, for the tests). */
  services: ReadonlyArray<{ name: ServiceName; app: App }>;
  /** The gateway's worker thread (the services run on the main thread, 0). */
  readonly gatewayThreadId: number;
  /** The gateway thread's V8 young generation limit (MB). */
  readonly gatewayYoungGenerationMb: number | undefined;
  /**
   * Stops the gateway and starts a new one on the same port, the services staying up — what a
   * deploy of the gateway alone does to the browsers' live streams (they reconnect and resume).
   */
  restartGateway(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The whole platform in one Node process on the embedded defaults (or the real engines when their
 * variables are set): the database migrated and seeded, every service on its own loopback port,
 * and the gateway on PORT. One process lets the in-process event transport reach every service;
 * the gateway, which holds no embedded state, runs on a worker thread, so the hop and the
 * services use two cores. Should that thread die, the platform stops and says so (`onFailure`).
 */
export async function startPlatform(
  env: Record<string, string | undefined>,
  logger: Logger,
  {
    onFailure,
    gatewayThread: spawned,
  }: {
    /** Told once the platform has stopped after a failure of its own (the gateway's thread died). */
    onFailure?: (error: Error) => void;
    /** The gateway's thread, spawned by the caller as early as it can (main.ts); else spawned here. */
    gatewayThread?: SpawnedGatewayThread;
  } = {},
): Promise<RunningPlatform> {
  // The gateway's thread loads its modules while this one starts the database and the services.
  const gatewayThread = spawned ?? spawnGatewayThread(env);
  try {
    return await startAround(gatewayThread, env, logger, onFailure);
  } catch (error) {
    // A platform that failed to start leaves no gateway thread behind, whether it failed before
    // the gateway started (bad settings, no database) or while starting it (PORT taken).
    await gatewayThread.abandon();
    throw error;
  }
}

/** The platform around a gateway thread already loading: `startPlatform` ends the thread if this fails. */
async function startAround(
  gatewayThread: SpawnedGatewayThread,
  env: Record<string, string | undefined>,
  logger: Logger,
  onFailure: ((error: Error) => void) | undefined,
): Promise<RunningPlatform> {
  const config = gatewayConfigFromEnv(env);
  const dataDir = path.resolve(config.DATA_DIR);
  const started = Date.now();
  let stop: () => Promise<void> = async () => undefined;
  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'postgres'),
    poolMax: 20,
    log: (line) => logger.debug({ component: 'postgres' }, line),
  });
  const gatewayOptions = (services: Partial<Record<ServiceName, string>>): GatewayStartOptions => ({
    services,
    logger,
    readiness: { database: databaseCheck(database) },
    onUnexpectedExit: (error) => {
      logger.fatal({ err: error }, 'the gateway stopped: stopping ListReady');
      void stop().finally(() => onFailure?.(error));
    },
  });
  logger.info({ embedded: database.embedded, ms: Date.now() - started }, 'database ready');
  const running: { name: ServiceName; app: App; stop: () => Promise<void> }[] = [];
  const services: Partial<Record<ServiceName, string>> = {};
  try {
    await migrateAndSeed(database);
    logger.info({ ms: Date.now() - started }, 'database migrated and seeded');
    const context: PlatformContext = {
      env,
      database,
      logger,
      sessionSecret: resolveSessionSecret(config.SESSION_SECRET, dataDir),
    };
    // Every service is built before any starts: building declares its consumer groups (its event
    // bus's subscribe), and the in-process transport delivers a message to the groups declared
    // when it is sent. A relay started earlier would send the outboxes' backlog (events committed
    // before a crash) to the groups declared so far, and a later service's group would miss it.
    const built = [];
    for (const service of SERVICES) {
      const handle = await service.build(context);
      built.push({ name: service.name, handle });
      running.push({ name: service.name, app: handle.app, stop: handle.stop });
    }
    for (const { name, handle } of built) {
      await handle.start();
      services[name] = await handle.app.listen({ port: 0, host: '127.0.0.1' });
    }
    let gateway = await gatewayThread.start(gatewayOptions(services));
    const address = gateway.url;
    logger.info({ url: address, services, ms: Date.now() - started }, 'ListReady is up');
    let stopped: Promise<void> | undefined;
    stop = () =>
      (stopped ??= (async () => {
        await gateway.stop();
        for (const service of running.reverse()) await service.stop();
        await database.close();
        if (database.embedded) await (await startEmbeddedPostgres(path.join(dataDir, 'postgres'))).stop();
      })());
    const restartGateway = async () => {
      await gateway.stop();
      gateway = await spawnGatewayThread(env).start(gatewayOptions(services));
      logger.info({ url: gateway.url }, 'the gateway restarted');
    };
    return {
      url: address,
      database,
      services: running.map(({ name, app }) => ({ name, app })),
      get gatewayThreadId() {
        return gateway.threadId;
      },
      get gatewayYoungGenerationMb() {
        return gateway.youngGenerationMb;
      },
      restartGateway,
      stop: () => stop(),
    };
  } catch (error) {
    // Everything started so far stops, the embedded Postgres too: nothing is left holding the
    // process (it used to stay up after 'ListReady failed to start', e.g. with PORT taken).
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    await database.close();
    if (database.embedded) await (await startEmbeddedPostgres(path.join(dataDir, 'postgres'))).stop();
    throw error;
  }
}
