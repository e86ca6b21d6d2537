import { abVariantOf, leadTemplateVariables, randomGapSeconds, renderTemplate } from '@reachly/shared/logic';
import {
  type CampaignAction,
  type ClaimTaskResponse,
  type ExecutorTask,
  TASK_LEASE_SECONDS,
} from '@reachly/shared/schemas';
import { type ClaimTask, isMessageAction, type LeadRow, templatesFor } from './claim-rules.ts';
import type { LeaseWrite } from './claim-sql.ts';
import { leadLabel } from './names.ts';
import type { PlannedCampaign } from './planner.ts';
import { type Effects, type ProfileRow, payloadOf } from './task-types.ts';

/** The task as the executor gets it: the action's own fields, the lead, the lease. */
function toExecutorTask(
  task: ClaimTask,
  payload: Record<string, unknown>,
  lead: LeadRow | undefined,
  recheck: boolean,
  leaseUntil: Date,
): ExecutorTask {
  const base = {
    id: Number(task.id),
    campaignId: task.campaign_id,
    profileId: task.profile_id,
    stepKey: task.step_key,
    attempt: task.attempts + 1,
    recheck,
    leaseUntil: leaseUntil.toISOString(),
  };
  const taskLead = lead && {
    id: lead.id,
    profileUrl: lead.profile_url,
    name: lead.name,
    firstName: lead.first_name,
    lastName: lead.last_name,
    hasMessageButton: lead.has_message_button,
  };
  const action = task.action;
  if (action === 'collect') {
    return {
      ...base,
      action,
      source: payload.source as Extract<ExecutorTask, { action: 'collect' }>['source'],
      maxCount: Number(payload.maxCount),
    };
  }
  if (action === 'joinGroups') return { ...base, action, groupUrl: String(payload.groupUrl) };
  if (action === 'likePosts') return { ...base, action, count: Number(payload.count) };
  if (!taskLead) throw new Error(`task ${task.id} has no lead`);
  if (
    action === 'friendRequest' ||
    action === 'acceptRequest' ||
    action === 'withdrawRequest' ||
    action === 'visitProfile' ||
    action === 'followPerson'
  ) {
    return { ...base, action, lead: taskLead };
  }
  return {
    ...base,
    action,
    lead: taskLead,
    text: String(payload.text),
    sentBefore: Number(payload.sentBefore ?? 0),
  };
}

export interface LeaseInput {
  task: ClaimTask;
  version: string;
  campaign: PlannedCampaign;
  lead: LeadRow | undefined;
  profile: Pick<ProfileRow, 'warmup_started_at'>;
  now: Date;
  effects: Effects;
  /** The profile's row update the claim writes: the gap starts here. */
  profileSet: { next_action_at?: Date; warmup_started_at?: Date };
  random: () => number;
}

/** A lease decided: the task's write, and the executor's answer once it is written. */
export interface PlannedLease {
  write: LeaseWrite;
  /** The answer, from the payload as written (its sentBefore counted by the write). */
  answer(payload: Record<string, unknown>): ClaimTaskResponse;
}

/** How the notice of a lapsed claim names its task (the log's reader sees this, not the step key). */
const LAPSED_TASK_NAMES: Readonly<Record<CampaignAction, string>> = {
  collect: 'collecting',
  friendRequest: 'friend request',
  acceptRequest: 'acceptance of the request',
  welcomeMessage: 'welcome message',
  aiReply: 'AI reply',
  callToAction: 'call to action',
  followUp: 'follow-up',
  joinGroups: 'group join',
  likePosts: 'round of likes',
  withdrawRequest: 'withdrawal of the request',
  visitProfile: 'visit of the profile',
  followPerson: 'follow',
};

/**
 * Leases `task` to the executor: renders its text once, starts the profile's gap. The write is the
 * claim's (claim-sql.ts commitClaim), which also counts the messages with the text sent so far.
 */
export function leaseTask({
  task,
  version,
  campaign,
  lead,
  profile,
  now,
  effects,
  profileSet,
  random,
}: LeaseInput): PlannedLease {
  const payload = payloadOf(task);
  if (isMessageAction(task.action) && typeof payload.text !== 'string') {
    // Rendered once, on the first claim: a recheck looks for the very text that may have gone out.
    // With A/B versions, the lead's share picks one, kept with the task for the results.
    const templates = templatesFor(campaign.settings, task);
    const variant =
      templates.length > 1 && task.lead_id !== null ? abVariantOf(task.lead_id, templates.length) : 0;
    if (templates.length > 1) payload.variant = variant;
    payload.text = renderTemplate(
      templates[variant] ?? '',
      leadTemplateVariables({
        firstName: lead?.first_name,
        lastName: lead?.last_name,
        name: lead?.name,
        fields: lead?.fields,
      }),
      random,
    );
  }
  // Counted once too, with the text: a recheck compares the thread with the same baseline.
  let countSent: LeaseWrite['countSent'] = null;
  if (isMessageAction(task.action) && typeof payload.sentBefore !== 'number') {
    if (task.lead_id === null) payload.sentBefore = 0;
    else countSent = { text: String(payload.text), leadId: task.lead_id };
  }
  const recheck = task.status === 'claimed' || task.status === 'started';
  const leaseUntil = new Date(now.getTime() + TASK_LEASE_SECONDS * 1000);
  const gapSeconds = randomGapSeconds(campaign.settings.gapSeconds, random);
  profileSet.next_action_at = new Date(now.getTime() + gapSeconds * 1000);
  profileSet.warmup_started_at = profile.warmup_started_at ?? now;
  const base = { campaignId: task.campaign_id, profileId: task.profile_id };
  if (task.action === 'collect') {
    effects.logs.push({
      ...base,
      type: 'COLLECTING_STARTED',
      message: `Collecting up to ${String(payload.maxCount)} profiles`,
    });
  }
  if (recheck) {
    effects.logs.push({
      ...base,
      leadId: task.lead_id,
      type: 'SIGNAL',
      message: `The ${LAPSED_TASK_NAMES[task.action]}${lead ? ` for ${leadLabel(lead)}` : ''} was not confirmed before its claim lapsed: the browser looks at the page before acting again.`,
    });
  }
  return {
    write: { id: task.id, version, attempts: task.attempts + 1, leaseUntil, payload, countSent },
    answer: (written) => ({
      task: toExecutorTask(task, written, lead, recheck, leaseUntil),
      reason: 'ready',
      retryAfterSeconds: gapSeconds,
      pausedUntil: null,
    }),
  };
}
