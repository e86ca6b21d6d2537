import type { ConversationStatus } from '@reachly/shared/constants';
import { type CampaignAction, DONE_LOG_TYPES, type TaskOutcomeBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { insertLeadColumns } from '../db/insert-leads.ts';
import type { LogEntry } from './activity-log.ts';
import { openConversation, writeMessage } from './conversation-writes.ts';
import { planNextOpening } from './opening.ts';
import { type PlannedCampaign, planCampaignLeads, planNextFollowUp, planWelcomes } from './planner.ts';
import { stepOf } from './settings.ts';
import { payloadOf, type TaskRow } from './task-types.ts';
import { planAfterWithdrawals } from './withdrawals.ts';

type DoneData = Extract<TaskOutcomeBody, { status: 'done' }>['data'];

/** The column a sent message puts the card in; undefined leaves it where it is. */
const STATUS_AFTER: Partial<Record<CampaignAction, ConversationStatus>> = {
  welcomeMessage: 'sent',
  callToAction: 'call-to-action-sent',
};

/** The log row of a done task. */
export function doneLog(
  task: { action: CampaignAction; profile_id: number; lead_id: number | null },
  campaignId: number,
  data: DoneData,
  message: string,
): LogEntry {
  return {
    campaignId,
    profileId: task.profile_id,
    leadId: task.lead_id,
    type: DONE_LOG_TYPES[task.action],
    message: data.alreadyDone ? `${message} (found already done on the page; not sent again)` : message,
  };
}

/**
 * The actions whose done outcome writes nothing but the task, the log row and, for a request, the
 * lead's friend_request_sent_at (`requestSent`): their log message. done-outcome.ts writes them in
 * one statement for a task this process leased, applyDone below otherwise.
 */
export const PLAIN_DONE = {
  friendRequest: { requestSent: true, message: () => 'Friend request sent' },
  joinGroups: {
    requestSent: false,
    message: (payload: Record<string, unknown>) => `Joined ${String(payload.groupUrl)}`,
  },
  likePosts: {
    requestSent: false,
    message: (payload: Record<string, unknown>, data: DoneData) =>
      `Liked ${data.liked ?? Number(payload.count)} posts`,
  },
} satisfies Partial<
  Record<
    CampaignAction,
    { requestSent: boolean; message: (payload: Record<string, unknown>, data: DoneData) => string }
  >
>;

/** The log message of a done visit or follow (not plain: the lead's next opening action is planned). */
const VISIT_FOLLOW_DONE = {
  visitProfile: () => 'Visited their profile',
  // The follow an afterWithdrawal planned says so (withdrawals.ts planAfterWithdrawals).
  followPerson: (payload: Record<string, unknown>) =>
    payload.after === 'withdrawal'
      ? 'Followed them after withdrawing the unanswered request'
      : 'Followed them',
};

export type PlainDoneAction = keyof typeof PLAIN_DONE;

export const isPlainDone = (action: CampaignAction): action is PlainDoneAction => action in PLAIN_DONE;

/**
 * What a done task changes (docs/design.md §4): a sent request sets the lead's flag, a withdrawn
 * one its time (friend_request_withdrawn_at); a sent message
 * lands in the conversation (created with status sent) and schedules the next follow-up; collected
 * profiles become leads of the campaign's collection, and are planned at once.
 */
export async function applyDone(
  trx: Knex.Transaction,
  task: TaskRow,
  campaign: PlannedCampaign,
  data: DoneData,
  now: Date,
): Promise<{ logs: LogEntry[]; processed?: number }> {
  const profileId = task.profile_id;
  const leadId = task.lead_id === null ? null : task.lead_id;
  const payload = payloadOf(task);
  const log = (message: string): LogEntry => doneLog(task, campaign.id, data, message);
  switch (task.action) {
    case 'friendRequest':
      await trx('leads')
        .where({ id: leadId })
        .whereNull('friend_request_sent_at')
        .update({ friend_request_sent_at: now });
      return { logs: [log(PLAIN_DONE.friendRequest.message())] };
    case 'acceptRequest': {
      if (leadId === null) throw new Error(`acceptRequest task ${task.id} has no lead`);
      await trx('leads')
        .where({ id: leadId })
        .whereNull('friend_accepted_at')
        .update({ friend_accepted_at: now });
      // The person joins the funnel now; the welcome message (if the campaign sends one) follows.
      await openConversation(trx, { organizationId: campaign.organization_id, leadId, profileId, at: now });
      if (stepOf(campaign.settings, 'welcomeMessage')) await planWelcomes(trx, campaign.id, now);
      return { logs: [log('Accepted their friend request')] };
    }
    case 'withdrawRequest': {
      // Found already withdrawn on the page (Add friend showing) counts as withdrawn too.
      await trx('leads')
        .where({ id: leadId })
        .whereNull('friend_request_withdrawn_at')
        .update({ friend_request_withdrawn_at: now });
      const days = stepOf(campaign.settings, 'friendRequest')?.withdrawAfterDays;
      await planAfterWithdrawals(trx, campaign, now, task.id);
      return {
        logs: [log(`Friend request withdrawn: unanswered${days ? ` after ${days} days` : ''}`)],
      };
    }
    case 'welcomeMessage':
    case 'callToAction':
    case 'followUp':
    case 'aiReply': {
      if (leadId === null) throw new Error(`message task ${task.id} has no lead`);
      const text = data.text ?? String(payload.text ?? '');
      await writeMessage(trx, {
        organizationId: campaign.organization_id,
        leadId,
        profileId,
        direction: 'out',
        text,
        at: now,
        status: STATUS_AFTER[task.action],
      });
      await trx('leads').where({ id: leadId }).whereNull('message_sent_at').update({ message_sent_at: now });
      if (task.action === 'welcomeMessage' || task.action === 'followUp') {
        await planNextFollowUp(
          trx,
          { ...task, profile_id: profileId, lead_id: leadId },
          campaign.settings,
          now,
        );
      }
      return { logs: [log(text)] };
    }
    case 'collect': {
      const collected = data.collected ?? [];
      const added = await insertLeadColumns(trx, campaign.organization_id, campaign.collection_id, {
        profileUrl: collected.map((p) => p.profileUrl),
        name: collected.map((p) => p.name ?? null),
        firstName: collected.map((p) => p.firstName ?? p.name?.split(/\s+/)[0] ?? null),
        lastName: collected.map((p) => p.lastName ?? null),
        avatarUrl: collected.map((p) => p.avatarUrl ?? null),
        hasMessageButton: collected.map((p) => p.hasMessageButton ?? null),
        source: collected.map(() => 'campaign'),
      });
      // The new leads are targeted now, not at the next planning pass.
      await planCampaignLeads(trx, campaign, now);
      return {
        logs: [log(`Collected ${collected.length} profiles; ${added} new leads in the collection`)],
        processed: collected.length,
      };
    }
    case 'joinGroups':
      return { logs: [log(PLAIN_DONE.joinGroups.message(payload))] };
    case 'likePosts':
      return { logs: [log(PLAIN_DONE.likePosts.message(payload, data))] };
    case 'visitProfile':
    case 'followPerson':
      // The lead's next opening action (opening.ts: after a visit, the follow or the request).
      await planNextOpening(trx, campaign, task, now);
      return { logs: [log(VISIT_FOLLOW_DONE[task.action](payload))] };
  }
}
