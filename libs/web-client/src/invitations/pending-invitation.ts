/**
 * A client-to-agent invitation opened before signing in (agent spec §2, /accept-invitation) is
 * remembered here by the acceptance page, so that signing in — or creating the account — on /auth
 * brings the agent back to it. The key is the spec's product's own. Where the browser refuses
 * storage (privacy settings), nothing is remembered and nothing throws.
 */
import { browserStorage } from '../storage/browser-storage.ts';

export const PENDING_INVITATION_STORAGE_KEY = 'pendingInvitationId';

export const acceptInvitationPath = (invitationId: string) =>
  `/accept-invitation?id=${encodeURIComponent(invitationId)}`;

/** Remembers the invitation to come back to; false where storage is disabled (privacy settings). */
export function rememberPendingInvitation(
  invitationId: string,
  storage: Storage | undefined = browserStorage('local'),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PENDING_INVITATION_STORAGE_KEY, invitationId);
    return true;
  } catch {
    return false;
  }
}

/** The invitation page to resume, once: the stored id is cleared as it is taken. */
export function takePendingInvitationPath(
  storage: Storage | undefined = browserStorage('local'),
): string | null {
  if (!storage) return null;
  let id: string | null;
  try {
    id = storage.getItem(PENDING_INVITATION_STORAGE_KEY);
    storage.removeItem(PENDING_INVITATION_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings): then there is nothing to resume.
    return null;
  }
  const trimmed = id?.trim();
  return trimmed ? acceptInvitationPath(trimmed) : null;
}
