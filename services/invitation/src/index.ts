import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import { buildInvitationService } from './app.ts';
import { loadInvitationConfig } from './config.ts';

export { buildInvitationService, type InvitationService, type InvitationServiceDeps } from './app.ts';
export { invitationConfigSchema, loadInvitationConfig, type InvitationConfig } from './config.ts';

/** How the one-process runtime (`npm start`) starts services/invitation beside the others. */
export async function startInvitationService(context: {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}) {
  const service = await buildInvitationService({
    config: loadInvitationConfig(context.env),
    database: context.database,
    logger: context.logger,
    sessionSecret: context.sessionSecret,
  });
  await service.start();
  return { app: service.app, stop: service.stop };
}
