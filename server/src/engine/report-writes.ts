import { skipReasonText, stepKeyLabel } from '@reachly/shared/logic';
import { TASK_MAX_ATTEMPTS, type TaskOutcomeBody, type TaskStatus } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { applyDone } from './outcomes.ts';
import { learnMessageButton } from './people.ts';
import type { PlannedCampaign } from './planner.ts';
import type { Effects, TaskRow } from './task-types.ts';

/**
 * What an executor's outcome writes (reports.ts checks the report first): the task's new status
 * and result, what a done task did (outcomes.ts), what the lead's page showed, and the log entries
 * collected for after the commit. A restriction pauses the profile (reports.ts).
 */

const FAILED_RETRY_MINUTES = 10;

/** A reported task being written: its locked row, its campaign, the effects for after the commit. */
export interface Reported {
  trx: Knex.Transaction;
  task: TaskRow;
  campaign: PlannedCampaign;
  effects: Effects;
  now: Date;
}

/** The outcome body of one status. */
export type OutcomeOf<S extends TaskOutcomeBody['status']> = Extract<TaskOutcomeBody, { status: S }>;

/** The log entry's campaign, profile and lead of a reported task. */
export const logBase = ({ task, campaign }: Reported) => ({
  campaignId: campaign.id,
  profileId: task.profile_id,
  leadId: task.lead_id,
});

/** What the lead's page showed, kept for every lead row of the person; answers the lead's name. */
async function learnFromPage(
  trx: Knex.Transaction,
  task: TaskRow,
  hasMessageButton: boolean | undefined,
): Promise<string | null> {
  if (task.lead_id === null) return null;
  const lead = await table(trx, 'leads').where({ id: task.lead_id }).first('profile_url', 'name');
  if (!lead) return null;
  if (hasMessageButton !== undefined) {
    await learnMessageButton(trx, task.organization_id, lead.profile_url, hasMessageButton);
  }
  return lead.name ?? lead.profile_url;
}

/** Done: the task is finished with the executor's data, and what it did is applied. */
export async function writeDone(reported: Reported, body: OutcomeOf<'done'>): Promise<TaskStatus> {
  const { trx, task, campaign, effects, now } = reported;
  await table(trx, 'campaign_tasks')
    .where({ id: task.id })
    .update({ status: 'done', finished_at: now, lease_until: null, result: JSON.stringify(body.data) });
  const done = await applyDone(trx, task, campaign, body.data, now);
  effects.logs.push(...done.logs);
  effects.processed = done.processed;
  await learnFromPage(trx, task, body.data.hasMessageButton);
  return 'done';
}

/** Skipped: the task is finished with the executor's reason, logged as a SIGNAL. */
export async function writeSkipped(reported: Reported, body: OutcomeOf<'skipped'>): Promise<TaskStatus> {
  const { trx, task, effects, now } = reported;
  await table(trx, 'campaign_tasks')
    .where({ id: task.id })
    .update({
      status: 'skipped',
      finished_at: now,
      lease_until: null,
      result: JSON.stringify({ reason: body.reason }),
    });
  const who = await learnFromPage(trx, task, body.hasMessageButton);
  effects.logs.push({
    ...logBase(reported),
    type: 'SIGNAL',
    message: `${stepKeyLabel(task.step_key)}${who ? ` for ${who}` : ''} not done: ${skipReasonText(body.reason)}`,
  });
  return 'skipped';
}

/** Failed: tried again a little later each time, until the last of TASK_MAX_ATTEMPTS fails it. */
export async function writeFailed(reported: Reported, body: OutcomeOf<'failed'>): Promise<TaskStatus> {
  const { trx, task, effects, now } = reported;
  const final = task.attempts >= TASK_MAX_ATTEMPTS;
  const status = final ? 'failed' : 'pending';
  await table(trx, 'campaign_tasks')
    .where({ id: task.id })
    .update({
      status,
      lease_until: null,
      finished_at: final ? now : null,
      due_at: new Date(now.getTime() + FAILED_RETRY_MINUTES * task.attempts * 60_000),
      result: JSON.stringify({ error: body.error }),
    });
  effects.logs.push({
    ...logBase(reported),
    type: 'SIGNAL',
    message: final
      ? `${task.step_key} failed for the last time (${task.attempts} attempts): ${body.error}`
      : `${task.step_key} failed (attempt ${task.attempts} of ${TASK_MAX_ATTEMPTS}), tried again later: ${body.error}`,
  });
  return status;
}
