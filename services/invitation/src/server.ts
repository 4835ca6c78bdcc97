/**
 * services/invitation as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/invitation/src/server.ts
 */
import { runServiceProcess } from '@listready/service-kit';
import { buildInvitationService } from './app.ts';
import { loadInvitationConfig } from './config.ts';

await runServiceProcess('invitation', loadInvitationConfig(), buildInvitationService);
