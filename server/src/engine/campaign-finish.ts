import { type ActivityEventType, CAMPAIGN_FINISH_IDLE_DAYS } from '@reachly/shared/constants';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { recordCampaignStatus } from '../services/webhooks/record-event.ts';
import { writeLogs } from './activity-log.ts';
import type { WrittenLogs } from './pushes.ts';
import { parseSettings, stepOf } from './settings.ts';

/**
 * When a running campaign is over (docs/decisions.md, "Campaigns finish by themselves"): it has
 * worked (at least one task), no task of it waits, is claimed or under way, the planning round
 * just before added nothing, it has no daily step (liking posts plans work every day), and its log
 * has had no entry about its leads for CAMPAIGN_FINISH_IDLE_DAYS: no action done, no answer read,
 * no request accepted (a day's figures or a profile's browsing are not news: NOT_ACTIVITY), and no
 * unanswered request waits for its withdrawal (withdrawAfterDays may be longer). The idle days cover what may still come: a friend request accepted late (its welcome
 * is planned then), a lead answering (an AI reply, a call to action). Checked by the claim path's
 * planning round (planning.ts), once a minute per running campaign, and cheap until the log is idle.
 */

const OPEN_TASK_STATUSES = ['pending', 'claimed', 'started'];

/**
 * Log lines that say nothing happened to the campaign's leads: a day's figures collected, a profile
 * browsing, fetching, its proxy or cookies changed. The idle days count from the latest other line.
 */
const NOT_ACTIVITY: readonly ActivityEventType[] = [
  'DAILY_STATS_COLLECTING_STARTED',
  'DAILY_STATS_COLLECTING_FINISHED',
  'MANUAL_SURFING',
  'FETCHING',
  'CHANGED_PROXY',
  'COOKIES',
];

export interface FinishedCampaign {
  organizationId: number;
  campaignId: number;
  logs: WrittenLogs;
}

/**
 * A request of the campaign still unanswered, whose withdrawal (withdrawAfterDays, up to 90 days,
 * longer than the idle days) is yet to be planned: the campaign has that left to do.
 */
async function withdrawalsAhead(
  trx: Knex.Transaction,
  campaignId: number,
  settings: ReturnType<typeof parseSettings>,
): Promise<boolean> {
  if (stepOf(settings, 'friendRequest')?.withdrawAfterDays === undefined) return false;
  const waiting = await trx('campaign_tasks as ft')
    .join('leads as l', 'l.id', 'ft.lead_id')
    .where({ 'ft.campaign_id': campaignId, 'ft.action': 'friendRequest', 'ft.status': 'done' })
    .whereNull('l.friend_accepted_at')
    .whereNull('l.friend_request_withdrawn_at')
    .first('ft.id');
  return waiting !== undefined;
}

/** Finishes the campaign if it is over, in one transaction with its log line and webhook event. */
export async function finishIfOver(
  db: Knex,
  campaignId: number,
  now: Date,
): Promise<FinishedCampaign | null> {
  const idleSince = new Date(now.getTime() - CAMPAIGN_FINISH_IDLE_DAYS * 24 * 3600 * 1000);
  const latestLog = async (q: Knex | Knex.Transaction, organizationId: number) =>
    (await q('campaign_logs')
      .where({ organization_id: organizationId, campaign_id: campaignId })
      .whereNotIn('type', NOT_ACTIVITY)
      .orderBy('id', 'desc')
      .first('created_at')) as { created_at: Date | string } | undefined;
  // A cheap look without locks first (this runs once a minute per running campaign); the
  // transaction below checks again under the campaign's row lock before it changes anything.
  const campaign = await table(db, 'campaigns').where({ id: campaignId, status: 'running' }).first();
  if (!campaign) return null;
  const last = await latestLog(db, campaign.organization_id);
  // Never finished before it did anything (an empty collection may still be filled), nor while busy.
  if (!last || new Date(last.created_at) > idleSince) return null;
  if (stepOf(parseSettings(campaign.settings), 'likePosts')) return null;
  return db.transaction(async (trx) => {
    const locked = await table(trx, 'campaigns')
      .where({ id: campaignId, status: 'running' })
      .forUpdate()
      .first();
    if (!locked) return null;
    const open = await trx('campaign_tasks')
      .where({ organization_id: locked.organization_id, campaign_id: campaignId })
      .whereIn('status', OPEN_TASK_STATUSES)
      .first('id');
    const latest = await latestLog(trx, locked.organization_id);
    if (open || !latest || new Date(latest.created_at) > idleSince) return null;
    if (await withdrawalsAhead(trx, campaignId, parseSettings(locked.settings))) return null;
    const [row] = await table(trx, 'campaigns')
      .where({ id: campaignId })
      .update({ status: 'finished', updated_at: now })
      .returning(['id', 'name', 'status']);
    if (!row) return null;
    await recordCampaignStatus(trx, locked.organization_id, row, 'running', now);
    const logs = await writeLogs(trx, locked.organization_id, now, [
      {
        campaignId,
        profileId: null,
        type: 'STATUS_CHANGE',
        message: `Campaign finished: every lead has been worked and nothing has happened for ${CAMPAIGN_FINISH_IDLE_DAYS} days`,
      },
    ]);
    return { organizationId: locked.organization_id, campaignId, logs };
  });
}
