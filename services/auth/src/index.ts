import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import { buildAuthService } from './app.ts';
import { loadAuthConfig } from './config.ts';

export { buildAuthService, type AuthService, type AuthServiceDeps } from './app.ts';
export { authConfigSchema, loadAuthConfig, type AuthConfig } from './config.ts';

/** How the one-process runtime (`npm start`) starts services/auth beside the others. */
export async function startAuthService(context: {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}) {
  const service = await buildAuthService({
    config: loadAuthConfig(context.env),
    database: context.database,
    logger: context.logger,
    sessionSecret: context.sessionSecret,
  });
  await service.start();
  return { app: service.app, stop: service.stop };
}
