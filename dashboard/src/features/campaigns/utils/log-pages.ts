import type { CampaignLog, CampaignLogsResponse } from '@reachly/shared/schemas';
import type { InfiniteData } from '@tanstack/react-query';

export type LogPages = InfiniteData<CampaignLogsResponse, number>;

/**
 * A pushed campaign-log-created row put on top of the log (newest first, by id). A row already
 * shown is not added twice; before the first page arrived there is nothing to add to (the fetch
 * brings it).
 */
export function prependLog(data: LogPages | undefined, log: CampaignLog): LogPages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  if (data.pages.some((page) => page.logs.some((l) => l.id === log.id))) return data;
  const logs = [log, ...first.logs].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, logs }, ...rest] };
}
