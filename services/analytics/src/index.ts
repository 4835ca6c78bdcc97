import { inProcessService } from '@listready/service-kit';
import { buildAnalyticsService } from './app.ts';
import { loadAnalyticsConfig } from './config.ts';

export { buildAnalyticsService, type AnalyticsService, type AnalyticsServiceDeps } from './app.ts';
export { analyticsConfigSchema, loadAnalyticsConfig, type AnalyticsConfig } from './config.ts';

/** How the one-process runtime (`npm start`) builds services/analytics beside the others. */
export const inProcessAnalyticsService = inProcessService(loadAnalyticsConfig, buildAnalyticsService);
