import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { PublicUser } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import { dismissToast, getToasts } from '@listready/ui';
import { createAppQueryClient, SESSION_QUERY_KEY, type SessionUser } from '@listready/web-client';

/** Test support for the account screens: a real QueryClient and API client over a scripted fetch. */

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export type ScriptedAnswers = Record<string, () => Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A user as the auth service answers it (the whole contract: the client parses every answer). */
export function sessionUser(role: SessionUser['role'], firstName = 'Ann'): PublicUser {
  return aPublicUser({ id: `user-${role}`, email: 'ann@example.com', firstName, lastName: 'Lee', role });
}

/** Answers `"<METHOD> <url>"` from the script (404 otherwise) and records every call. */
export function scriptApi(answers: ScriptedAnswers): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[`${method} ${url}`];
      return answer ? answer() : json(404, { message: 'Not found' });
    }),
  );
  return calls;
}

/** Renders a screen at `url` with the session already known (null = signed out). */
export function renderAt(
  url: string,
  screen: ReactElement,
  session: SessionUser | null = null,
): { queryClient: QueryClient } {
  window.history.replaceState(null, '', url);
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  render(<QueryClientProvider client={queryClient}>{screen}</QueryClientProvider>);
  return { queryClient };
}

export const currentLocation = () => `${window.location.pathname}${window.location.search}`;

export const latestToast = () => getToasts()[0];

export function useAccountScreenCleanup(): void {
  afterEach(() => {
    cleanup();
    for (const entry of getToasts()) dismissToast(entry.id);
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}
