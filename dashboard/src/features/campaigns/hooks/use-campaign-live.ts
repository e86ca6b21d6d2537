import type { RealtimePayload } from '@reachly/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { useShowProfileStartError } from '../../license/state/profile-start-error.ts';
import { campaignFunnelKey, campaignLogsKey, campaignProfilesKey } from '../campaigns-queries.ts';
import { type LogPages, prependLog } from '../utils/log-pages.ts';

export type CampaignNotice = RealtimePayload<'campaign-notice'> & { key: number };

/** Notices kept on screen, newest first. */
export const NOTICES_MAX = 50;
/** Pushes come in bursts: the per-profile table and the charts refresh at most this often. */
export const REFRESH_DELAY_MS = 500;

/**
 * Keeps the run view live: campaign-log-created rows of this campaign go on top of the log (a
 * LAUNCH_FAILED row opens PROFILE_START_ERROR_POPUP), campaign-notice adds to the notices, and
 * campaign-run-update / profile-handled / notices refresh the per-profile table; new rows refresh
 * the charts.
 */
export function useCampaignLive(campaignId: number, profileIds: readonly number[]) {
  const queryClient = useQueryClient();
  const showStartError = useShowProfileStartError();
  const [notices, setNotices] = useState<CampaignNotice[]>([]);
  const noticeKey = useRef(0);
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
    noticeKey.current += 1;
    const key = noticeKey.current;
    setNotices((list) => [{ ...notice, key }, ...list].slice(0, NOTICES_MAX));
    refreshSoon(campaignProfilesKey(campaignId));
  });
  useRealtimeEvent('campaign-run-update', (update) => {
    if (update.campaignId === campaignId) refreshSoon(campaignProfilesKey(campaignId));
  });
  useRealtimeEvent('profile-handled', ({ profileId }) => {
    if (profileIds.includes(profileId)) refreshSoon(campaignProfilesKey(campaignId));
  });

  return { notices };
}
