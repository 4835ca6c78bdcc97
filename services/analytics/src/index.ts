import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import { buildAnalyticsService } from './app.ts';
import { loadAnalyticsConfig } from './config.ts';

export { buildAnalyticsService, type AnalyticsService, type AnalyticsServiceDeps } from './app.ts';
export { analyticsConfigSchema, loadAnalyticsConfig, type AnalyticsConfig } from './config.ts';

/** How the one-process runtime (`npm start`) starts services/analytics beside the others. */
export async function startAnalyticsService(context: {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}) {
  const service = await buildAnalyticsService({
    config: loadAnalyticsConfig(context.env),
    database: context.database,
    logger: context.logger,
    sessionSecret: context.sessionSecret,
  });
  await service.start();
  return { app: service.app, stop: service.stop };
}
