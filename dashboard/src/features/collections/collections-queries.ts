import {
  type Collection,
  collectionsListResponseSchema,
  createCollectionResponseSchema,
  deletedIdResponseSchema,
  renameCollectionResponseSchema,
} from '@reachly/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/collections: the organisation's collections with their counts. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: ['collections'] as const,
    queryFn: ({ signal }): Promise<Collection[]> =>
      api('/api/collections', { signal }, collectionsListResponseSchema),
  });

/** POST /api/collections {name}: the new collection with its id (409 when the name is taken). */
export const createCollection = (name: string) =>
  api('/api/collections', { method: 'POST', json: { name } }, createCollectionResponseSchema);

/** PATCH /api/collections/:id {name} (409 when another collection has that name). */
export const renameCollection = (id: number, name: string) =>
  api(`/api/collections/${id}`, { method: 'PATCH', json: { name } }, renameCollectionResponseSchema);

/** DELETE /api/collections/:id: the collection and its leads. */
export const deleteCollection = (id: number) =>
  api(`/api/collections/${id}`, { method: 'DELETE' }, deletedIdResponseSchema);
