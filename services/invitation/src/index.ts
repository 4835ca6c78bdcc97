import { inProcessService } from '@listready/service-kit';
import { buildInvitationService } from './app.ts';
import { loadInvitationConfig } from './config.ts';

export { buildInvitationService, type InvitationService, type InvitationServiceDeps } from './app.ts';
export { invitationConfigSchema, loadInvitationConfig, type InvitationConfig } from './config.ts';

/** How the one-process runtime (`npm start`) builds services/invitation beside the others. */
export const inProcessInvitationService = inProcessService(loadInvitationConfig, buildInvitationService);
