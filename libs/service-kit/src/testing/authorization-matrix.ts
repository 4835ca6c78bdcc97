import type { App } from '../create-service.ts';
import { as } from './accounts.ts';

/**
 * The callers every route is tried as (the authorization tests of each service): the seller (A), a
 * member of A's household, a seller outside it (B), A's agent, another agent, and nobody signed in.
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

export interface AuthorizationRow {
  /** As the service registers it: `PUT /api/client-tasks/:id`. */
  route: string;
  /** What this row tries, when a route has several. */
  what?: string;
  /** The request of one attempt (a fresh target where the call consumes it). */
  request: () =>
    | { url: string; payload?: unknown; headers?: Record<string, string> }
    | Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
  expected: ExpectedStatuses;
}

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

/** Tries every row as every caller; one line per answer that differs from the expected status. */
export async function authorizationFailures(
  app: App,
  users: Record<SignedInCaller, { cookie: string }>,
  rows: readonly AuthorizationRow[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const row of rows) {
    const method = (row.route.split(' ')[0] ?? 'GET') as 'GET';
    for (const caller of CALLERS) {
      const { url, payload, headers } = await row.request();
      const response = await app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(headers ? { headers } : {}),
        ...(caller === 'anonymous' ? {} : as(users[caller])),
      });
      if (response.statusCode !== row.expected[caller]) {
        const label = row.what ? `${row.route} (${row.what})` : row.route;
        failures.push(
          `${label} as ${caller}: ${response.statusCode}, expected ${row.expected[caller]} — ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
  return failures;
}
