import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { createAppQueryClient } from './query-client.ts';

function fakeClient(answer: unknown) {
  const request = vi.fn(async () => answer);
  const client: ApiClient = { request: request as ApiClient['request'], handleUnauthorized: () => false };
  return { client, request };
}

describe('createAppQueryClient', () => {
  it('has the spec defaults: never stale, no refetch on focus or interval, no retries', () => {
    const queryClient = createAppQueryClient(fakeClient(null).client);
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('reads by joining the query key with slashes, GET, through the one client', async () => {
    const { client, request } = fakeClient([{ id: 'g1' }]);
    const queryClient = createAppQueryClient(client);
    const data = await queryClient.fetchQuery({ queryKey: ['/api/agents', 'a1', 'clients'] });
    expect(data).toEqual([{ id: 'g1' }]);
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/api/agents/a1/clients',
      undefined,
      expect.objectContaining({ on401: 'redirect' }),
    );
  });

  it('does not retry a failed read', async () => {
    const request = vi.fn(async () => {
      throw new Error('500: boom');
    });
    const queryClient = createAppQueryClient({
      request: request as ApiClient['request'],
      handleUnauthorized: () => false,
    });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/x'] })).rejects.toThrow('500: boom');
    expect(request).toHaveBeenCalledTimes(1);
  });
});
