import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that fetches the queries under `queryKey` again once it settles (saved or refused), so
 * the list on the page shows what the server now holds. `options` add the caller's own callbacks
 * (its `onSettled` runs first).
 */
export function useRefreshingMutation<V, R>(
  queryKey: QueryKey,
  mutationFn: (vars: V) => Promise<R>,
  { onSettled, ...options }: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSettled: async (...args) => {
      await onSettled?.(...args);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
