import { randomGapSeconds, renderTemplate } from '@reachly/shared/logic';
import { type ClaimTaskResponse, type ExecutorTask, TASK_LEASE_SECONDS } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { isMessageAction, type LeadRow, sentBefore, templateFor } from './claim-rules.ts';
import type { PlannedCampaign } from './planner.ts';
import { type Effects, type ProfileRow, payloadOf, type TaskRow } from './task-types.ts';

/** The task as the executor gets it: the action's own fields, the lead, the lease. */
function toExecutorTask(
  task: TaskRow,
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
  if (action === 'friendRequest' || action === 'acceptRequest') return { ...base, action, lead: taskLead };
  return {
    ...base,
    action,
    lead: taskLead,
    text: String(payload.text),
    sentBefore: Number(payload.sentBefore ?? 0),
  };
}

export interface LeaseInput {
  task: TaskRow;
  campaign: PlannedCampaign;
  lead: LeadRow | undefined;
  profile: ProfileRow;
  now: Date;
  effects: Effects;
  /** The profile's row update the claim writes at its end: the gap starts here. */
  profileUpdate: Record<string, unknown>;
  random: () => number;
}

/** Leases `task` to the executor: renders its text once, starts the profile's gap. */
export async function leaseTask(
  trx: Knex.Transaction,
  { task, campaign, lead, profile, now, effects, profileUpdate, random }: LeaseInput,
): Promise<{ response: ClaimTaskResponse; effects: Effects }> {
  const payload = payloadOf(task);
  if (isMessageAction(task.action) && typeof payload.text !== 'string') {
    // Rendered once, on the first claim: a recheck looks for the very text that may have gone out.
    const template = templateFor(campaign.settings, task) ?? '';
    payload.text = renderTemplate(
      template,
      { firstName: lead?.first_name, lastName: lead?.last_name, name: lead?.name },
      random,
    );
  }
  // Counted once too, with the text: a recheck compares the thread with the same baseline.
  if (isMessageAction(task.action) && typeof payload.sentBefore !== 'number') {
    payload.sentBefore = await sentBefore(trx, task, String(payload.text));
  }
  const recheck = task.status === 'claimed' || task.status === 'started';
  const leaseUntil = new Date(now.getTime() + TASK_LEASE_SECONDS * 1000);
  const gapSeconds = randomGapSeconds(campaign.settings.gapSeconds, random);
  await trx('campaign_tasks')
    .where({ id: task.id })
    .update({
      status: 'claimed',
      attempts: task.attempts + 1,
      claimed_at: now,
      lease_until: leaseUntil,
      payload: JSON.stringify(payload),
    });
  profileUpdate.next_action_at = new Date(now.getTime() + gapSeconds * 1000);
  profileUpdate.warmup_started_at = profile.warmup_started_at ?? now;
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
      message: `${task.step_key}${lead ? ` for ${lead.name ?? lead.profile_url}` : ''}: the last claim lapsed without an outcome; the browser checks the page before acting again.`,
    });
  }
  return {
    response: {
      task: toExecutorTask(task, payload, lead, recheck, leaseUntil),
      reason: 'ready',
      retryAfterSeconds: gapSeconds,
      pausedUntil: null,
    },
    effects,
  };
}
