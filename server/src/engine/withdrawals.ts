import { AFTER_WITHDRAWAL_KEY } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toAffectedRows } from '../db/knex.ts';
import { type CampaignSettings, stepOf } from './settings.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Stale friend requests (issue 17): a withdrawal for every lead whose friend request from this
 * campaign went out `withdrawAfterDays` ago or more (by the engine's clock: the request task's
 * finished_at) and is neither accepted nor withdrawn, due now, for the profile that sent it. The
 * task's key (campaign, 'withdrawRequest', lead) makes it once per lead and campaign: nothing is
 * withdrawn twice, and the lead's friendRequest task, done, is never planned again, so the campaign
 * sends that person no other request. An acceptance before the claim cancels it
 * (events/friend-accepted.ts); one the page shows first is the executor's skip.
 */
export async function planWithdrawals(
  db: Knex | Knex.Transaction,
  campaign: { id: number; settings: CampaignSettings },
  now: Date,
): Promise<number> {
  const days = stepOf(campaign.settings, 'friendRequest')?.withdrawAfterDays;
  if (days === undefined) return 0;
  const sentBy = new Date(now.getTime() - days * DAY_MS);
  const result = await db.raw(
    `insert into campaign_tasks (organization_id, campaign_id, profile_id, lead_id, step_key, action, due_at, payload)
     select ft.organization_id, ft.campaign_id, ft.profile_id, ft.lead_id, 'withdrawRequest', 'withdrawRequest', ?, null
       from campaign_tasks ft join leads l on l.id = ft.lead_id
      where ft.campaign_id = ? and ft.action = 'friendRequest' and ft.status = 'done' and ft.finished_at <= ?
        and l.friend_accepted_at is null and l.friend_request_withdrawn_at is null
     on conflict do nothing`,
    [now, campaign.id, sentBy],
  );
  return toAffectedRows(result);
}

/**
 * What the friend request step goes on with once a lead's request was withdrawn (its
 * `afterWithdrawal`, issue 17): for every lead whose withdrawal by this campaign is done, one task
 * under the step key 'afterWithdrawal' (so once per lead and campaign), due now, for the profile
 * that withdrew: a follow (`followPerson`, its payload marking it as the one after a withdrawal),
 * or a message (a `followUp` whose text is the afterWithdrawal's template, claim-rules.ts
 * templatesFor; the claim skips it for a lead without a Message button, or one who replied).
 * A lead who accepted in the meantime gets nothing: the welcome is theirs.
 */
export async function planAfterWithdrawals(
  db: Knex | Knex.Transaction,
  campaign: { id: number; settings: CampaignSettings },
  now: Date,
  /** Only this withdrawal task's lead (its done report); every lead of the campaign without. */
  withdrawalId?: number | string,
): Promise<number> {
  const after = stepOf(campaign.settings, 'friendRequest')?.afterWithdrawal;
  if (!after) return 0;
  const follow = after.action === 'followPerson';
  const result = await db.raw(
    `insert into campaign_tasks (organization_id, campaign_id, profile_id, lead_id, step_key, action, due_at, payload)
     select wt.organization_id, wt.campaign_id, wt.profile_id, wt.lead_id, ?, ?, ?, ?::jsonb
       from campaign_tasks wt join leads l on l.id = wt.lead_id
      where wt.campaign_id = ? and wt.action = 'withdrawRequest' and wt.status = 'done'
        and l.friend_accepted_at is null ${withdrawalId === undefined ? '' : 'and wt.id = ?'}
     on conflict do nothing`,
    [
      AFTER_WITHDRAWAL_KEY,
      follow ? 'followPerson' : 'followUp',
      now,
      follow ? JSON.stringify({ after: 'withdrawal' }) : null,
      campaign.id,
      ...(withdrawalId === undefined ? [] : [withdrawalId]),
    ],
  );
  return toAffectedRows(result);
}

/** An acceptance: the lead's pending withdrawals (of any of our campaigns) have nothing left to do. */
export async function cancelWithdrawals(trx: Knex.Transaction, leadId: number, now: Date): Promise<void> {
  await trx('campaign_tasks')
    .where({ lead_id: leadId, action: 'withdrawRequest', status: 'pending' })
    .update({ status: 'cancelled', finished_at: now, result: JSON.stringify({ reason: 'accepted' }) });
}
