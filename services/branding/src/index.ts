import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import { buildBrandingService } from './app.ts';
import { loadBrandingConfig } from './config.ts';

export { buildBrandingService, type BrandingService, type BrandingServiceDeps } from './app.ts';
export { brandingConfigSchema, loadBrandingConfig, type BrandingConfig } from './config.ts';
export { createPostgresLogoStore, type LogoStore } from './logos/logo-store.ts';

/** How the one-process runtime (`npm start`) starts services/branding beside the others. */
export async function startBrandingService(context: {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}) {
  const service = await buildBrandingService({
    config: loadBrandingConfig(context.env),
    database: context.database,
    logger: context.logger,
    sessionSecret: context.sessionSecret,
  });
  await service.start();
  return { app: service.app, stop: service.stop };
}
