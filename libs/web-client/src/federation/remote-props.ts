import type { QueryClient } from '@tanstack/react-query';

/**
 * What the shell hands every remote when single-spa mounts it: the one QueryClient (so logout
 * clears every cache) and the element to render into.
 */
export interface RemoteCustomProps {
  queryClient: QueryClient;
  domElementGetter: () => HTMLElement;
}

/**
 * What the shell hands a remote's `prepare` (exported beside its lifecycles, optional) when the user
 * is about to open a page the remote draws (route-intent.ts): the page's address and the one
 * QueryClient, to start that page's reads (and code) that are not here yet. Called whether or not
 * the remote is mounted, and again at every sign of the same intent.
 */
export interface RemotePrepareProps {
  url: URL;
  queryClient: QueryClient;
}
