import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openProfileTab,
  PROFILE_ACTIVE_TAB_STORAGE_KEY,
  PROFILE_TAB_CHANGE_EVENT,
  readProfileTab,
  useProfileTab,
} from './profile-tab.ts';

describe('profile tab navigation', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/journey');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('remembers the tab in session storage and goes to /profile from elsewhere', () => {
    const broadcasts = vi.fn();
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, broadcasts);
    openProfileTab('groups');
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, broadcasts);
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('groups');
    expect(window.location.pathname).toBe('/profile');
    expect(broadcasts).not.toHaveBeenCalled();
  });

  it('broadcasts profileTabChange with the tab when already on /profile', () => {
    window.history.replaceState(null, '', '/profile');
    const received: unknown[] = [];
    const listener = (event: Event) => received.push((event as CustomEvent<unknown>).detail);
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, listener);
    openProfileTab('tasks');
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, listener);
    expect(received).toEqual(['tasks']);
    expect(PROFILE_TAB_CHANGE_EVENT).toBe('profileTabChange');
    expect(PROFILE_ACTIVE_TAB_STORAGE_KEY).toBe('profileActiveTab');
  });

  it('starts the profile screen on the remembered tab, overview by default, and follows broadcasts', () => {
    expect(readProfileTab()).toBe('overview');
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'not-a-tab');
    expect(readProfileTab()).toBe('overview');
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'profile');
    const { result } = renderHook(() => useProfileTab());
    expect(result.current[0]).toBe('profile');
    window.history.replaceState(null, '', '/profile');
    act(() => openProfileTab('groups'));
    expect(result.current[0]).toBe('groups');
  });
});
