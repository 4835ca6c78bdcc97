import type { Logger } from 'pino';
import { serviceEventTables, type Database, type ServiceName } from '@listready/db';
import {
  childLogger,
  createEventBus,
  createTransport,
  eventsReadiness,
  type EventBus,
  type EventsConfig,
  type Transport,
} from '@listready/events';
import { createCache, type Cache } from './cache.ts';
import { createService, type App } from './create-service.ts';
import { databaseCheck, type ReadinessCheck } from './health.ts';
import { loadSheddingFromConfig, type LoadSheddingConfig } from './load-shedding.ts';
import { createSessionCodec, sessionPlugin, type SessionCodec } from './session.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

/** What every service's config carries (see each service's `config.ts`). */
export interface ServiceRuntimeConfig extends LoadSheddingConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  LOG_LEVEL: string;
  REDIS_URL?: string | undefined;
  SESSION_CACHE_TTL_SECONDS: number;
  events: EventsConfig;
}

export interface ServiceRuntimeOptions {
  name: ServiceName;
  config: ServiceRuntimeConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache. Closed on stop only if made here. */
  cache?: Cache | undefined;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. Closed on stop only if made here. */
  transport?: Transport | undefined;
  /** The service's own readiness checks, beside database, cache and events. */
  readiness?: Record<string, ReadinessCheck>;
  /** Wraps the session codec (journey remembers verified tokens). */
  wrapCodec?: (codec: SessionCodec) => SessionCodec;
}

/** A service's shared parts, wired: the app with sessions, its event bus, cache and session store. */
export interface ServiceRuntime {
  app: App;
  /** The logger given, saying this service's name once: for the service's own components. */
  logger: Logger;
  events: EventBus;
  /** The transport under `events` (journey's live feed subscribes to it with a group of its own). */
  transport: Transport;
  cache: Cache;
  codec: SessionCodec;
  sessionStore: SessionStore;
  /** Work to finish before the app closes on stop (e.g. mails in flight), in the order added. */
  beforeClose(task: () => Promise<unknown>): void;
  /** Starts the outbox relay and the consumers. Listening is the caller's. */
  start(): Promise<void>;
  /** Stops relay and consumers, runs the `beforeClose` tasks, closes the app and what was opened here. */
  stop(): Promise<void>;
}

/**
 * The one way a service is wired: cache, transport, event bus on its schema's tables, session
 * store and codec, the Fastify app with readiness (database, cache, events and the service's own)
 * and the session plugin. A service's `app.ts` then adds only its repositories, routes and consumers.
 */
export async function createServiceRuntime(options: ServiceRuntimeOptions): Promise<ServiceRuntime> {
  const { name, config, database } = options;
  // Every line of this service says so once, in npm start's shared process as in a process of its own.
  const logger = childLogger(options.logger, { service: name });
  const cache = options.cache ?? createCache({ redisUrl: config.REDIS_URL });
  const transport = options.transport ?? createTransport({ ...config.events, logger });
  const events = createEventBus({ database, transport, service: name, logger, ...serviceEventTables[name] });
  const sessionStore = createSessionStore({
    database,
    cache,
    cacheTtlSeconds: config.SESSION_CACHE_TTL_SECONDS,
    onCacheError: (error) => logger.warn({ err: error }, 'session cache unavailable: reading the database'),
  });
  const signed = createSessionCodec(options.sessionSecret);
  const codec = options.wrapCodec ? options.wrapCodec(signed) : signed;

  const app = createService({
    name,
    logger,
    logLevel: config.LOG_LEVEL,
    loadShedding: loadSheddingFromConfig(config),
    readiness: {
      database: databaseCheck(database),
      cache: async () => {
        await cache.ping();
        return { ok: true, detail: { engine: cache.kind } };
      },
      events: eventsReadiness(events),
      ...options.readiness,
    },
  });
  await app.register(sessionPlugin, {
    codec,
    isSessionActive: (sessionId, userId) => sessionStore.isActive(sessionId, userId),
    secureCookies: config.NODE_ENV === 'production',
  });

  const closing: (() => Promise<unknown>)[] = [];
  let stopped = false;
  return {
    app,
    logger,
    events,
    transport,
    cache,
    codec,
    sessionStore,
    beforeClose: (task) => void closing.push(task),
    start: () => events.start(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await events.stop();
      for (const task of closing) await task();
      await app.close();
      if (!options.transport) await transport.close();
      if (!options.cache) await cache.close();
    },
  };
}
