import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  groupInviteCodeIn,
  groupInviteLink,
  joinGroupPath,
  openProfileTab,
  PROFILE_ACTIVE_TAB_STORAGE_KEY,
  PROFILE_TAB_CHANGE_EVENT,
  readProfileTab,
  subscribeToProfileTab,
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

  it('tells a subscriber when a tab is chosen on /profile, until it unsubscribes', () => {
    window.history.replaceState(null, '', '/profile');
    const onChange = vi.fn();
    const unsubscribe = subscribeToProfileTab(onChange);
    openProfileTab('tasks');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(readProfileTab()).toBe('tasks');
    unsubscribe();
    openProfileTab('groups');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('where the browser refuses session storage, the tabs still work on this page and nothing throws', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    window.history.replaceState(null, '', '/profile');
    expect(readProfileTab()).toBe('overview');
    const { result } = renderHook(() => useProfileTab());
    expect(result.current[0]).toBe('overview');
    act(() => openProfileTab('groups'));
    expect(readProfileTab()).toBe('groups');
    expect(result.current[0]).toBe('groups');
    act(() => result.current[1]('tasks'));
    expect(result.current[0]).toBe('tasks');
  });
});

describe('a group’s invite link', () => {
  it('goes through /auth with the code, which is read back upper-cased, and leads to My Groups', () => {
    const link = groupInviteLink('https://app.example', 'ABCD2345');
    expect(link).toBe('https://app.example/auth?join=ABCD2345');
    expect(groupInviteCodeIn(new URL(link).search)).toBe('ABCD2345');
    expect(groupInviteCodeIn('?join=%20abcd2345%20&x=1')).toBe('ABCD2345');
    expect(groupInviteCodeIn('?join=')).toBeNull();
    expect(groupInviteCodeIn('')).toBeNull();
    expect(joinGroupPath('ABCD2345')).toBe('/profile?join=ABCD2345');
  });
});
