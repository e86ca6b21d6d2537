import { type Collection, collectionsListResponseSchema } from '@reachly/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/collections: the organisation's collections with their counts. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: ['collections'] as const,
    queryFn: ({ signal }): Promise<Collection[]> =>
      api('/api/collections', { signal }, collectionsListResponseSchema),
  });
