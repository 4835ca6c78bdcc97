import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../storage/browser-storage.ts';
import { navigate } from './navigation.ts';

/** The profile screen's tabs (spec seller §2, /profile). */
export const PROFILE_TABS = ['overview', 'profile', 'groups', 'tasks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_ACTIVE_TAB_STORAGE_KEY = 'profileActiveTab';
export const PROFILE_TAB_CHANGE_EVENT = 'profileTabChange';

function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/** The tab chosen on this page when the browser refuses session storage (privacy settings). */
let unstoredTab: ProfileTab | null = null;

function keepProfileTab(tab: ProfileTab): void {
  unstoredTab = writeStored('session', PROFILE_ACTIVE_TAB_STORAGE_KEY, tab) ? null : tab;
}

/**
 * Bottom-navigation rule: remember the tab in session storage, then either go to /profile or,
 * when already there, broadcast `profileTabChange` so the open screen switches tab. Where the
 * browser refuses storage the tab is remembered for this page only, and the tabs still work.
 */
export function openProfileTab(tab: ProfileTab): void {
  keepProfileTab(tab);
  if (window.location.pathname === '/profile') {
    window.dispatchEvent(new CustomEvent<ProfileTab>(PROFILE_TAB_CHANGE_EVENT, { detail: tab }));
  } else {
    navigate('/profile');
  }
}

/** The tab /profile shows: the one last chosen in this tab, the overview by default. */
export function readProfileTab(): ProfileTab {
  const stored = readStored('session', PROFILE_ACTIVE_TAB_STORAGE_KEY);
  if (isProfileTab(stored)) return stored;
  return unstoredTab ?? 'overview';
}

/**
 * Calls `onChange` whenever a tab is chosen while /profile is open (for useSyncExternalStore). A
 * broadcast's tab is kept as the chosen one first, so every reader agrees on it even when it came
 * from a sender that did not store it.
 */
export function subscribeToProfileTab(onChange: () => void): () => void {
  const onTabChange = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (isProfileTab(detail) && detail !== readProfileTab()) keepProfileTab(detail);
    onChange();
  };
  window.addEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
  return () => window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
}

const overviewTab = (): ProfileTab => 'overview';

/** The profile screen's selected tab, following the broadcast; the setter is `openProfileTab`. */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const tab = useSyncExternalStore(subscribeToProfileTab, readProfileTab, overviewTab);
  return [tab, openProfileTab];
}

/**
 * A group's invite link (Copy Invite Link on My Groups): `/auth?join=<code>` creates an account or
 * signs in — or, signed in already, goes straight on — to My Groups with the code filled in
 * (`joinGroupPath`), where the person presses Join. The code is what Copy Code gives; a link saves
 * typing it, and asks nothing more of the server.
 */
export const groupInviteLink = (origin: string, inviteCode: string): string =>
  `${origin}/auth?join=${encodeURIComponent(inviteCode)}`;

/** The invite code a page's query carries (`?join=`), upper-cased as the Join field takes it, or null. */
export const groupInviteCodeIn = (search: string): string | null =>
  new URLSearchParams(search).get('join')?.trim().toUpperCase() || null;

/** My Groups with `inviteCode` in Join a Group. */
export const joinGroupPath = (inviteCode: string): string =>
  `/profile?join=${encodeURIComponent(inviteCode)}`;
