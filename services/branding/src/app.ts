import fastifyMultipart from '@fastify/multipart';
import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import type { Transport } from '@listready/events';
import { createServiceRuntime, type App, type Cache } from '@listready/service-kit';
import { createBrandingRepository } from './branding/branding-repository.ts';
import { createBrandingService } from './branding/branding-service.ts';
import type { BrandingConfig } from './config.ts';
import { createPostgresLogoStore, type LogoStore } from './logos/logo-store.ts';
import { brandingRoutes } from './routes/branding.ts';
import { logoRoutes } from './routes/logos.ts';

export interface BrandingServiceDeps {
  config: BrandingConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache. */
  cache?: Cache;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. */
  transport?: Transport;
  /** Default: the logos table in Postgres. */
  logos?: LogoStore;
}

export interface BrandingService {
  app: App;
  /** Starts background work (the outbox relay). Listening is the caller's. */
  start(): Promise<void>;
  /** Stops the relay, closes the app and what it opened. */
  stop(): Promise<void>;
}

/** services/branding: agents' white-label branding, their logos, and the branding pages wear (issue 14). */
export async function buildBrandingService(deps: BrandingServiceDeps): Promise<BrandingService> {
  const { config, database } = deps;
  const runtime = await createServiceRuntime({ ...deps, name: 'branding' });
  const { app, cache, logger } = runtime;
  // Multipart bodies are read only by the logo upload, which sets its own limits (one 5 MB file).
  await app.register(fastifyMultipart);

  const repository = createBrandingRepository(database.db);
  const logos = deps.logos ?? createPostgresLogoStore(database.db);
  const branding = createBrandingService({
    repository,
    logos,
    cache,
    cacheTtlSeconds: config.BRANDING_CACHE_TTL_SECONDS,
    logger,
  });

  brandingRoutes(app, { branding });
  logoRoutes(app, { logos, agentIdOfUser: repository.agentIdOfUser });

  return runtime;
}
