import { contract } from '@reachly/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** GET /api/collections: the organisation's collections with their counts. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: ['collections'] as const,
    queryFn: ({ signal }) => call(contract.collections.list, {}, { signal }),
  });

/** POST /api/collections {name}: the new collection with its id (409 when the name is taken). */
export const createCollection = (name: string) => call(contract.collections.create, { body: { name } });

/** PATCH /api/collections/:id {name} (409 when another collection has that name). */
export const renameCollection = (id: number, name: string) =>
  call(contract.collections.rename, { params: { id }, body: { name } });

/** DELETE /api/collections/:id: the collection and its leads. */
export const deleteCollection = (id: number) => call(contract.collections.remove, { params: { id } });
