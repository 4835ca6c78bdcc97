import { describe, expect, it } from 'vitest';
import type { Session, SessionUser } from '@listready/web-client';
import { PAGE_NAMES, pageTitle, SITE_TITLE } from './page-titles.ts';
import { resolveRoute, ROUTE_RULES } from './route-rules.ts';

const person = (role: SessionUser['role']): Session => ({
  status: 'signed-in',
  user: { id: 'u1', email: 'x@example.com', firstName: 'X', lastName: 'Y', role, profileImageUrl: null },
});
const titleAt = (path: string, session: Session) => pageTitle(path, resolveRoute(path, session));

describe('page titles (WCAG 2.4.2: each page says what it is)', () => {
  it('names every page of the route rules, and no page that is not one', () => {
    expect(Object.keys(PAGE_NAMES).toSorted()).toEqual(Object.keys(ROUTE_RULES).toSorted());
  });

  it('gives each page its own title, the same with a trailing slash', () => {
    expect(titleAt('/journey', person('client'))).toBe('My journey · ListReady');
    expect(titleAt('/profile/', person('client'))).toBe('My profile · ListReady');
    expect(titleAt('/dashboard', person('agent'))).toBe('Dashboard · ListReady');
    expect(titleAt('/analytics', person('agent'))).toBe('Analytics · ListReady');
    expect(titleAt('/auth', { status: 'signed-out' })).toBe('Sign in · ListReady');
    expect(titleAt('/accept-invitation', { status: 'signed-out' })).toBe('Accept invitation · ListReady');
  });

  it('calls an agent’s /journey a client’s: theirs opens from the dashboard, read-only', () => {
    const agent = person('agent');
    expect(pageTitle('/journey', resolveRoute('/journey', agent), undefined, 'agent')).toBe(
      'Client journey · ListReady',
    );
    const client = person('client');
    expect(pageTitle('/journey', resolveRoute('/journey', client), undefined, 'client')).toBe(
      'My journey · ListReady',
    );
  });

  it('calls / what it shows: the landing page, a seller’s journey, an agent’s dashboard', () => {
    expect(titleAt('/', { status: 'signed-out' })).toBe(SITE_TITLE);
    expect(titleAt('/', person('client'))).toBe('My journey · ListReady');
    expect(titleAt('/', person('agent'))).toBe('Dashboard · ListReady');
  });

  it('says "Page not found" where the page is not found, also for a seller on an agent’s page', () => {
    expect(titleAt('/no-such-page', { status: 'signed-out' })).toBe('Page not found · ListReady');
    expect(titleAt('/dashboard', person('client'))).toBe('Page not found · ListReady');
  });

  it('names the profile’s tab at /profile (the bottom navigation’s Profile, Groups and Custom), and only there', () => {
    const profile = resolveRoute('/profile', person('client'));
    expect(pageTitle('/profile', profile, 'overview')).toBe('My profile · ListReady');
    expect(pageTitle('/profile', profile, 'profile')).toBe('Edit profile · ListReady');
    expect(pageTitle('/profile/', profile, 'groups')).toBe('My groups · ListReady');
    expect(pageTitle('/profile', profile, 'tasks')).toBe('Custom tasks · ListReady');
    expect(pageTitle('/journey', resolveRoute('/journey', person('client')), 'tasks')).toBe(
      'My journey · ListReady',
    );
  });

  it('keeps the site’s title while the session is asked', () => {
    expect(titleAt('/journey', { status: 'loading' })).toBe(SITE_TITLE);
  });
});
