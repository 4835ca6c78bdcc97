import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import type { Transport } from '@listready/events';
import { createRateLimit, createServiceRuntime, type App, type Cache } from '@listready/service-kit';
import { systemClock, type Clock } from './clock.ts';
import type { AnalyticsConfig } from './config.ts';
import { consumeDomainEvents } from './events/domain-events.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { createUsageReports } from './usage/usage-reports.ts';
import { createUsageStore } from './usage/usage-store.ts';

export interface AnalyticsServiceDeps {
  config: AnalyticsConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache (also the visitors' rate limit). */
  cache?: Cache;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. */
  transport?: Transport;
  clock?: Clock;
}

export interface AnalyticsService {
  app: App;
  /** Starts background work (the domain-event consumers). Listening is the caller's. */
  start(): Promise<void>;
  /** Stops the consumers, closes the app and what it opened. */
  stop(): Promise<void>;
}

/** services/analytics: usage-event ingest, the agent's stats and realtime views, domain events (issue 15). */
export async function buildAnalyticsService(deps: AnalyticsServiceDeps): Promise<AnalyticsService> {
  const { config, database } = deps;
  const runtime = await createServiceRuntime({ ...deps, name: 'analytics' });
  const { app, events, cache } = runtime;
  const store = createUsageStore(database.db);

  await analyticsRoutes(app, {
    db: database.db,
    store,
    reports: createUsageReports(database.db),
    anonymousLimit: createRateLimit(cache, {
      name: 'analytics:anonymous',
      points: config.ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE,
      windowSeconds: 60,
    }),
    clock: deps.clock ?? systemClock,
  });
  consumeDomainEvents(events, { usage: store });

  return runtime;
}
