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
 * no refetch on focus, never stale, no retries for queries or mutations; and offline-first, so a
 * request is tried even offline (the service worker answers some).
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        // Asked even when the browser says it is offline: the service worker may answer from what it
        // kept (the journey, the session). The default ('online') would wait for the network instead.
        networkMode: 'offlineFirst',
      },
      // Sent even offline: a completion made then is kept on the device by the journey (its own
      // mutation decides), and any other change fails at once with its error instead of waiting.
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
