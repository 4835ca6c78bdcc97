/**
 * services/analytics as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/analytics/src/server.ts
 */
import { runServiceProcess } from '@listready/service-kit';
import { buildAnalyticsService } from './app.ts';
import { loadAnalyticsConfig } from './config.ts';

await runServiceProcess('analytics', loadAnalyticsConfig(), buildAnalyticsService);
