import {
  AFTER_WITHDRAWAL_KEY,
  AI_REPLIES_PER_CONVERSATION_PER_DAY,
  type CampaignAction,
  CONTACT_LATER_KEY_PREFIX,
  MESSAGE_ACTIONS,
  type MessageAction,
} from '@reachly/shared/schemas';
import type { Tables } from '../db/tables.ts';
import { leadLabel } from './names.ts';
import type { PersonState } from './people.ts';
import type { PlannedCampaign } from './planner.ts';
import { type CampaignSettings, followUpSequence, stepOf } from './settings.ts';
import type { Effects, TaskRow } from './task-types.ts';

/**
 * The rules the claim checks per task before leasing it: the step is still in the campaign, the
 * person is not off-limits and is worked by this profile and campaign, a follow-up waits for no
 * reply, and automatic replies stay within their daily limit and never repeat themselves.
 *
 * They are pure: the claim reads what they look at with the task (claim-sql.ts, TaskFacts), and
 * the one write among them, making the task's campaign and profile the person's owner (an upsert
 * of `people`), is done by the claim's one write (claim-sql.ts commitClaim): the rules
 * before it say whether to claim the person, the rules after it read the owner it answers.
 */

export type LeadRow = Pick<
  Tables['leads'],
  'id' | 'profile_url' | 'name' | 'first_name' | 'last_name' | 'has_message_button' | 'fields'
>;

/** The task's columns the claim reads and hands out. */
export type ClaimTask = Pick<
  TaskRow,
  | 'id'
  | 'organization_id'
  | 'campaign_id'
  | 'profile_id'
  | 'lead_id'
  | 'step_key'
  | 'action'
  | 'status'
  | 'attempts'
  | 'payload'
>;

/** What the rules look at beside the task, its lead and the person, read with the task. */
export interface TaskFacts {
  /** The status of the campaign that owns the person (null: none, or it is gone). */
  ownerCampaignStatus: string | null;
  /** A conversation of the person with another of our profiles (read when the person has no owner profile). */
  talkingElsewhere: boolean | null;
  /** The lead answered this profile (read for follow-ups). */
  replied: boolean | null;
  /** aiReply tasks of this lead and profile claimed today (read for pending AI replies). */
  repliesToday: number | null;
  /** Messages with the payload's text this profile already sent the lead (read for pending AI replies). */
  textSent: number | null;
}

export const isMessageAction = (a: CampaignAction): a is MessageAction =>
  (MESSAGE_ACTIONS as readonly string[]).includes(a);

/** The message for a lead who asked to be contacted later: the AI reply step's own, else the first follow-up's. */
export function contactLaterTemplate(settings: CampaignSettings): string | null {
  return (
    stepOf(settings, 'aiReply')?.contactLater?.template ?? followUpSequence(settings)[0]?.template ?? null
  );
}

/**
 * The versions of the message a task sends, from the campaign's current steps (edits apply to tasks
 * not yet done): the step's template (A) and its A/B variants (B, C, D); none when the step is gone.
 */
export function templatesFor(
  settings: CampaignSettings,
  task: Pick<TaskRow, 'action' | 'step_key'>,
): string[] {
  const versions = (step: { template: string; abVariants?: string[] | undefined } | undefined) =>
    step ? [step.template, ...(step.abVariants ?? [])] : [];
  switch (task.action) {
    case 'welcomeMessage':
      return versions(stepOf(settings, 'welcomeMessage'));
    case 'callToAction':
      return versions(stepOf(settings, 'callToAction'));
    case 'followUp': {
      // The message on the day a lead named: the AI reply step's own, else the first follow-up's.
      if (task.step_key.startsWith(CONTACT_LATER_KEY_PREFIX)) {
        const template = contactLaterTemplate(settings);
        return template === null ? [] : [template];
      }
      // The message a friend request step sends once the lead's unanswered request was withdrawn.
      if (task.step_key === AFTER_WITHDRAWAL_KEY) {
        const after = stepOf(settings, 'friendRequest')?.afterWithdrawal;
        return after?.action === 'message' ? [after.template] : [];
      }
      return versions(followUpSequence(settings).find((f) => f.key === task.step_key));
    }
    default:
      return [];
  }
}

