import { describe, expect, it } from 'vitest';
import type { Session, SessionUser } from '@listready/web-client';
import { isRemoteActive, resolveRoute, type ResolvedRoute } from './route-rules.ts';

const person = (role: SessionUser['role']): Session => ({
  status: 'signed-in',
  user: { id: 'u1', email: 'x@example.com', firstName: 'X', lastName: 'Y', role, profileImageUrl: null },
});

const loading: Session = { status: 'loading' };
const signedOut: Session = { status: 'signed-out' };
const client = person('client');
const agent = person('agent');

const landing: ResolvedRoute = { kind: 'shell', screen: 'landing' };
const notFound: ResolvedRoute = { kind: 'shell', screen: 'not-found' };
const seller: ResolvedRoute = { kind: 'remote', app: 'mfe-seller' };
const agentApp: ResolvedRoute = { kind: 'remote', app: 'mfe-agent' };
const analytics: ResolvedRoute = { kind: 'remote', app: 'mfe-analytics' };
const spinner: ResolvedRoute = { kind: 'loading' };

/** The spec's route tables (seller §2, agent §2): path → [signed out, client, agent]. */
const TABLE: Array<[string, ResolvedRoute, ResolvedRoute, ResolvedRoute]> = [
  ['/', landing, seller, agentApp],
  [
    '/auth',
    { kind: 'shell', screen: 'auth' },
    { kind: 'shell', screen: 'auth' },
    { kind: 'shell', screen: 'auth' },
  ],
  [
    '/forgot-password',
    { kind: 'shell', screen: 'forgot-password' },
    { kind: 'shell', screen: 'forgot-password' },
    { kind: 'shell', screen: 'forgot-password' },
  ],
  [
    '/reset-password',
    { kind: 'shell', screen: 'reset-password' },
    { kind: 'shell', screen: 'reset-password' },
    { kind: 'shell', screen: 'reset-password' },
  ],
  // A visitor is asked to sign in by the shell; a signed-in account (a seller too: refused) gets the remote.
  ['/accept-invitation', { kind: 'shell', screen: 'accept-invitation' }, agentApp, agentApp],
  ['/journey', landing, seller, seller],
  ['/profile', landing, seller, seller],
  ['/icons', landing, seller, seller],
  ['/dashboard', landing, notFound, agentApp],
  ['/client-demo', landing, notFound, agentApp],
  ['/google-setup', landing, notFound, agentApp],
  ['/google-manual', landing, notFound, agentApp],
  ['/analytics', landing, notFound, analytics],
  ['/no-such-page', notFound, notFound, notFound],
  ['/agent', notFound, notFound, notFound],
];

describe('resolveRoute', () => {
  it.each(TABLE)('%s: signed out, client, agent', (path, whenSignedOut, whenClient, whenAgent) => {
    expect(resolveRoute(path, signedOut)).toEqual(whenSignedOut);
    expect(resolveRoute(path, client)).toEqual(whenClient);
    expect(resolveRoute(path, agent)).toEqual(whenAgent);
  });

  it('shows the spinner while the session resolves, only where the answer depends on it', () => {
    for (const path of [
      '/',
      '/journey',
      '/profile',
      '/icons',
      '/dashboard',
      '/analytics',
      '/client-demo',
      '/accept-invitation',
    ]) {
      expect(resolveRoute(path, loading), path).toEqual(spinner);
    }
    expect(resolveRoute('/auth', loading)).toEqual({ kind: 'shell', screen: 'auth' });
    expect(resolveRoute('/nowhere', loading)).toEqual(notFound);
  });

  it('ignores a trailing slash but not other spellings', () => {
    expect(resolveRoute('/journey/', client)).toEqual(seller);
    expect(resolveRoute('/dashboard//', agent)).toEqual(agentApp);
    expect(resolveRoute('/journey/extra', client)).toEqual(notFound);
    expect(resolveRoute('/Journey', client)).toEqual(notFound);
  });
});

describe('isRemoteActive', () => {
  it('activates exactly the remote that renders the page', () => {
    expect(isRemoteActive('mfe-seller', '/', client)).toBe(true);
    expect(isRemoteActive('mfe-agent', '/', client)).toBe(false);
    expect(isRemoteActive('mfe-agent', '/', agent)).toBe(true);
    expect(isRemoteActive('mfe-analytics', '/analytics', client)).toBe(false);
    expect(isRemoteActive('mfe-analytics', '/analytics', agent)).toBe(true);
    expect(isRemoteActive('mfe-seller', '/journey', signedOut)).toBe(false);
    expect(isRemoteActive('mfe-seller', '/journey', loading)).toBe(false);
  });
});
