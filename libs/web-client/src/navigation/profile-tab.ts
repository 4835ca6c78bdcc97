import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../storage/browser-storage.ts';
import { navigate, writeAddress } from './navigation.ts';

/** The profile screen's tabs (spec seller §2, /profile). */
export const PROFILE_TABS = ['overview', 'profile', 'groups', 'tasks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_ACTIVE_TAB_STORAGE_KEY = 'profileActiveTab';
export const PROFILE_TAB_CHANGE_EVENT = 'profileTabChange';

function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/** The address of a tab: `/profile?tab=groups`. */
export const profileTabPath = (tab: ProfileTab): string => `/profile?tab=${tab}`;

/**
 * The tab a query at /profile names: My Groups for a group's invite link (`?join=`), else its `tab`;
 * null when it names none.
 */
export function profileTabIn(search: string): ProfileTab | null {
  if (groupInviteCodeIn(search)) return 'groups';
  const named = new URLSearchParams(search).get('tab');
  return isProfileTab(named) ? named : null;
}

const atProfile = (): boolean => window.location.pathname === '/profile';

/** The tab the current address names, at /profile; null elsewhere or when it names none. */
const addressedTab = (): ProfileTab | null => (atProfile() ? profileTabIn(window.location.search) : null);

/** The tab chosen on this page when the browser refuses session storage (privacy settings). */
let unstoredTab: ProfileTab | null = null;

function keepProfileTab(tab: ProfileTab): void {
  unstoredTab = writeStored('session', PROFILE_ACTIVE_TAB_STORAGE_KEY, tab) ? null : tab;
}

/** The history entry's note of the tab it was opened from (see `returnToProfileTab`). */
interface OpenedFrom {
  profileTabFrom: ProfileTab;
}

const openedFrom = (state: unknown): ProfileTab | null => {
  const from = (state as Partial<OpenedFrom> | null)?.profileTabFrom;
  return isProfileTab(from) ? from : null;
};

/**
 * Opens `tab` (the bottom navigation, a card's button): kept in session storage, and written into
 * the address, `/profile?tab=…` — a new history entry (`replace` for none), so Back returns to the
 * tab before, and a reload, a bookmark or a link opens the tab it names. Already at /profile, the
 * spec's broadcast `profileTabChange` goes out too. Where the browser refuses storage the address
 * still holds the tab.
 */
export function openProfileTab(tab: ProfileTab, { replace = false }: { replace?: boolean } = {}): void {
  const shown = atProfile() ? readProfileTab() : null;
  keepProfileTab(tab);
  if (shown === null) {
    navigate(profileTabPath(tab));
    return;
  }
  if (addressedTab() !== tab) {
    // The tab on screen already (a bare /profile, from storage) is named in place: no entry to step back to.
    if (replace || shown === tab) writeAddress(profileTabPath(tab), { replace: true });
    else writeAddress(profileTabPath(tab), { state: { profileTabFrom: shown } satisfies OpenedFrom });
  }
  window.dispatchEvent(new CustomEvent<ProfileTab>(PROFILE_TAB_CHANGE_EVENT, { detail: tab }));
}

/**
 * At /profile: the tab shown is named in the address, in place (a bare `/profile` shows the one last
 * chosen, and gets its `?tab=`), so each history entry keeps its tab; and it is kept as the chosen
 * one (an invite link's My Groups). Elsewhere, nothing.
 */
export function nameProfileTabInAddress(): void {
  if (!atProfile()) return;
  const shown = readProfileTab();
  keepProfileTab(shown);
  if (addressedTab() !== shown) writeAddress(profileTabPath(shown), { replace: true });
}

/**
 * Back to `tab` from the tab open (Save or Cancel on Edit Profile): a step back in the history when
 * the open tab was opened from `tab`, so Back afterwards does not return to a form already closed;
 * otherwise (arrived by a link or a reload) `tab` in place of the open one.
 */
export function returnToProfileTab(tab: ProfileTab): void {
  if (atProfile() && openedFrom(window.history.state) === tab) window.history.back();
  else openProfileTab(tab, { replace: true });
}

/**
 * The tab /profile shows: the one its address names, else the one last chosen in this browser tab,
 * the overview by default.
 */
export function readProfileTab(): ProfileTab {
  const addressed = addressedTab();
  if (addressed) return addressed;
  const stored = readStored('session', PROFILE_ACTIVE_TAB_STORAGE_KEY);
  if (isProfileTab(stored)) return stored;
  return unstoredTab ?? 'overview';
}

/**
 * Calls `onChange` whenever the tab may have changed (for useSyncExternalStore): a broadcast, or the
 * address (Back, Forward, in-app navigation). Either one's tab is kept as the chosen one first, so
 * every reader agrees on it; a broadcast from a sender that did not write the address writes it,
 * in place of the current entry.
 */
export function subscribeToProfileTab(onChange: () => void): () => void {
  const onTabChange = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (isProfileTab(detail) && detail !== readProfileTab()) {
      keepProfileTab(detail);
      if (atProfile()) writeAddress(profileTabPath(detail), { replace: true });
    }
    onChange();
  };
  const onAddress = () => {
    const addressed = addressedTab();
    if (addressed && readStored('session', PROFILE_ACTIVE_TAB_STORAGE_KEY) !== addressed)
      keepProfileTab(addressed);
    onChange();
  };
  window.addEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
  window.addEventListener('popstate', onAddress);
  return () => {
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
    window.removeEventListener('popstate', onAddress);
  };
}

const overviewTab = (): ProfileTab => 'overview';

/** The profile screen's selected tab, following the address and the broadcast; the setter is `openProfileTab`. */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const tab = useSyncExternalStore(subscribeToProfileTab, readProfileTab, overviewTab);
  return [tab, openProfileTab];
}

/**
 * A group's invite link (Copy Invite Link on My Groups): `/auth?join=<code>` creates an account or
 * signs in — or, signed in already, goes straight on — to My Groups with the code filled in
 * (`joinGroupPath`), where the person presses Join. The code is what Copy Code gives; a link saves
 * typing it, and asks nothing more of the server. An agent's group (`forAgents`: one that shares no
 * home seller's journey) is a team of agents: its link opens create-account as a Real Estate Agent
 * (`role=agent`; the person can still choose Home Seller).
 */
export const groupInviteLink = (
  origin: string,
  inviteCode: string,
  { forAgents = false }: { forAgents?: boolean } = {},
): string => `${origin}/auth?join=${encodeURIComponent(inviteCode)}${forAgents ? '&role=agent' : ''}`;

/** The invite code a page's query carries (`?join=`), upper-cased as the Join field takes it, or null. */
export const groupInviteCodeIn = (search: string): string | null =>
  new URLSearchParams(search).get('join')?.trim().toUpperCase() || null;

/** My Groups with `inviteCode` in Join a Group. */
export const joinGroupPath = (inviteCode: string): string =>
  `/profile?join=${encodeURIComponent(inviteCode)}`;
