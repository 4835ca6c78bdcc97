import { useEffect, useState } from 'react';
import { navigate } from './navigation.ts';

/** The profile screen's tabs (spec seller §2, /profile). */
export const PROFILE_TABS = ['overview', 'profile', 'groups', 'tasks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_ACTIVE_TAB_STORAGE_KEY = 'profileActiveTab';
export const PROFILE_TAB_CHANGE_EVENT = 'profileTabChange';

function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/**
 * Bottom-navigation rule: remember the tab in session storage, then either go to /profile or,
 * when already there, broadcast `profileTabChange` so the open screen switches tab.
 */
export function openProfileTab(tab: ProfileTab): void {
  window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, tab);
  if (window.location.pathname === '/profile') {
    window.dispatchEvent(new CustomEvent<ProfileTab>(PROFILE_TAB_CHANGE_EVENT, { detail: tab }));
  } else {
    navigate('/profile');
  }
}

export function readProfileTab(): ProfileTab {
  const stored = window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY);
  return isProfileTab(stored) ? stored : 'overview';
}

/** The profile screen's selected tab: starts from session storage, follows the broadcast. */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const [tab, setTab] = useState<ProfileTab>(readProfileTab);
  useEffect(() => {
    const onTabChange = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isProfileTab(detail)) setTab(detail);
    };
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
    return () => window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, onTabChange);
  }, []);
  const select = (next: ProfileTab) => {
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, next);
    setTab(next);
  };
  return [tab, select];
}
