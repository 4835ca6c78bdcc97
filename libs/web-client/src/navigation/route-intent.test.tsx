import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLink } from './app-link.tsx';
import { announceRouteIntent, onAnyRouteIntent, onRouteIntent, routeIntentHandlers } from './route-intent.ts';

describe('route intent', () => {
  const stops: Array<() => void> = [];
  const listen = (pathname: string) => {
    const prepare = vi.fn();
    stops.push(onRouteIntent(pathname, prepare));
    return prepare;
  };
  beforeEach(() => window.history.replaceState(null, '', '/journey'));
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    cleanup();
  });

  it('reaches the page’s listener only, by its path whatever the query or hash', () => {
    const profile = listen('/profile');
    const journey = listen('/journey');
    announceRouteIntent('/profile?tab=groups#top');
    announceRouteIntent(`${window.location.origin}/profile`);
    expect(profile).toHaveBeenCalledTimes(2);
    expect(journey).not.toHaveBeenCalled();
    // Another site's /profile is nothing of ours.
    announceRouteIntent('https://elsewhere.example/profile');
    expect(profile).toHaveBeenCalledTimes(2);
  });

  it('hands over the page’s address with its query (which journey), without its hash', () => {
    const pages: string[] = [];
    stops.push(onAnyRouteIntent((url) => pages.push(`${url.pathname}${url.search}${url.hash}`)));
    const journey = listen('/journey');
    announceRouteIntent('/journey?clientId=client-7#tasks');
    announceRouteIntent('/profile');
    expect(pages).toEqual(['/journey?clientId=client-7', '/profile']);
    expect(journey).toHaveBeenCalledTimes(1);
    expect(String(journey.mock.calls[0]?.[0])).toBe(`${window.location.origin}/journey?clientId=client-7`);
  });

  it('stops once unsubscribed', () => {
    const prepare = vi.fn();
    const stop = onRouteIntent('/profile', prepare);
    stop();
    announceRouteIntent('/profile');
    expect(prepare).not.toHaveBeenCalled();
  });

  it('is announced by a button’s pointer, press and focus', () => {
    const profile = listen('/profile');
    render(
      <button type="button" {...routeIntentHandlers('/profile')}>
        Profile
      </button>,
    );
    const button = screen.getByRole('button', { name: 'Profile' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    fireEvent.focus(button);
    expect(profile).toHaveBeenCalledTimes(3);
  });

  it('is announced by an in-app link, whose own handlers still run; not by one opening elsewhere', () => {
    const profile = listen('/profile');
    const ownFocus = vi.fn();
    render(
      <>
        <AppLink href="/profile" onFocus={ownFocus}>
          My profile
        </AppLink>
        <AppLink href="/profile" target="_blank">
          In a new tab
        </AppLink>
      </>,
    );
    const link = screen.getByRole('link', { name: 'My profile' });
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(profile).toHaveBeenCalledTimes(2);
    expect(ownFocus).toHaveBeenCalledOnce();
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'In a new tab' }));
    expect(profile).toHaveBeenCalledTimes(2);
  });
});
