import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  groupInviteCodeIn,
  groupInviteLink,
  joinGroupPath,
  nameProfileTabInAddress,
  openProfileTab,
  PROFILE_ACTIVE_TAB_STORAGE_KEY,
  PROFILE_TAB_CHANGE_EVENT,
  profileTabIn,
  readProfileTab,
  returnToProfileTab,
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

  const address = () => `${window.location.pathname}${window.location.search}`;

  it('remembers the tab in session storage and goes to /profile from elsewhere, the tab in the address', () => {
    const broadcasts = vi.fn();
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, broadcasts);
    openProfileTab('groups');
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, broadcasts);
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('groups');
    expect(address()).toBe('/profile?tab=groups');
    expect(broadcasts).not.toHaveBeenCalled();
  });

  it('reads the tab from the address first: its `tab`, My Groups for an invite link, else the one remembered', () => {
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'profile');
    window.history.replaceState(null, '', '/profile?tab=tasks');
    expect(readProfileTab()).toBe('tasks');
    window.history.replaceState(null, '', '/profile?join=abcd2345&tab=tasks');
    expect(readProfileTab()).toBe('groups');
    window.history.replaceState(null, '', '/profile?tab=nonsense');
    expect(readProfileTab()).toBe('profile');
    window.history.replaceState(null, '', '/profile');
    expect(readProfileTab()).toBe('profile');
    // Only /profile's address names a tab.
    window.history.replaceState(null, '', '/dashboard?tab=clients');
    expect(readProfileTab()).toBe('profile');
    expect([profileTabIn('?tab=overview'), profileTabIn('?tab='), profileTabIn('')]).toEqual([
      'overview',
      null,
      null,
    ]);
  });

  it('at /profile, each tab chosen is a new history entry: Back shows the tab before, and it is remembered', async () => {
    window.history.replaceState(null, '', '/profile?tab=groups');
    const { result } = renderHook(() => useProfileTab());
    const entries = window.history.length;
    act(() => openProfileTab('tasks'));
    expect([address(), result.current[0], window.history.length]).toEqual([
      '/profile?tab=tasks',
      'tasks',
      entries + 1,
    ]);
    // Choosing the tab on screen again adds nothing.
    act(() => openProfileTab('tasks'));
    expect(window.history.length).toBe(entries + 1);
    act(() => window.history.back());
    await waitFor(() => expect(result.current[0]).toBe('groups'));
    expect(address()).toBe('/profile?tab=groups');
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('groups');
  });

  it('names the tab shown in a bare /profile in place, and remembers an invite link’s My Groups', () => {
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'tasks');
    window.history.replaceState(null, '', '/profile');
    const entries = window.history.length;
    nameProfileTabInAddress();
    expect([address(), window.history.length]).toEqual(['/profile?tab=tasks', entries]);
    window.history.replaceState(null, '', '/profile?join=ABCD2345');
    nameProfileTabInAddress();
    expect(address()).toBe('/profile?join=ABCD2345');
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('groups');
    window.history.replaceState(null, '', '/journey');
    nameProfileTabInAddress();
    expect(address()).toBe('/journey');
  });

  it('returns to the tab a form was opened from by stepping back, else shows it in place', async () => {
    window.history.replaceState(null, '', '/profile?tab=overview');
    const entries = window.history.length;
    openProfileTab('profile');
    expect(window.history.length).toBe(entries + 1);
    returnToProfileTab('overview');
    await waitFor(() => expect(address()).toBe('/profile?tab=overview'));
    // The form's entry is the one ahead now: opening another tab replaces it, the history grows by none.
    openProfileTab('groups');
    expect(window.history.length).toBe(entries + 1);
    // Arrived at the form by its address (a reload, a link): nothing to step back to.
    window.history.replaceState(null, '', '/profile?tab=profile');
    returnToProfileTab('overview');
    expect([address(), window.history.length]).toEqual(['/profile?tab=overview', entries + 1]);
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
    // The address written (popstate), then the spec's broadcast.
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(readProfileTab()).toBe('tasks');
    unsubscribe();
    openProfileTab('groups');
    expect(onChange).toHaveBeenCalledTimes(2);
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

  it('opens create-account as an agent for an agent’s group, with the same code', () => {
    const link = groupInviteLink('https://app.example', 'TEAM2345', { forAgents: true });
    expect(link).toBe('https://app.example/auth?join=TEAM2345&role=agent');
    expect(groupInviteCodeIn(new URL(link).search)).toBe('TEAM2345');
  });
});
