import { describe, expect, it, vi } from 'vitest';
import { createAppQueryClient, SESSION_QUERY_KEY } from '@listready/web-client';
import { buildJourneyContractsWhenSignedIn } from './build-journey-contracts.ts';

const USER = {
  id: 'user-1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Seller',
  role: 'client',
};

describe('the journey contracts built ahead for a signed-in user', () => {
  it('once the session says someone is signed in, in a task of its own', async () => {
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, USER);
    const scheduled: (() => void)[] = [];
    const load = vi.fn(async () => ({}));
    await buildJourneyContractsWhenSignedIn(queryClient, { schedule: (task) => scheduled.push(task), load });
    // Not in the task that learnt of the session: that one also renders the page.
    expect(load).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(1);
    scheduled[0]?.();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not for a visitor, whether the session said so or the probe failed', async () => {
    const load = vi.fn(async () => ({}));
    const schedule = (task: () => void) => task();
    const visitor = createAppQueryClient();
    visitor.setQueryData(SESSION_QUERY_KEY, null);
    await buildJourneyContractsWhenSignedIn(visitor, { schedule, load });
    // Signed out, the session probe answers 401 (a failed query).
    const fetch = vi.fn(async () =>
      Response.json({ error: 'Not signed in', code: 'UNAUTHORIZED' }, { status: 401 }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      await buildJourneyContractsWhenSignedIn(createAppQueryClient(), { schedule, load });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });
});
