import type { MutationOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export interface OptimisticListUpdateOptions<TItem, TVariables, TResult> {
  queryClient: QueryClient;
  /** The cached list the change shows in at once. */
  queryKey: QueryKey;
  send: (variables: TVariables) => Promise<TResult>;
  /** The list as it looks once the change is made. */
  apply: (items: TItem[], variables: TVariables) => TItem[];
  /** The list with the server's answer folded in. */
  merge?: (items: TItem[], result: TResult, variables: TVariables) => TItem[];
  /** Refetched once the call settles, success or not (spec seller §7: lists refetch after mutations). */
  refetch: readonly QueryKey[];
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

interface Snapshot<TItem> {
  previous: TItem[] | undefined;
}

/**
 * Mutation options that show a change in a cached list before the server answers and put the
 * list back as it was when the call fails.
 */
export function optimisticListUpdate<TItem, TVariables, TResult>(
  options: OptimisticListUpdateOptions<TItem, TVariables, TResult>,
): MutationOptions<TResult, Error, TVariables, Snapshot<TItem>> {
  const { queryClient, queryKey } = options;
  return {
    mutationFn: options.send,
    onMutate: async (variables) => {
      // A fetch in flight must not overwrite the optimistic list with older data.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TItem[]>(queryKey);
      if (previous) queryClient.setQueryData<TItem[]>(queryKey, options.apply(previous, variables));
      return { previous };
    },
    onError: (error, variables, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData<TItem[]>(queryKey, snapshot.previous);
      options.onError?.(error, variables);
    },
    onSuccess: (result, variables) => {
      const { merge } = options;
      if (merge) {
        queryClient.setQueryData<TItem[]>(queryKey, (items) =>
          items ? merge(items, result, variables) : items,
        );
      }
      options.onSuccess?.(result, variables);
    },
    onSettled: async () => {
      await Promise.all(options.refetch.map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  };
}
