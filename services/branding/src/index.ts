import { inProcessService } from '@listready/service-kit';
import { buildBrandingService } from './app.ts';
import { loadBrandingConfig } from './config.ts';

export { buildBrandingService, type BrandingService, type BrandingServiceDeps } from './app.ts';
export { brandingConfigSchema, loadBrandingConfig, type BrandingConfig } from './config.ts';
export { createPostgresLogoStore, type LogoStore } from './logos/logo-store.ts';

/** How the one-process runtime (`npm start`) builds services/branding beside the others. */
export const inProcessBrandingService = inProcessService(loadBrandingConfig, buildBrandingService);
