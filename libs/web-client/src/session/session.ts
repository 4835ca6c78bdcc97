import type { QueryClient, QueryState } from '@tanstack/react-query';
import type { PublicUser } from '@listready/contracts/auth';

export type UserRole = PublicUser['role'];

/** The part of the session's user (the contracts' PublicUser) the shell and the remotes rely on. */
export type SessionUser = Pick<
  PublicUser,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'profileImageUrl'
>;

export type Session =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

/** The session probe: 200 `{ user }` or `{ user: null }` — a visitor is no error (`/api/auth/user` answers 401). */
export const SESSION_URL = '/api/auth/session';
export const SESSION_QUERY_KEY = [SESSION_URL] as const;

/**
 * The session as the route rules see it. A user (parsed with its contract on the way in) means
 * signed in; no user or any failure, a body the contract refuses included, means signed out —
 * the visitor gets the public pages rather than a broken screen.
 */
export function sessionFromQueryState(
  state: Pick<QueryState<SessionUser | null>, 'status' | 'data'> | undefined,
): Session {
  if (!state || state.status === 'pending') return { status: 'loading' };
  if (state.status === 'success' && state.data) return { status: 'signed-in', user: state.data };
  return { status: 'signed-out' };
}

/** The session read straight from the cache, for code outside React (single-spa activity functions). */
export function readSession(queryClient: QueryClient): Session {
  return sessionFromQueryState(queryClient.getQueryState<SessionUser | null>(SESSION_QUERY_KEY));
}
