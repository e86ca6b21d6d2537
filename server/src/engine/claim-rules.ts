import {
  AI_REPLIES_PER_CONVERSATION_PER_DAY,
  type CampaignAction,
  CONTACT_LATER_KEY_PREFIX,
  MESSAGE_ACTIONS,
  type MessageAction,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { type Tables, table } from '../db/tables.ts';
import { claimPerson, type PersonState } from './people.ts';
import type { PlannedCampaign } from './planner.ts';
import { type CampaignSettings, followUpSequence, stepOf } from './settings.ts';
import { type Effects, payloadOf, type TaskRow } from './task-types.ts';

/**
 * The rules the claim checks per task before leasing it: the step is still in the campaign, the
 * person is not off-limits and is worked by this profile and campaign, a follow-up waits for no
 * reply, and automatic replies stay within their daily limit and never repeat themselves.
 */

export type LeadRow = Pick<
  Tables['leads'],
  'id' | 'profile_url' | 'name' | 'first_name' | 'last_name' | 'has_message_button'
>;

export const isMessageAction = (a: CampaignAction): a is MessageAction =>
  (MESSAGE_ACTIONS as readonly string[]).includes(a);

/** How many messages with this text the profile has sent the task's lead so far. */
export async function sentBefore(trx: Knex.Transaction, task: TaskRow, text: string): Promise<number> {
  const row = (await trx('conversation_messages as m')
    .join('conversations as cv', 'cv.id', 'm.conversation_id')
    .where({
      'cv.lead_id': task.lead_id,
      'cv.profile_id': task.profile_id,
      'm.direction': 'out',
      'm.text': text,
    })
    .count({ n: '*' })
    .first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/** The template a message task sends, from the campaign's current steps (edits apply to tasks not yet done). */
/** The message for a lead who asked to be contacted later: the AI reply step's own, else the first follow-up's. */
export function contactLaterTemplate(settings: CampaignSettings): string | null {
  return (
    stepOf(settings, 'aiReply')?.contactLater?.template ?? followUpSequence(settings)[0]?.template ?? null
  );
}

export function templateFor(settings: CampaignSettings, task: TaskRow): string | null {
  switch (task.action) {
    case 'welcomeMessage':
      return stepOf(settings, 'welcomeMessage')?.template ?? null;
    case 'callToAction':
      return stepOf(settings, 'callToAction')?.template ?? null;
    case 'followUp':
      // The message on the day a lead named: the AI reply step's own, else the first follow-up's.
      if (task.step_key.startsWith(CONTACT_LATER_KEY_PREFIX)) return contactLaterTemplate(settings);
      return followUpSequence(settings).find((f) => f.key === task.step_key)?.template ?? null;
    default:
      return null;
  }
}

/** Whether the campaign still has the step that planned the task. */
function stepStillThere(settings: CampaignSettings, task: TaskRow): boolean {
  switch (task.action) {
    case 'followUp':
      return templateFor(settings, task) !== null;
    case 'acceptRequest':
      return stepOf(settings, 'acceptRequests') !== undefined;
    case 'joinGroups':
    case 'likePosts':
    case 'collect':
    case 'friendRequest':
    case 'welcomeMessage':
    case 'aiReply':
    case 'callToAction':
      return stepOf(settings, task.action) !== undefined;
  }
}

/**
 * Why a task can no longer be done at all (it is then skipped), or null. Makes the task's
 * campaign and profile the person's owner when the task is the person's first.
 */
export async function deadReason(
  trx: Knex.Transaction,
  task: TaskRow,
  campaign: PlannedCampaign,
  lead: LeadRow | undefined,
  person: PersonState | undefined,
  dayStart: Date,
): Promise<string | null> {
  if (!stepStillThere(campaign.settings, task)) return 'step-removed';
  if (!task.lead_id) return null;
  if (!lead) return 'lead-deleted';
  if (person?.offLimits) return 'do-not-contact';
  const profileId = task.profile_id;
  if (person?.ownerProfileId != null && person.ownerProfileId !== profileId) {
    return 'contacted-by-another-profile';
  }
  const skipContacted = stepOf(campaign.settings, 'target')?.filters.skipContacted ?? true;
  let takeOver = false;
  if (person?.ownerCampaignId != null && person.ownerCampaignId !== campaign.id) {
    const owner = await table(trx, 'campaigns').where({ id: person.ownerCampaignId }).first('status');
    if (owner?.status === 'running' || skipContacted) return 'worked-by-another-campaign';
    takeOver = true;
  }
  // A person already in conversation with another of our profiles (before people were recorded).
  if (person?.ownerProfileId == null) {
    const other = await trx('conversations as cv')
      .join('leads as l', 'l.id', 'cv.lead_id')
      .where('l.organization_id', task.organization_id)
      .andWhere('l.profile_url', lead.profile_url)
      .andWhereNot('cv.profile_id', profileId)
      .first('cv.id');
    if (other) return 'contacted-by-another-profile';
  }
  const owner = await claimPerson(trx, task.organization_id, lead.profile_url, {
    profileId,
    campaignId: campaign.id,
    takeOver,
  });
  if (owner.ownerProfileId !== profileId) return 'contacted-by-another-profile';
  if (owner.ownerCampaignId !== campaign.id) return 'worked-by-another-campaign';
  if (isMessageAction(task.action) && lead.has_message_button === false) return 'no-message-button';
  // A follow-up goes only to a lead who never answered; the message on the day a lead named answers
  // that lead (an answer after it was planned cancels it, as it cancels every pending follow-up).
  if (task.action === 'followUp' && !task.step_key.startsWith(CONTACT_LATER_KEY_PREFIX)) {
    const replied = await trx('conversation_messages as m')
      .join('conversations as cv', 'cv.id', 'm.conversation_id')
      .where({ 'cv.lead_id': task.lead_id, 'cv.profile_id': profileId, 'm.direction': 'in' })
      .first('m.id');
    if (replied) return 'replied';
  }
  if (task.action === 'aiReply' && task.status === 'pending') {
    const limit =
      stepOf(campaign.settings, 'aiReply')?.maxPerConversationPerDay ?? AI_REPLIES_PER_CONVERSATION_PER_DAY;
    const today = (await trx('campaign_tasks')
      .where({ lead_id: task.lead_id, profile_id: profileId, action: 'aiReply' })
      .whereIn('status', ['claimed', 'started', 'done'])
      .andWhere('claimed_at', '>=', dayStart)
      .count({ n: '*' })
      .first()) as { n: unknown } | undefined;
    if (Number(today?.n ?? 0) >= limit) return 'reply-limit';
    // An AI reply never repeats a text the person already got from us: a person should answer.
    const text = payloadOf(task).text;
    if (typeof text === 'string' && (await sentBefore(trx, task, text)) > 0) return 'repeated-reply';
  }
  return null;
}

/** Skips a task that can no longer be done; a reply a person must now write is said in a notice. */
export async function skipTask(
  trx: Knex.Transaction,
  task: TaskRow,
  now: Date,
  reason: string,
  effects: Effects,
  lead: LeadRow | undefined,
): Promise<void> {
  await trx('campaign_tasks')
    .where({ id: task.id })
    .update({ status: 'skipped', finished_at: now, lease_until: null, result: JSON.stringify({ reason }) });
  if (task.action === 'aiReply' && (reason === 'reply-limit' || reason === 'repeated-reply')) {
    const who = lead?.name ?? lead?.profile_url ?? 'A lead';
    const message =
      reason === 'reply-limit'
        ? `${who} wrote again, past today's limit of automatic replies in this conversation: a person should answer.`
        : `The automatic answer to ${who} would repeat a message they already got: a person should answer.`;
    const entry = {
      campaignId: task.campaign_id,
      profileId: task.profile_id,
      type: 'SIGNAL' as const,
      message,
    };
    effects.logs.push({ ...entry, leadId: task.lead_id });
    effects.notices.push(entry);
  }
}
