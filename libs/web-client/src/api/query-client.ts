import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ApiClient, RequestOptions } from './api-client.ts';

/** Default reads: the query key's parts joined with a slash, GET, JSON (spec seller §7). */
export function createQueryFunction(
  client: ApiClient,
  on401: RequestOptions['on401'] = 'redirect',
): QueryFunction {
  return ({ queryKey, signal }) => client.request('GET', queryKey.join('/'), undefined, { on401, signal });
}

/**
 * The one QueryClient (DESIGN.md §6): the shell creates it and hands it to every remote, so a
 * logout's `clear()` empties every screen's cache. Defaults are the spec's: no refetch interval,
 * no refetch on focus, never stale, no retries for queries or mutations.
 */
export function createAppQueryClient(client: ApiClient): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createQueryFunction(client),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