/** Whether the campaign still has the step that planned the task. */
function stepStillThere(settings: CampaignSettings, task: ClaimTask): boolean {
  switch (task.action) {
    case 'followUp':
      return templatesFor(settings, task).length > 0;
    case 'acceptRequest':
      return stepOf(settings, 'acceptRequests') !== undefined;
    case 'withdrawRequest':
      return stepOf(settings, 'friendRequest')?.withdrawAfterDays !== undefined;
    case 'followPerson':
      if (task.step_key === AFTER_WITHDRAWAL_KEY) {
        return stepOf(settings, 'friendRequest')?.afterWithdrawal?.action === 'followPerson';
      }
      return stepOf(settings, 'followPerson') !== undefined;
    case 'visitProfile':
      return stepOf(settings, 'visitProfile') !== undefined;
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

/** Claim the person for the task's profile and campaign (`takeOver`: from a campaign that let them go). */
export interface ClaimThePerson {
  takeOver: boolean;
}

/**
 * The rules up to the person's claim: why the task can no longer be done at all (it is then
 * skipped); null when it has no lead and may go out; else the person is to be claimed.
 */
export function deadBeforeClaim(
  task: ClaimTask,
  campaign: PlannedCampaign,
  lead: LeadRow | undefined,
  person: PersonState | undefined,
  facts: TaskFacts,
): string | null | ClaimThePerson {
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
    if (facts.ownerCampaignStatus === 'running' || skipContacted) return 'worked-by-another-campaign';
    takeOver = true;
  }
  // A person already in conversation with another of our profiles (before people were recorded).
  if (person?.ownerProfileId == null && facts.talkingElsewhere) return 'contacted-by-another-profile';
  return { takeOver };
}

/** The rules after the person's claim, given the owner the claim answered: why the task is dead, or null. */
export function deadAfterClaim(
  task: ClaimTask,
  campaign: PlannedCampaign,
  lead: LeadRow,
  owner: { ownerProfileId: number | null; ownerCampaignId: number | null },
  facts: TaskFacts,
): string | null {
  if (owner.ownerProfileId !== task.profile_id) return 'contacted-by-another-profile';
  if (owner.ownerCampaignId !== campaign.id) return 'worked-by-another-campaign';
  if (isMessageAction(task.action) && lead.has_message_button === false) return 'no-message-button';
  // A follow-up goes only to a lead who never answered; the message on the day a lead named answers
  // that lead (an answer after it was planned cancels it, as it cancels every pending follow-up).
  if (task.action === 'followUp' && !task.step_key.startsWith(CONTACT_LATER_KEY_PREFIX)) {
    if (facts.replied) return 'replied';
  }
  if (task.action === 'aiReply' && task.status === 'pending') {
    const limit =
      stepOf(campaign.settings, 'aiReply')?.maxPerConversationPerDay ?? AI_REPLIES_PER_CONVERSATION_PER_DAY;
    if ((facts.repliesToday ?? 0) >= limit) return 'reply-limit';
    // An AI reply never repeats a text the person already got from us: a person should answer.
    if ((facts.textSent ?? 0) > 0) return 'repeated-reply';
  }
  return null;
}

/**
 * The owner the person has after the claim's upsert of `people` for this profile and campaign
 * (reachly_claim_write, migration 20261127000100: an owner is set where there is none, a campaign
 * is replaced only on a take-over), from the owner they had: the claim predicts it, and the write
 * checks the database answers the same.
 */
export function ownerAfterClaim(
  before: { ownerProfileId: number | null; ownerCampaignId: number | null } | undefined,
  claim: { profileId: number; campaignId: number; takeOver: boolean },
): { ownerProfileId: number; ownerCampaignId: number } {
  return {
    ownerProfileId: before?.ownerProfileId ?? claim.profileId,
    ownerCampaignId:
      before?.ownerCampaignId == null || claim.takeOver ? claim.campaignId : before.ownerCampaignId,
  };
}

/** A task the claim skips, with the log and notice a reply a person must now write gets. */
export function skipEffects(
  task: ClaimTask,
  reason: string,
  effects: Effects,
  lead: LeadRow | undefined,
  /** The profile's name, as the notice says it. */
  profile: string,
): void {
  if (task.action === 'aiReply' && (reason === 'reply-limit' || reason === 'repeated-reply')) {
    const who = lead ? leadLabel(lead) : `The lead of task ${task.id}`;
    const message =
      reason === 'reply-limit'
        ? `${who} wrote to ${profile} again, past today's limit of automatic replies in this conversation: a person should answer.`
        : `${profile}'s automatic answer to ${who} would repeat a message they already got: a person should answer.`;
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
