import { LEADS_FIRST_LAST_ID } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { CollectionId } from '@reachly/shared/logic';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { nextLeadsPageParam } from './utils/leads-pages.ts';

/** Which leads a list shows: one collection (or all) and one side of the excluded toggle. */
export interface LeadsFilter {
  collectionId: CollectionId;
  isExcluded: boolean;
}

/** Every leads list (any collection, either side of the toggle). */
export const ALL_LEADS_KEY = ['leads'] as const;

export const leadsQueryKey = (filter: LeadsFilter) => ['leads', filter] as const;

/**
 * GET /api/leads?collectionId&lastId&isExcluded (spec §7): keyset pages, lastId -1 first. A next page
 * exists only under the load-more rule of spec §5 (nextLeadsPageParam).
 */
export const leadsQuery = (filter: LeadsFilter) =>
  infiniteQueryOptions({
    queryKey: leadsQueryKey(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        contract.leads.list,
        { query: { collectionId: filter.collectionId, lastId: pageParam, isExcluded: filter.isExcluded } },
        { signal },
      ),
    initialPageParam: LEADS_FIRST_LAST_ID as number,
    getNextPageParam: nextLeadsPageParam,
  });
