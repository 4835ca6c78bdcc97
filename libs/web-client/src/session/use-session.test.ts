import { aPublicUser } from '@listready/contracts/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '../api/api-client.ts';
import { createAppQueryClient } from '../api/query-client.ts';
import { readSession } from './session.ts';
import { sessionQuery } from './use-session.ts';

/** The browser's fetch answering every call with `status` and `body`, recording the URLs asked. */
function answerEveryCall(status: number, body: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

describe('sessionQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the session probe, not the 401-answering user resource, and caches the user', async () => {
    const user = aPublicUser({ firstName: 'Jade' });
    const asked = answerEveryCall(200, { user });
    const queryClient = createAppQueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toEqual(user);
    expect(asked).toEqual(['/api/auth/session']);
    expect(readSession(queryClient)).toEqual({ status: 'signed-in', user });
  });

  it('reads a visitor (200 with no user) as signed out', async () => {
    answerEveryCall(200, { user: null });
    const queryClient = createAppQueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toBeNull();
    expect(readSession(queryClient)).toEqual({ status: 'signed-out' });
  });

  it('never applies the logged-out redirect to the probe itself', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    answerEveryCall(401, { message: 'Unauthorized' });
    const queryClient = createAppQueryClient();
    await queryClient.prefetchQuery(sessionQuery);
    // The redirect would come this long after the answer.
    await new Promise((resolve) => setTimeout(resolve, UNAUTHORIZED_REDIRECT_DELAY_MS + 100));
    expect(readSession(queryClient)).toEqual({ status: 'signed-out' });
    expect(assign).not.toHaveBeenCalled();
  });
});
