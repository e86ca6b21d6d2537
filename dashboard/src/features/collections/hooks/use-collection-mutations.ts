import type { Collection } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeadData } from '../../leads/hooks/invalidate-lead-data.ts';
import {
  collectionsQuery,
  createCollection,
  deleteCollection,
  renameCollection,
} from '../collections-queries.ts';

/**
 * Create: the new collection joins the cached list at once. Its errors (a taken name answers 409)
 * are rethrown to the form that shows them (spec §8).
 */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCollection(name),
    onSuccess: (created) => {
      queryClient.setQueryData<Collection[]>(collectionsQuery().queryKey, (old) =>
        old ? [...old.filter((c) => c.id !== created.id), created] : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsQuery().queryKey }),
  });
}

export function useRenameCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameCollection(id, name),
    onSuccess: (renamed) => {
      queryClient.setQueryData<Collection[]>(collectionsQuery().queryKey, (old) =>
        old?.map((c) => (c.id === renamed.id ? renamed : c)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsQuery().queryKey }),
  });
}

/** Delete: its leads and their conversations go too, so those lists are fetched again. */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCollection(id),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Collection[]>(collectionsQuery().queryKey, (old) =>
        old?.filter((c) => c.id !== id),
      );
    },
    onSettled: () => invalidateLeadData(queryClient),
  });
}
