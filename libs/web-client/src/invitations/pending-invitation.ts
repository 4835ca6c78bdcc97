/**
 * A client-to-agent invitation opened before signing in (agent spec §2, /accept-invitation) is
 * remembered here by the acceptance page, so that signing in — or creating the account — on /auth
 * brings the agent back to it. The key is the spec's product's own. Where the browser refuses
 * storage (privacy settings), nothing is remembered and nothing throws (browser-storage.ts).
 */
import { readStored, writeStored } from '../storage/browser-storage.ts';

export const PENDING_INVITATION_STORAGE_KEY = 'pendingInvitationId';

export const acceptInvitationPath = (invitationId: string) =>
  `/accept-invitation?id=${encodeURIComponent(invitationId)}`;

/** Remembers the invitation to come back to; false where the browser refuses storage. */
export const rememberPendingInvitation = (invitationId: string): boolean =>
  writeStored('local', PENDING_INVITATION_STORAGE_KEY, invitationId);

/** The invitation page to resume, once: the stored id is cleared as it is taken. */
export function takePendingInvitationPath(): string | null {
  const id = readStored('local', PENDING_INVITATION_STORAGE_KEY)?.trim();
  writeStored('local', PENDING_INVITATION_STORAGE_KEY, null);
  return id ? acceptInvitationPath(id) : null;
}
