import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from './api-client.ts';

/**
 * A read for `useQuery`: keyed by its URL, answered through the client with the answer parsed by
 * its contract. There is no default query function, so no read can skip the contract.
 */
export function apiQuery<Schema extends z.ZodType>(client: ApiClient, url: string, schema: Schema) {
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => client.request('GET', url, schema, { signal }),
  });
}

/**
 * The one QueryClient (DESIGN.md §6): the shell creates it and hands it to every remote, so a
 * logout's `clear()` empties every screen's cache. Defaults are the spec's: no refetch interval,
 * no refetch on focus, never stale, no retries for queries or mutations.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
