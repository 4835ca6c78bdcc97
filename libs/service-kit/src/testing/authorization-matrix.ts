import type { App } from '../create-service.ts';
import { SESSION_COOKIE } from '../session.ts';

/**
 * The callers every route is tried as (the authorization tests of each service and of the whole
 * platform): the seller (A), a member of A's household, a seller outside it (B), A's agent, another
 * agent, and nobody signed in.
 */
export const CALLERS = ['anonymous', 'seller', 'member', 'otherSeller', 'agent', 'otherAgent'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;
export type ExpectedStatuses = Record<Caller, number>;

/** The expected status of each caller, in CALLERS order. */
export function statuses(...codes: number[]): ExpectedStatuses {
  if (codes.length !== CALLERS.length) throw new Error(`statuses() needs ${CALLERS.length} codes`);
  return Object.fromEntries(CALLERS.map((caller, index) => [caller, codes[index]])) as ExpectedStatuses;
}

/** One attempt of a row: where, what, and (rarely) a session of the caller's other than their usual one. */
export interface AuthorizationRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A session cookie value of this caller to use instead of their usual one (a call that ends it). */
  session?: string;
}

export interface AuthorizationRow {
  /** As the service registers it: `PUT /api/client-tasks/:id`. */
  route: string;
  /** What this row tries, when a route has several. */
  what?: string;
  /** The request of one attempt (a fresh target where the call consumes it), made for `caller`. */
  request: (caller: Caller) => AuthorizationRequest | Promise<AuthorizationRequest>;
  expected: ExpectedStatuses;
}

/** A read changes nothing (GET); a write is every other method. */
export type AccessKind = 'read' | 'write';
export const kindOf = (row: Pick<AuthorizationRow, 'route'>): AccessKind =>
  row.route.startsWith('GET ') ? 'read' : 'write';
export const methodOf = (row: Pick<AuthorizationRow, 'route'>): string => row.route.split(' ')[0] ?? 'GET';

/** Every `/api` route the app registered, as `METHOD /path` (HEAD left out). */
export function registeredApiRoutes(app: App): Set<string> {
  return new Set(
    app.registeredRoutes
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`),
  );
}

/** The routes of `rows`, to compare with `registeredApiRoutes` (a route without a row fails). */
export const routesOf = (rows: readonly AuthorizationRow[]): Set<string> =>
  new Set(rows.map((row) => row.route));

/** One request as a caller sends it: `session` is their cookie value, absent for nobody signed in. */
export interface AuthorizationAttempt {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  session?: string;
}
/** Sends an attempt somewhere (a service's `inject`, the gateway over HTTP) and answers its status. */
export type SendAttempt = (attempt: AuthorizationAttempt) => Promise<{ status: number; body: string }>;

/** Attempts sent into one service with `app.inject` (no network). */
export const injectInto =
  (app: App): SendAttempt =>
  async ({ method, url, payload, headers, session }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(headers ? { headers } : {}),
      ...(session === undefined ? {} : { cookies: { [SESSION_COOKIE]: session } }),
    });
    return { status: response.statusCode, body: response.body };
  };

/**
 * Tries every row as every caller; one line per answer that differs from the expected status.
 * `target` is a service (its answers through `app.inject`) or any sender (the platform over HTTP).
 */
export async function authorizationFailures(
  target: App | SendAttempt,
  users: Record<SignedInCaller, { cookie: string }>,
  rows: readonly AuthorizationRow[],
): Promise<string[]> {
  const send = typeof target === 'function' ? target : injectInto(target);
  const failures: string[] = [];
  for (const row of rows) {
    for (const caller of CALLERS) {
      const { url, payload, headers, session } = await row.request(caller);
      const answer = await send({
        method: methodOf(row),
        url,
        ...(payload === undefined ? {} : { payload }),
        ...(headers ? { headers } : {}),
        ...(caller === 'anonymous' ? {} : { session: session ?? users[caller].cookie }),
      });
      if (answer.status !== row.expected[caller]) {
        const label = row.what ? `${row.route} (${row.what})` : row.route;
        failures.push(
          `${label} as ${caller}: ${answer.status}, expected ${row.expected[caller]} — ${answer.body.slice(0, 200)}`,
        );
      }
    }
  }
  return failures;
}
