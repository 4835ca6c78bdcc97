import type { QueryClient } from '@tanstack/react-query';

/**
 * What the shell hands every remote when single-spa mounts it: the one QueryClient (so logout
 * clears every cache) and the element to render into.
 */
export interface RemoteCustomProps {
  queryClient: QueryClient;
  domElementGetter: () => HTMLElement;
}
