import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { PublicUser } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import { dismissToast, getToasts } from '@listready/ui';
import {
  createAppQueryClient,
  RenderedSearchProvider,
  SESSION_QUERY_KEY,
  type SessionUser,
} from '@listready/web-client';

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

/** `screen` for a visitor (the session known: signed out), its query string `search`. */
function signedOut(screen: ReactElement, search: string): ReactElement {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  return (
    <QueryClientProvider client={queryClient}>
      <RenderedSearchProvider value={search}>{screen}</RenderedSearchProvider>
    </QueryClientProvider>
  );
}

export interface DrawnPage {
  /** The page's root, holding the HTML as drawn. */
  container: HTMLDivElement;
  /** Hydrates it with the address's query, as `bootstrap.tsx` does; answers React's recoverable errors (a mismatch). */
  hydrate(): Promise<unknown[]>;
  /** Unmounts it and takes it out of the document. */
  remove(): void;
}

/**
 * A visitor's screen as the build draws it (rendered to HTML for the query `drawnFor`), in the
 * document at the address `opened`, ready to be typed into and then hydrated.
 */
export function drawPage(
  screen: ReactElement,
  { drawnFor, opened }: { drawnFor: string; opened: string },
): DrawnPage {
  const container = document.createElement('div');
  container.innerHTML = renderToString(signedOut(screen, drawnFor));
  document.body.append(container);
  window.history.replaceState(null, '', opened);
  let root: Root | undefined;
  return {
    container,
    async hydrate() {
      const recoverableErrors: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(container, signedOut(screen, window.location.search), {
          onRecoverableError: (error) => recoverableErrors.push(error),
        });
      });
      return recoverableErrors;
    },
    remove() {
      act(() => root?.unmount());
      container.remove();
    },
  };
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
