import { readStored, writeStored, type LinkedAgent } from '@listready/web-client';

/**
 * A seller may hide the bottom banner: on a phone it takes about 100 px above the navigation on
 * every page. It stays hidden on this device for that person until what it says changes (an agent
 * is linked, or another one), kept in localStorage per user. The profile's My Agent card offers the
 * same actions meanwhile.
 */
const HIDDEN_BANNER_KEY_PREFIX = 'listready.agentBannerHidden.';

/** What the banner says, as the value a hidden banner is kept under. */
export const agentBannerContent = (agent: LinkedAgent): string => (agent ? `agent:${agent.id}` : 'invite');

/** The banner content this person hid, if any. */
export function readHiddenBanner(userId: string): string | null {
  return readStored('local', HIDDEN_BANNER_KEY_PREFIX + userId);
}

/** Storage full or refused: the banner is hidden for this page only. */
export function keepBannerHidden(userId: string, content: string): void {
  writeStored('local', HIDDEN_BANNER_KEY_PREFIX + userId, content);
}
