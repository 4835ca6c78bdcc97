/**
 * services/branding as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/branding/src/server.ts
 */
import { runServiceProcess } from '@listready/service-kit';
import { buildBrandingService } from './app.ts';
import { loadBrandingConfig } from './config.ts';

await runServiceProcess('branding', loadBrandingConfig(), buildBrandingService);
