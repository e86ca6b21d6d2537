import { CAMPAIGN_NOTICE_LEVELS, type CampaignNoticeType } from '@reachly/shared/constants';
import type { RealtimePayload } from '@reachly/shared/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { useShowProfileStartError } from '../../license/state/profile-start-error.ts';
import {
  campaignFunnelKey,
  campaignLogsKey,
  campaignNoticesQuery,
  campaignProfilesKey,
  NOTICES_MAX,
} from '../campaigns-queries.ts';
import { type LogPages, prependLog } from '../utils/log-pages.ts';

export type CampaignNotice = RealtimePayload<'campaign-notice'> & { key: string };
/** Pushes come in bursts: the per-profile table and the charts refresh at most this often. */
export const REFRESH_DELAY_MS = 500;

/**
 * Keeps the run view live: campaign-log-created rows of this campaign go on top of the log (a
 * LAUNCH_FAILED row opens PROFILE_START_ERROR_POPUP), campaign-notice adds to the notices (which
 * start from the latest notice rows of the log, so a restriction shows after a reload), and
 * campaign-run-update / profile-handled / notices refresh the per-profile table; new rows refresh
 * the charts.
 */
export function useCampaignLive(campaignId: number, profileIds: readonly number[]) {
  const queryClient = useQueryClient();
  const showStartError = useShowProfileStartError();
  const [live, setLive] = useState<CampaignNotice[]>([]);
  const stored = useQuery(campaignNoticesQuery(campaignId));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const refreshSoon = useCallback(
    (queryKey: readonly unknown[]) => {
      const id = JSON.stringify(queryKey);
      if (timers.current.has(id)) return;
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          void queryClient.invalidateQueries({ queryKey });
        }, REFRESH_DELAY_MS),
      );
    },
    [queryClient],
  );

  useRealtimeEvent('campaign-log-created', (log) => {
    if (log.campaignId !== campaignId) return;
    queryClient.setQueryData<LogPages>(campaignLogsKey(campaignId), (data) => prependLog(data, log));
    if (log.type === 'LAUNCH_FAILED')
      showStartError(log.message ?? 'A profile of this campaign could not start.');
    refreshSoon(campaignFunnelKey(campaignId));
    refreshSoon(campaignProfilesKey(campaignId));
  });
  useRealtimeEvent('campaign-notice', (notice) => {
    if (notice.campaignId !== campaignId) return;
    setLive((list) => [{ ...notice, key: noticeKey(notice) }, ...list].slice(0, NOTICES_MAX));
    refreshSoon(campaignProfilesKey(campaignId));
  });
  useRealtimeEvent('campaign-run-update', (update) => {
    if (update.campaignId === campaignId) refreshSoon(campaignProfilesKey(campaignId));
  });
  useRealtimeEvent('profile-handled', ({ profileId }) => {
    if (profileIds.includes(profileId)) refreshSoon(campaignProfilesKey(campaignId));
  });

  const notices = useMemo(() => {
    const fromLog = (stored.data?.logs ?? []).flatMap((log): CampaignNotice[] =>
      isNoticeType(log.type)
        ? [
            {
              campaignId,
              profileId: log.profileId,
              level: CAMPAIGN_NOTICE_LEVELS[log.type],
              type: log.type,
              message: log.message ?? '',
              createdAt: log.createdAt,
              key: '',
            },
          ]
        : [],
    );
    // A push that arrived while the log was read is in both: show it once.
    const seen = new Set(live.map((n) => n.key));
    const older = fromLog.map((n) => ({ ...n, key: noticeKey(n) })).filter((n) => !seen.has(n.key));
    // Newest first by when they happened (a late push of an old row goes to its place).
    return [...live, ...older]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .slice(0, NOTICES_MAX);
  }, [live, stored.data, campaignId]);

  return { notices };
}

/** The same notice pushed and read from the log has the same key (the row's time is the push's). */
function noticeKey(n: Omit<CampaignNotice, 'key'>): string {
  return `${n.type}|${n.profileId}|${n.createdAt}|${n.message}`;
}

function isNoticeType(type: string): type is CampaignNoticeType {
  return Object.hasOwn(CAMPAIGN_NOTICE_LEVELS, type);
}
