import {
  DEFAULT_PAUSE_HOURS,
  STARTED_LEASE_SECONDS,
  TASK_MAX_ATTEMPTS,
  type TaskOutcomeBody,
  type TaskOutcomeResponse,
  type TaskStartedBody,
  type TaskStatus,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { conflict, notFound } from '../errors.ts';
import { dateOf, secondsUntil } from './clock.ts';
import { applyDone } from './outcomes.ts';
import { loadCampaign } from './planner.ts';
import type { Effects, ProfileRow, TaskRow } from './task-queue.ts';

/**
 * An executor's reports on a task it claimed (DESIGN.md §4): `started` renews the lease; the
 * outcome (done, skipped, failed, restricted) quotes the claim's attempt, so a late report of an
 * older claim is refused, and a repeated identical report changes nothing.
 */

const FAILED_RETRY_MINUTES = 10;

export function createReports() {
  /** The task, locked, after checking it is this profile's and this claim's. */
  async function lockReported(
    trx: Knex.Transaction,
    organizationId: number,
    taskId: number,
    report: { profileId: number; attempt: number },
  ): Promise<TaskRow> {
    const task = (await trx('campaign_tasks')
      .where({ id: taskId, organization_id: organizationId })
      .forUpdate()
      .first()) as TaskRow | undefined;
    if (!task) throw notFound(`Task ${taskId} not found.`);
    if (Number(task.profile_id) !== report.profileId) {
      throw conflict(
        `Task ${taskId} belongs to profile ${task.profile_id}, not profile ${report.profileId}.`,
      );
    }
    if (task.attempts !== report.attempt) {
      throw conflict(
        `Task ${taskId} was claimed again since attempt ${report.attempt} (now attempt ${task.attempts}); drop this report.`,
      );
    }
    return task;
  }

  async function started(
    trx: Knex.Transaction,
    organizationId: number,
    taskId: number,
    body: TaskStartedBody,
    now: Date,
  ) {
    const task = await lockReported(trx, organizationId, taskId, body);
    if (task.status !== 'claimed' && task.status !== 'started') {
      throw conflict(`Task ${taskId} is ${task.status}; it cannot be started.`);
    }
    const leaseUntil = new Date(now.getTime() + STARTED_LEASE_SECONDS * 1000);
    await trx('campaign_tasks')
      .where({ id: task.id })
      .update({ status: 'started', started_at: now, lease_until: leaseUntil });
    return { id: Number(task.id), status: 'started' as const, leaseUntil: leaseUntil.toISOString() };
  }

  async function outcome(
    trx: Knex.Transaction,
    organizationId: number,
    taskId: number,
    body: TaskOutcomeBody,
    now: Date,
  ): Promise<{ response: TaskOutcomeResponse; effects: Effects }> {
    const effects: Effects = { logs: [], notices: [] };
    const task = await lockReported(trx, organizationId, taskId, body);
    const profile = (await trx('profiles')
      .where({ id: task.profile_id })
      .first('next_action_at', 'paused_until')) as Pick<ProfileRow, 'next_action_at' | 'paused_until'>;
    const retryAt = (extra: Date | null = null) => {
      const times = [dateOf(profile.next_action_at), dateOf(profile.paused_until), extra].filter(
        (d): d is Date => d !== null,
      );
      return times.reduce((a, b) => (b > a ? b : a), now);
    };
    // A repeated report of the same outcome (the executor retrying after a network error) changes nothing.
    if (task.status !== 'claimed' && task.status !== 'started') {
      if (body.status === task.status || (body.status === 'restricted' && task.status === 'pending')) {
        return {
          response: {
            id: Number(task.id),
            status: task.status,
            retryAfterSeconds: secondsUntil(retryAt(), now),
          },
          effects,
        };
      }
      throw conflict(`Task ${taskId} is already ${task.status}.`);
    }
    const campaign = await loadCampaign(trx, Number(task.campaign_id));
    if (!campaign) throw notFound(`Campaign ${task.campaign_id} not found.`);
    const base = { campaignId: campaign.id, profileId: Number(task.profile_id), leadId: task.lead_id };
    effects.handled = { campaignId: campaign.id, profileId: Number(task.profile_id) };
    let status: TaskStatus;
    let extraWait: Date | null = null;
    switch (body.status) {
      case 'done': {
        status = 'done';
        await trx('campaign_tasks')
          .where({ id: task.id })
          .update({ status, finished_at: now, lease_until: null, result: JSON.stringify(body.data) });
        const done = await applyDone(trx, task, campaign, body.data, now);
        effects.logs.push(...done.logs);
        effects.processed = done.processed;
        break;
      }
      case 'skipped':
        status = 'skipped';
        await trx('campaign_tasks')
          .where({ id: task.id })
          .update({
            status,
            finished_at: now,
            lease_until: null,
            result: JSON.stringify({ reason: body.reason }),
          });
        effects.logs.push({ ...base, type: 'SIGNAL', message: `${task.step_key} skipped: ${body.reason}` });
        break;
      case 'failed': {
        const final = task.attempts >= TASK_MAX_ATTEMPTS;
        status = final ? 'failed' : 'pending';
        await trx('campaign_tasks')
          .where({ id: task.id })
          .update({
            status,
            lease_until: null,
            finished_at: final ? now : null,
            due_at: new Date(now.getTime() + FAILED_RETRY_MINUTES * task.attempts * 60_000),
            result: JSON.stringify({ error: body.error }),
          });
        effects.logs.push({
          ...base,
          type: 'SIGNAL',
          message: final
            ? `${task.step_key} failed for the last time (${task.attempts} attempts): ${body.error}`
            : `${task.step_key} failed (attempt ${task.attempts} of ${TASK_MAX_ATTEMPTS}), tried again later: ${body.error}`,
        });
        break;
      }
      case 'restricted': {
        const until = body.until
          ? new Date(body.until)
          : new Date(now.getTime() + DEFAULT_PAUSE_HOURS * 3600_000);
        status = 'pending';
        // Not done and not counted: the task waits for the end of the pause, then goes out once.
        await trx('campaign_tasks')
          .where({ id: task.id })
          .update({ status, lease_until: null, due_at: until });
        const paused = await pauseProfile(trx, Number(task.profile_id), body.signal, body.message, until);
        effects.logs.push({ ...base, type: body.signal, message: paused });
        effects.notices.push({
          campaignId: campaign.id,
          profileId: base.profileId,
          type: body.signal,
          message: paused,
        });
        extraWait = until;
        break;
      }
    }
    return {
      response: { id: Number(task.id), status, retryAfterSeconds: secondsUntil(retryAt(extraWait), now) },
      effects,
    };
  }

  return { started, outcome };
}

/** Pauses every task of a profile until `until`; answers the notice text. */
export async function pauseProfile(
  trx: Knex.Transaction,
  profileId: number,
  signal: 'RESTRICTION' | 'DANGER',
  message: string,
  until: Date,
): Promise<string> {
  await trx('profiles')
    .where({ id: profileId })
    .update({ paused_until: until, pause_reason: `${signal}: ${message}` });
  return `Profile ${profileId} paused until ${until.toISOString()} after a ${signal} signal: ${message}`;
}
