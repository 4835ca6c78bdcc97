import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PROFILE_ACTIVE_TAB_STORAGE_KEY,
  PROFILE_TAB_CHANGE_EVENT,
  ROUTE_INTENT_EVENT,
} from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';
import { BottomNavigation } from './bottom-navigation.tsx';

const renderNavigation = (role: 'agent' | 'client' = 'client') =>
  renderWithSession(<BottomNavigation role={role} />);
const current = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-current') === 'page')
    .map((button) => button.textContent);

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

describe('BottomNavigation', () => {
  it('announces the page a button opens as soon as a pointer is over it, presses it or it has focus', () => {
    window.history.replaceState(null, '', '/journey');
    renderNavigation();
    const announced: unknown[] = [];
    const listen = (event: Event) => announced.push((event as CustomEvent<unknown>).detail);
    window.addEventListener(ROUTE_INTENT_EVENT, listen);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Groups' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.focus(screen.getByRole('button', { name: 'Journey' }));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Logout' }));
    window.removeEventListener(ROUTE_INTENT_EVENT, listen);
    // Nothing is opened yet, and Logout opens no page.
    expect(window.location.pathname).toBe('/journey');
    expect(announced).toEqual(['/profile', '/profile', '/journey']);
  });

  it('opens /profile on the chosen tab, kept in session storage', () => {
    window.history.replaceState(null, '', '/journey');
    renderNavigation();
    expect(current()).toEqual(['Journey']);
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('tasks');
    expect(window.location.pathname).toBe('/profile');
    expect(current()).toEqual(['Custom']);
  });

  it('on /profile, broadcasts profileTabChange and marks the tab shown', () => {
    window.history.replaceState(null, '', '/profile');
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'groups');
    renderNavigation();
    expect(current()).toEqual(['Groups']);
    const broadcasts: unknown[] = [];
    const listen = (event: Event) => broadcasts.push((event as CustomEvent<unknown>).detail);
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, listen);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Profile' })));
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, listen);
    expect(broadcasts).toEqual(['profile']);
    expect(current()).toEqual(['Profile']);
    // The overview (reached inside the screen) is none of the buttons.
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'overview');
    act(() => {
      window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'overview' }));
    });
    expect(current()).toEqual([]);
  });

  it('gives an agent their own pages: Dashboard, Analytics, Client Demo, Profile, Logout', () => {
    window.history.replaceState(null, '', '/dashboard');
    renderNavigation('agent');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dashboard',
      'Analytics',
      'Client Demo',
      'Profile',
      'Logout',
    ]);
    expect(current()).toEqual(['Dashboard']);
    fireEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(window.location.pathname).toBe('/analytics');
    expect(current()).toEqual(['Analytics']);
  });

  it('opens an agent’s profile on its overview, and marks Profile on any of its tabs', () => {
    window.history.replaceState(null, '', '/dashboard');
    window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'profile');
    renderNavigation('agent');
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('overview');
    expect(window.location.pathname).toBe('/profile');
    expect(current()).toEqual(['Profile']);
    // Edit Profile, opened from the overview, is still the agent's Profile.
    act(() => {
      window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'profile' }));
    });
    expect(current()).toEqual(['Profile']);
  });
});
