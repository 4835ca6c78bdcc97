import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { createAppQueryClient } from '../api/query-client.ts';
import { SIGNING_OUT_EVENT, type SigningOutDetail } from '../analytics/track-usage.ts';
import { SESSION_QUERY_KEY } from './session.ts';
import { useLogout, type LogoutOptions } from './use-session.ts';

function answerLogout(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function logOut(options?: LogoutOptions) {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { id: 'u1' });
  queryClient.setQueryData(['/api/agents/current'], { id: 'a1' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useLogout(options), { wrapper });
  act(() => result.current.mutate());
  await waitFor(() => expect(['success', 'error']).toContain(result.current.status), { timeout: 3_000 });
  return queryClient;
}

describe('useLogout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('drops every cached query and goes to / once the server has ended the session', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const fetch = answerLogout(200, { message: 'Logged out' });
    const queryClient = await logOut();
    expect(fetch).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/agents/current'])).toBeUndefined();
    expect(window.location.pathname).toBe('/');
  });

  it('first announces the sign-out and waits for what must still go with the session', async () => {
    const order: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      order.push(url);
      return new Response(JSON.stringify({ message: 'Logged out' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const listener = (event: Event) =>
      (event as CustomEvent<SigningOutDetail>).detail.waitUntil(
        new Promise<void>((resolve) =>
          setTimeout(() => {
            order.push('session end sent');
            resolve();
          }, 50),
        ),
      );
    window.addEventListener(SIGNING_OUT_EVENT, listener);
    try {
      await logOut();
    } finally {
      window.removeEventListener(SIGNING_OUT_EVENT, listener);
    }
    expect(order).toEqual(['session end sent', '/api/logout']);
  });

  it('does not wait more than a second for it', async () => {
    const fetch = answerLogout(200, { message: 'Logged out' });
    const listener = (event: Event) =>
      (event as CustomEvent<SigningOutDetail>).detail.waitUntil(new Promise(() => undefined));
    window.addEventListener(SIGNING_OUT_EVENT, listener);
    const started = performance.now();
    try {
      await logOut();
    } finally {
      window.removeEventListener(SIGNING_OUT_EVENT, listener);
    }
    expect(fetch).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('on a failure stays by default, with the seller’s toast', async () => {
    window.history.replaceState(null, '', '/journey');
    answerLogout(500, { message: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    const queryClient = await logOut();
    expect(getToasts().map(({ title }) => title)).toEqual(['Failed to log out']);
    expect(window.location.pathname).toBe('/journey');
    expect(queryClient.getQueryData(['/api/agents/current'])).toEqual({ id: 'a1' });
  });

  it('on a failure goes to / all the same when asked (the agent’s rule), with its toast', async () => {
    window.history.replaceState(null, '', '/dashboard');
    answerLogout(500, '');
    await logOut({ onFailure: 'leave' });
    expect(getToasts().map(({ title, description }) => [title, description])).toEqual([
      ['Logout failed', 'Logout failed'],
    ]);
    expect(window.location.pathname).toBe('/');
  });
});
