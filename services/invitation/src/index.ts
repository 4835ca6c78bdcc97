import { inProcessStarter } from '@listready/service-kit';
import { buildInvitationService } from './app.ts';
import { loadInvitationConfig } from './config.ts';

export { buildInvitationService, type InvitationService, type InvitationServiceDeps } from './app.ts';
export { invitationConfigSchema, loadInvitationConfig, type InvitationConfig } from './config.ts';

/** How the one-process runtime (`npm start`) starts services/invitation beside the others. */
export const startInvitationService = inProcessStarter(loadInvitationConfig, buildInvitationService);
