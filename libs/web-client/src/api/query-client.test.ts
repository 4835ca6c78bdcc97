import { describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from './api-client.ts';
import { apiQuery, createAppQueryClient } from './query-client.ts';

function fakeClient(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  return { client: { request: request as ApiClient['request'] }, request };
}

const groups = z.array(z.object({ id: z.string() }));

describe('createAppQueryClient', () => {
  it('has the spec defaults: never stale, no refetch on focus or interval, no retries', () => {
    const { queries, mutations } = createAppQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('asks even while the browser says it is offline (the service worker may answer), reads and writes', async () => {
    onlineManager.setOnline(false);
    try {
      const queryClient = createAppQueryClient();
      const read = await Promise.race([
        queryClient.fetchQuery({ queryKey: ['/api/x'], queryFn: async () => 'kept answer' }),
        new Promise((resolve) => setTimeout(() => resolve('paused'), 200)),
      ]);
      expect(read).toBe('kept answer');
      const write = await Promise.race([
        queryClient
          .getMutationCache()
          .build(queryClient, { mutationFn: async () => 'sent' })
          .execute(undefined),
        new Promise((resolve) => setTimeout(() => resolve('paused'), 200)),
      ]);
      expect(write).toBe('sent');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('has no default read, so no query can skip its contract', async () => {
    await expect(createAppQueryClient().fetchQuery({ queryKey: ['/api/user-groups'] })).rejects.toThrow();
  });
});

describe('apiQuery', () => {
  it('reads its URL with GET and its schema, keyed by the URL', async () => {
    const { client, request } = fakeClient(async () => [{ id: 'g1' }]);
    const query = apiQuery(client, '/api/user-groups', groups);
    expect(query.queryKey).toEqual(['/api/user-groups']);
    await expect(createAppQueryClient().fetchQuery(query)).resolves.toEqual([{ id: 'g1' }]);
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/api/user-groups',
      groups,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('does not retry a failed read', async () => {
    const { client, request } = fakeClient(async () => {
      throw new Error('500: boom');
    });
    await expect(createAppQueryClient().fetchQuery(apiQuery(client, '/api/x', groups))).rejects.toThrow(
      '500: boom',
    );
    expect(request).toHaveBeenCalledTimes(1);
  });
});
