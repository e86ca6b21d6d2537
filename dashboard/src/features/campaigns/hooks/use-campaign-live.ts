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
  campaignVariantsKey,
  NOTICES_MAX,
} from '../campaigns-queries.ts';
import { type LogPages, prependLog } from '../utils/log-pages.ts';

export type CampaignNotice = RealtimePayload<'campaign-notice'> & { key: string };
/** A notice as the run view shows it: repeats of the same notice folded into the newest one. */
export type FoldedNotice = CampaignNotice & {
  /** How many times it happened (1: once). */
  count: number;
  /** When the first of the folded repeats happened. */
  firstAt: string;
};
/** Pushes come in bursts: the per-profile table and the charts refresh at most this often. */
const REFRESH_DELAY_MS = 500;

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
    refreshSoon(campaignVariantsKey(campaignId));
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
    const sorted = [...live, ...older].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    return foldRepeats(sorted).slice(0, NOTICES_MAX);
  }, [live, stored.data, campaignId]);

  return { notices };
}

/**
 * Folds repeats (same kind, profile and text) into the newest of them, with a count and the time of
 * the first: thirty identical warnings read as one line a person can act on.
 */
function foldRepeats(newestFirst: readonly CampaignNotice[]): FoldedNotice[] {
  const byRepeat = new Map<string, FoldedNotice>();
  const folded: FoldedNotice[] = [];
  for (const notice of newestFirst) {
    const repeat = `${notice.type}|${notice.profileId}|${notice.message}`;
    const first = byRepeat.get(repeat);
    if (first) {
      first.count += 1;
      first.firstAt = notice.createdAt;
      continue;
    }
    const entry = { ...notice, count: 1, firstAt: notice.createdAt };
    byRepeat.set(repeat, entry);
    folded.push(entry);
  }
  return folded;
}

/** The same notice pushed and read from the log has the same key (the row's time is the push's). */
function noticeKey(n: Omit<CampaignNotice, 'key'>): string {
  return `${n.type}|${n.profileId}|${n.createdAt}|${n.message}`;
}

function isNoticeType(type: string): type is CampaignNoticeType {
  return Object.hasOwn(CAMPAIGN_NOTICE_LEVELS, type);
}
