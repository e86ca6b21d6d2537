import type { QueryClient } from '@tanstack/react-query';
import { collectionsQuery } from '../../collections/collections-queries.ts';
import { ALL_LEADS_KEY } from '../leads-queries.ts';

/**
 * After leads were added, imported, cleared or deleted: the collections' counts, every leads list
 * and the board's conversations (they belong to leads) are fetched again.
 */
export function invalidateLeadData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: ALL_LEADS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  ]);
}
