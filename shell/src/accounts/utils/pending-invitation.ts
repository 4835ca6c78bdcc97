/**
 * An invitation opened before signing in is remembered here (by the invitation screen) so that
 * signing in — or creating the account — brings the person back to it.
 */
export const PENDING_INVITATION_STORAGE_KEY = 'pendingInvitationId';

/** The invitation page to resume, once: the stored id is cleared as it is taken. */
export function takePendingInvitationPath(storage: Storage = window.localStorage): string | null {
  let id: string | null;
  try {
    id = storage.getItem(PENDING_INVITATION_STORAGE_KEY);
    storage.removeItem(PENDING_INVITATION_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings): then there is nothing to resume.
    return null;
  }
  const trimmed = id?.trim();
  return trimmed ? `/accept-invitation?id=${encodeURIComponent(trimmed)}` : null;
}
