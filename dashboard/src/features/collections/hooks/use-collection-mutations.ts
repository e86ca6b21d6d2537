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
 * A collection saved by name: the server's answer enters the cached list at once (`merge`), which is
 * fetched again afterwards. Its errors (a taken name answers 409) are rethrown to the form that
 * shows them (spec §8).
 */
function useSaveCollection<V>(
  save: (vars: V) => Promise<Collection>,
  merge: (list: Collection[], saved: Collection) => Collection[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData<Collection[]>(collectionsQuery().queryKey, (old) => old && merge(old, saved));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsQuery().queryKey }),
  });
}

/** Create: the new collection joins the cached list. */
export const useCreateCollection = () =>
  useSaveCollection(
    (name: string) => createCollection(name),
    (list, created) => [...list.filter((c) => c.id !== created.id), created],
  );

/** Rename: the renamed collection replaces its old self in the cached list. */
export const useRenameCollection = () =>
  useSaveCollection(
    ({ id, name }: { id: number; name: string }) => renameCollection(id, name),
    (list, renamed) => list.map((c) => (c.id === renamed.id ? renamed : c)),
  );

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
