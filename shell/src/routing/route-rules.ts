import type { RemoteName } from '@listready/contracts/remotes';
import type { Session, UserRole } from '@listready/web-client';

export type ShellScreen =
  'landing' | 'auth' | 'forgot-password' | 'reset-password' | 'accept-invitation' | 'not-found';

export type ResolvedRoute =
  { kind: 'loading' } | { kind: 'shell'; screen: ShellScreen } | { kind: 'remote'; app: RemoteName };

type Access = 'everyone' | 'signed-in' | 'agent';

interface RouteRule {
  access: Access;
  /** Which remote (or shell screen) renders the page once access is granted. */
  target: { app: RemoteName } | { screen: ShellScreen };
  /** What a visitor (signed out) sees at a signed-in page, instead of the landing page. */
  visitor?: ShellScreen;
}

/**
 * The spec's route tables (seller §2, agent §2) as data. `/` is not here: it depends on the role.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  '/auth': { access: 'everyone', target: { screen: 'auth' } },
  '/forgot-password': { access: 'everyone', target: { screen: 'forgot-password' } },
  '/reset-password': { access: 'everyone', target: { screen: 'reset-password' } },
  // A visitor is asked to sign in first by the shell (a prerendered page); an account accepts in the remote.
  '/accept-invitation': {
    access: 'signed-in',
    target: { app: 'mfe-agent' },
    visitor: 'accept-invitation',
  },
  '/journey': { access: 'signed-in', target: { app: 'mfe-seller' } },
  '/profile': { access: 'signed-in', target: { app: 'mfe-seller' } },
  '/icons': { access: 'signed-in', target: { app: 'mfe-seller' } },
  '/dashboard': { access: 'agent', target: { app: 'mfe-agent' } },
  '/client-demo': { access: 'agent', target: { app: 'mfe-agent' } },
  '/google-setup': { access: 'agent', target: { app: 'mfe-agent' } },
  '/google-manual': { access: 'agent', target: { app: 'mfe-agent' } },
  '/analytics': { access: 'agent', target: { app: 'mfe-analytics' } },
};

/** A path as the rules take it: without trailing slashes (`/` itself stays). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}

/** The remote a signed-in user's `/` is: an agent's dashboard, everyone else's journey. */
export function rootRemoteOf(role: UserRole): RemoteName {
  return role === 'agent' ? 'mfe-agent' : 'mfe-seller';
}

function render(target: RouteRule['target']): ResolvedRoute {
  return 'app' in target ? { kind: 'remote', app: target.app } : { kind: 'shell', screen: target.screen };
}

/**
 * What a path shows for a session. Signed out, every protected route shows the landing page (or
 * its own visitor's screen: `/accept-invitation`); a
 * client on an agent-only route gets the not-found page (rendered in place, no redirect); unknown
 * paths are not found; pages whose outcome depends on the session wait for it (the spinner).
 */
export function resolveRoute(pathname: string, session: Session): ResolvedRoute {
  const path = normalisePath(pathname);

  if (path === '/') {
    if (session.status === 'loading') return { kind: 'loading' };
    if (session.status === 'signed-out') return { kind: 'shell', screen: 'landing' };
    return { kind: 'remote', app: rootRemoteOf(session.user.role) };
  }

  const rule = ROUTE_RULES[path];
  if (!rule) return { kind: 'shell', screen: 'not-found' };
  if (rule.access === 'everyone') return render(rule.target);

  if (session.status === 'loading') return { kind: 'loading' };
  if (session.status === 'signed-out') return { kind: 'shell', screen: rule.visitor ?? 'landing' };
  if (rule.access === 'agent' && session.user.role !== 'agent') return { kind: 'shell', screen: 'not-found' };
  return render(rule.target);
}

/** single-spa activity: is this remote the one that renders the path for the session? */
export function isRemoteActive(app: RemoteName, pathname: string, session: Session): boolean {
  const route = resolveRoute(pathname, session);
  return route.kind === 'remote' && route.app === app;
}
