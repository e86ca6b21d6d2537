import { formatLocal, minimumPauseMs, PAUSE_STREAK_DAYS } from '@reachly/shared/logic';
import {
  DEFAULT_PAUSE_HOURS,
  STARTED_LEASE_SECONDS,
  type TaskOutcomeBody,
  type TaskOutcomeResponse,
  type TaskStartedBody,
  type TaskStatus,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { conflict, notFound } from '../errors.ts';
import { recordWebhookEvent } from '../services/webhooks/record-event.ts';
import { dateOf, secondsUntilLatest } from './clock.ts';
import { loadCampaign } from './planner.ts';
import {
  logBase,
  type OutcomeOf,
  type Reported,
  writeDone,
  writeFailed,
  writeSkipped,
} from './report-writes.ts';
import type { Effects, ProfileRow, TaskRow } from './task-types.ts';

/**
 * An executor's reports on a task it claimed (docs/design.md §4): `started` renews the lease; the
 * outcome (done, skipped, failed, restricted) quotes the claim's attempt, so a late report of an
 * older claim is refused, and a repeated identical report changes nothing. What each outcome
 * writes is report-writes.ts's (a restriction's pause is here).
 */

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
  if (task.profile_id !== report.profileId) {
    throw conflict(`Task ${taskId} belongs to profile ${task.profile_id}, not profile ${report.profileId}.`);
  }
  if (task.attempts !== report.attempt) {
    throw conflict(
      `Task ${taskId} was claimed again since attempt ${report.attempt} (now attempt ${task.attempts}); drop this report.`,
    );
  }
  return task;
}

/** Writes an outcome; answers the task's new status and, after a restriction, the pause's end. */
async function write(
  reported: Reported,
  body: TaskOutcomeBody,
): Promise<{ status: TaskStatus; until: Date | null }> {
  switch (body.status) {
    case 'done':
      return { status: await writeDone(reported, body), until: null };
    case 'skipped':
      return { status: await writeSkipped(reported, body), until: null };
    case 'failed':
      return { status: await writeFailed(reported, body), until: null };
    case 'restricted':
      return { status: 'pending', until: await writeRestricted(reported, body) };
  }
}

export function createReports() {
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
    const retryAfter = (extra: Date | null = null) =>
      secondsUntilLatest(now, profile.next_action_at, profile.paused_until, extra);
    // A repeated report of the same outcome (the executor retrying after a network error) changes nothing.
    if (task.status !== 'claimed' && task.status !== 'started') {
      if (body.status === task.status || (body.status === 'restricted' && task.status === 'pending')) {
        return {
          response: {
            id: Number(task.id),
            status: task.status,
            retryAfterSeconds: retryAfter(),
          },
          effects,
        };
      }
      throw conflict(`Task ${taskId} is already ${task.status}.`);
    }
    const campaign = await loadCampaign(trx, task.campaign_id);
    if (!campaign) throw notFound(`Campaign ${task.campaign_id} not found.`);
    effects.handled = { campaignId: campaign.id, profileId: task.profile_id };
    const { status, until } = await write({ trx, task, campaign, effects, now }, body);
    return {
      response: { id: Number(task.id), status, retryAfterSeconds: retryAfter(until) },
      effects,
    };
  }

  return { started, outcome };
}

/**
 * Restricted: the profile is paused (pauseProfile), and the task, not done and not counted, waits
 * for the end of the pause, then goes out once. Answers the pause's end.
 */
async function writeRestricted(reported: Reported, body: OutcomeOf<'restricted'>): Promise<Date> {
  const { trx, task, campaign, effects, now } = reported;
  const pause = await pauseProfile(
    trx,
    task.profile_id,
    body.signal,
    body.message,
    body.until ? new Date(body.until) : null,
    now,
  );
  await trx('campaign_tasks')
    .where({ id: task.id })
    .update({ status: 'pending', lease_until: null, due_at: pause.until });
  effects.logs.push({ ...logBase(reported), type: body.signal, message: pause.message });
  effects.notices.push({
    campaignId: campaign.id,
    profileId: task.profile_id,
    type: body.signal,
    message: pause.message,
  });
  return pause.until;
}

export interface Pause {
  until: Date;
  message: string;
  /** The profile was paused already: this signal came from work that was under way. */
  repeated: boolean;
}

/**
 * Pauses a profile after a RESTRICTION or DANGER signal. The pause lasts until the network's end
 * time, DEFAULT_PAUSE_HOURS when it named none, and never less than the minimum for the profile's
 * recent history: MIN_PAUSE_MINUTES for the first signal within PAUSE_STREAK_DAYS, doubled for each
 * further one (an end time already past, or a block that comes straight back, still pauses). A
 * signal while the profile is paused only extends the pause to the later end.
 */
export async function pauseProfile(
  trx: Knex.Transaction,
  profileId: number,
  signal: 'RESTRICTION' | 'DANGER',
  reason: string,
  networkUntil: Date | null,
  now: Date,
): Promise<Pause> {
  const profile = (await trx('profiles')
    .where({ id: profileId })
    .forUpdate()
    .first('organization_id', 'name', 'proxy_timezone', 'paused_until', 'pause_streak', 'last_pause_at')) as {
    organization_id: number;
    name: string;
    proxy_timezone: string | null;
    paused_until: Date | string | null;
    pause_streak: number;
    last_pause_at: Date | string | null;
  };
  const asked = networkUntil ?? new Date(now.getTime() + DEFAULT_PAUSE_HOURS * 3600_000);
  const current = dateOf(profile.paused_until);
  const repeated = current !== null && current > now;
  const lastPause = dateOf(profile.last_pause_at);
  const streak = repeated
    ? profile.pause_streak
    : lastPause && now.getTime() - lastPause.getTime() < PAUSE_STREAK_DAYS * 86_400_000
      ? profile.pause_streak + 1
      : 1;
  const floor = new Date(now.getTime() + minimumPauseMs(streak));
  let until = asked > floor ? asked : floor;
  if (repeated && current > until) until = current;
  await trx('profiles')
    .where({ id: profileId })
    .update({
      paused_until: until,
      pause_reason: `${signal}: ${reason}`,
      pause_streak: streak,
      last_pause_at: repeated ? profile.last_pause_at : now,
    });
  const notes: string[] = [];
  if (networkUntil && networkUntil <= now) notes.push('the end time the network gave had already passed');
  if (streak > 1) notes.push(`pause ${streak} in ${PAUSE_STREAK_DAYS} days: each lasts longer`);
  const message = `${profile.name} paused until ${formatLocal(until, profile.proxy_timezone)} after a ${signal}: ${reason}${
    notes.length > 0 ? ` (${notes.join('; ')})` : ''
  }`;
  if (!repeated) {
    await recordWebhookEvent(trx, {
      organizationId: profile.organization_id,
      type: 'profile.restricted',
      data: { profileId, name: profile.name, signal, reason, pausedUntil: until.toISOString() },
      at: now,
    });
  }
  return { until, message, repeated };
}
