import { contract } from '@reachly/shared/contract';
import type { CollectionId } from '@reachly/shared/logic';
import type { LeadsSort } from '@reachly/shared/schemas';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { nextLeadsPageParam } from './utils/leads-pages.ts';

/** Which leads a list shows: one collection (or all), one side of the excluded toggle, a search, a sort. */
export interface LeadsFilter {
  collectionId: CollectionId;
  isExcluded: boolean;
  /** The search box, trimmed; empty = no search. */
  search: string;
  sort: LeadsSort;
}

/** Every leads list (any collection, either side of the toggle). */
export const ALL_LEADS_KEY = ['leads'] as const;

export const leadsQueryKey = (filter: LeadsFilter) => ['leads', filter] as const;

/**
 * GET /api/leads?collectionId&isExcluded&search&sort&cursor: keyset pages in the chosen sort, each
 * answer naming the next page's cursor. A next page exists only under the load-more rule of spec
 * §5 (nextLeadsPageParam).
 */
export const leadsQuery = (filter: LeadsFilter) =>
  infiniteQueryOptions({
    queryKey: leadsQueryKey(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        contract.leads.list,
        {
          query: {
            collectionId: filter.collectionId,
            isExcluded: filter.isExcluded,
            sort: filter.sort,
            ...(filter.search === '' ? {} : { search: filter.search }),
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextLeadsPageParam,
  });
