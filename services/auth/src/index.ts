import { inProcessService } from '@listready/service-kit';
import { buildAuthService } from './app.ts';
import { loadAuthConfig } from './config.ts';

export { buildAuthService, type AuthService, type AuthServiceDeps } from './app.ts';
export { authConfigSchema, loadAuthConfig, type AuthConfig } from './config.ts';

/** How the one-process runtime (`npm start`) builds services/auth beside the others. */
export const inProcessAuthService = inProcessService(loadAuthConfig, buildAuthService);
