import { contract } from '@reachly/shared/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export interface ReportFilters {
  from: string;
  to: string;
  /** The IANA zone whose days the report counts: the browser's. */
  timeZone: string;
  campaignId?: number | undefined;
  profileId?: number | undefined;
}

/** GET /api/reports?from&to&timeZone[&campaignId][&profileId]: the report over the user's days; the last one stays shown while the next loads. */
export const reportQuery = (filters: ReportFilters) =>
  queryOptions({
    queryKey: ['reports', filters] as const,
    queryFn: ({ signal }) => call(contract.reports.get, { query: { ...filters } }, { signal }),
    placeholderData: keepPreviousData,
  });
