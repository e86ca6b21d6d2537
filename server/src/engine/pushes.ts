import { CAMPAIGN_NOTICE_LEVELS } from '@reachly/shared/constants';
import { safeTimeZone, startOfLocalDay } from '@reachly/shared/logic';
import type { CampaignRunStats } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { type LogEntry, pushLogs, writeLogs } from './activity-log.ts';
import type { Effects } from './task-types.ts';

export type WrittenLogs = Awaited<ReturnType<typeof writeLogs>>;

/**
 * What the engine tells the organisation's room once a call has committed: its log rows, notices,
 * the profile's counts today, collected profiles turned into leads; and the executors' wake-up.
 */
export function createPushes({ db, realtime }: { db: Knex; realtime: Realtime }) {
  /** Today's done actions of a campaign for one profile, in the profile's local day. */
  async function runStats(campaignId: number, profileId: number, now: Date): Promise<CampaignRunStats> {
    const profile = await table(db, 'profiles').where({ id: profileId }).first('proxy_timezone');
    const since = startOfLocalDay(now, safeTimeZone(profile?.proxy_timezone));
    const rows = (await db('campaign_tasks')
      .where({ campaign_id: campaignId, profile_id: profileId, status: 'done' })
      .andWhere('finished_at', '>=', since)
      .select('action')
      .count({ n: '*' })
      .groupBy('action')) as { action: keyof CampaignRunStats; n: unknown }[];
    return Object.fromEntries(rows.map((r) => [r.action, Number(r.n)]));
  }

  async function push(organizationId: number, effects: Effects, logs: WrittenLogs, now: Date): Promise<void> {
    pushLogs(realtime, organizationId, logs);
    for (const n of effects.notices) {
      realtime.emit(organizationId, 'campaign-notice', {
        campaignId: n.campaignId,
        profileId: n.profileId,
        level: CAMPAIGN_NOTICE_LEVELS[n.type],
        type: n.type,
        message: n.message,
        createdAt: now.toISOString(),
      });
    }
    if (effects.handled) {
      const { campaignId, profileId, stats } = effects.handled;
      realtime.emit(organizationId, 'campaign-run-update', {
        campaignId,
        profileId,
        stats: stats ?? (await runStats(campaignId, profileId, now)),
      });
      realtime.emit(organizationId, 'profile-handled', { profileId });
    }
    if (effects.processed !== undefined) {
      realtime.emit(organizationId, 'processed-finished', { handled: effects.processed });
    }
  }

  /** Writes log rows outside any other work, and pushes them. */
  async function logAndPush(organizationId: number, entries: LogEntry[], now: Date): Promise<void> {
    const effects: Effects = { logs: entries, notices: [] };
    const logs = await writeLogs(db, organizationId, now, effects.logs);
    await push(organizationId, effects, logs, now);
  }

  /**
   * Wakes the executors of these profiles (null: every profile of the organisation): work became
   * due or what they work by changed, so they claim now instead of at their next look.
   */
  function wake(organizationId: number, profileIds: number[] | null, reason: string): void {
    realtime.emit(organizationId, 'executor-wake', { profileIds, reason });
  }

  /** A campaign the engine finished: its log line, and its new status in the lists and the run view. */
  function campaignFinished(organizationId: number, campaignId: number, logs: WrittenLogs): void {
    pushLogs(realtime, organizationId, logs);
    realtime.emit(organizationId, 'campaign-status-update', { campaignId, status: 'finished' });
  }

  return { push, logAndPush, wake, campaignFinished };
}

export type Pushes = ReturnType<typeof createPushes>;
