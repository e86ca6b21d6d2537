import {
  effectiveDailyCap,
  isLicenseValid,
  isWithinWorkingHours,
  localTime,
  nextWorkingStart,
  randomGapSeconds,
  renderTemplate,
  safeTimeZone,
  startOfLocalDay,
  startOfNextLocalDay,
  warmupFactor,
} from '@reachly/shared/logic';
import {
  type CampaignAction,
  type ClaimReason,
  type ClaimTaskResponse,
  type ExecutorTask,
  mayRunOnTraffic,
  TASK_LEASE_SECONDS,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { readTraffic } from '../db/traffic.ts';
import { notFound } from '../errors.ts';
import {
  deadReason,
  isMessageAction,
  type LeadRow,
  sentBefore,
  skipTask,
  templateFor,
} from './claim-rules.ts';
import { ACTION_PRIORITY, dueTasks, nextDue, pairsWithDueWork } from './claim-sql.ts';
import { dateOf, secondsUntil } from './clock.ts';
import { collectDailyStats } from './daily-stats.ts';
import { peopleState } from './people.ts';
import { loadCampaign, type PlannedCampaign } from './planner.ts';
import { dailyCapOf } from './settings.ts';
import { type Effects, type ProfileRow, payloadOf, type TaskRow } from './task-types.ts';

/**
 * The claim: in one transaction the profile's row is locked; a pause, an expired licence, ended
 * traffic or an unfinished gap answers "not now". Then the rules that depend on the profile's
 * running campaigns (working hours, daily caps with the warm-up ramp) are turned into the list of
 * (campaign, action) pairs that may run now, and the database picks the most urgent due task among
 * those pairs alone: a friend-request backlog waiting on today's cap never hides a due reply.
 * Per task, the person's rules follow (off-limits, one profile and one campaign per person, a
 * reply per conversation and day); the first task that passes is leased to the executor.
 */

/** Due tasks read per round; rounds repeat while every task read turns out dead. */
const CANDIDATES_PER_ROUND = 20;
const MAX_ROUNDS = 5;
/** When nothing at all is planned: look again this soon (the server also wakes executors). */
const NO_TASK_RETRY_SECONDS = 60;
/** An expired licence: the executor looks again this often (a renewal also wakes it). */
const LICENCE_RETRY_SECONDS = 600;

function toExecutorTask(
  task: TaskRow,
  payload: Record<string, unknown>,
  lead: LeadRow | undefined,
  recheck: boolean,
  leaseUntil: Date,
): ExecutorTask {
  const base = {
    id: Number(task.id),
    campaignId: Number(task.campaign_id),
    profileId: Number(task.profile_id),
    stepKey: task.step_key,
    attempt: task.attempts + 1,
    recheck,
    leaseUntil: leaseUntil.toISOString(),
  };
  const taskLead = lead && {
    id: Number(lead.id),
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

export function createClaimer({ random }: { random: () => number }) {
  /**
   * The profile's next task, or why there is none and when to ask again. Runs in `trx`; the
   * caller has planned the profile's campaigns.
   */
  async function claim(
    trx: Knex.Transaction,
    organizationId: number,
    profileId: number,
    now: Date,
  ): Promise<{ response: ClaimTaskResponse; effects: Effects }> {
    const effects: Effects = { logs: [], notices: [] };
    const profile = (await trx('profiles')
      .where({ id: profileId, organization_id: organizationId })
      .forUpdate()
      .first(
        'id',
        'name',
        'proxy_source',
        'proxy_timezone',
        'paused_until',
        'next_action_at',
        'warmup_started_at',
        'stats_day',
      )) as (ProfileRow & { name: string; stats_day: string | null }) | undefined;
    if (!profile) throw notFound(`Profile ${profileId} not found.`);
    const none = (
      reason: ClaimReason,
      retryAt: Date | null,
      pausedUntil: Date | null = null,
      fallbackSeconds = NO_TASK_RETRY_SECONDS,
    ) => ({
      response: {
        task: null,
        reason,
        retryAfterSeconds: retryAt ? secondsUntil(retryAt, now) : fallbackSeconds,
        pausedUntil: pausedUntil?.toISOString() ?? null,
      },
      effects,
    });
    const timeZone = safeTimeZone(profile.proxy_timezone);
    const dayStart = startOfLocalDay(now, timeZone);
    const profileUpdate: Record<string, unknown> = { last_claim_at: now };
    try {
      const pausedUntil = dateOf(profile.paused_until);
      if (pausedUntil && pausedUntil > now) return none('paused', pausedUntil, pausedUntil);
      // An expired licence stops work at once; the tasks stay queued until a renewal.
      const licence = (await trx('licences')
        .where({ organization_id: organizationId })
        .first('license_till')) as { license_till: Date | string | null } | undefined;
      if (!isLicenseValid({ licenseTill: licence?.license_till ?? null }, now)) {
        return none('licence-expired', null, null, LICENCE_RETRY_SECONDS);
      }
      // Traffic ended: a profile on the product's proxies waits (its tasks stay pending) until a grant.
      if (profile.proxy_source === 'REACHLY') {
        const { remainingTraffic } = await readTraffic(trx, organizationId);
        if (!mayRunOnTraffic({ proxySource: profile.proxy_source }, remainingTraffic))
          return none('traffic-ended', null);
      }
      const nextAction = dateOf(profile.next_action_at);
      if (nextAction && nextAction > now) return none('gap', nextAction);

      const campaignIds = (
        (await trx('campaign_profiles as cp')
          .join('campaigns as c', 'c.id', 'cp.campaign_id')
          .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
          .select('c.id')) as { id: number }[]
      ).map((r) => Number(r.id));
      if (campaignIds.length === 0) return none('no-tasks', null);
      const campaigns = new Map<number, PlannedCampaign>();
      for (const id of campaignIds) {
        const campaign = await loadCampaign(trx, id);
        if (campaign) campaigns.set(id, campaign);
      }

      // The first claim of a local day sums up the day before, per campaign.
      const today = localTime(now, timeZone).date;
      if (profile.stats_day !== today) {
        if (profile.stats_day !== null) {
          effects.logs.push(
            ...(await collectDailyStats(trx, { ...profile, timeZone }, [...campaigns.values()], dayStart)),
          );
        }
        profileUpdate.stats_day = today;
      }

      // The rules that depend on the campaign, as the (campaign, action) pairs that may run now.
      const counts = new Map<string, number>(
        (
          (await trx('campaign_tasks')
            .where({ profile_id: profileId })
            .whereIn('status', ['claimed', 'started', 'done'])
            .andWhere('claimed_at', '>=', dayStart)
            .select('action')
            .count({ n: '*' })
            .groupBy('action')) as { action: string; n: unknown }[]
        ).map((r) => [r.action, Number(r.n)]),
      );
      const factor = warmupFactor(dateOf(profile.warmup_started_at), now);
      const allowed: [number, CampaignAction][] = [];
      const blocked: { pair: [number, CampaignAction]; reason: ClaimReason; at: Date }[] = [];
      for (const campaign of campaigns.values()) {
        const hours = campaign.settings.workingHours;
        const inHours = isWithinWorkingHours(now, hours, timeZone);
        for (const action of ACTION_PRIORITY) {
          const pair: [number, CampaignAction] = [campaign.id, action];
          if (!inHours) {
            blocked.push({
              pair,
              reason: 'outside-working-hours',
              at: nextWorkingStart(now, hours, timeZone),
            });
          } else if (
            (counts.get(action) ?? 0) >= effectiveDailyCap(dailyCapOf(campaign.settings, action), factor)
          ) {
            blocked.push({ pair, reason: 'daily-cap', at: startOfNextLocalDay(now, timeZone) });
          } else {
            allowed.push(pair);
          }
        }
      }

      for (let round = 0; round < MAX_ROUNDS && allowed.length > 0; round += 1) {
        const candidates = await dueTasks(trx, profileId, allowed, now, CANDIDATES_PER_ROUND);
        if (candidates.length === 0) break;
        const leadIds = candidates.map((t) => t.lead_id).filter((id): id is number => id !== null);
        const leads = new Map<number, LeadRow>(
          (
            (await trx('leads')
              .whereIn('id', leadIds)
              .select(
                'id',
                'profile_url',
                'name',
                'first_name',
                'last_name',
                'has_message_button',
              )) as LeadRow[]
          ).map((l) => [Number(l.id), l]),
        );
        const people = await peopleState(
          trx,
          organizationId,
          [...leads.values()].map((l) => l.profile_url),
        );
        for (const task of candidates) {
          const campaign = campaigns.get(Number(task.campaign_id));
          if (!campaign) continue;
          const lead = task.lead_id === null ? undefined : leads.get(Number(task.lead_id));
          const dead = await deadReason(
            trx,
            task,
            campaign,
            lead,
            lead && people.get(lead.profile_url),
            dayStart,
          );
          if (dead) {
            await skipTask(trx, task, now, dead, effects, lead);
            continue;
          }
          return await lease(trx, task, campaign, lead, profile, now, effects, profileUpdate);
        }
      }

      // Nothing to hand out: say what holds work back, and when the first of it frees up.
      const next = await nextDue(trx, profileId, allowed, now);
      const waiting = blocked.length === 0 ? [] : await pairsWithDueWork(trx, profileId, blocked, now);
      const soonest = waiting.reduce<(typeof blocked)[number] | null>(
        (a, b) => (a === null || b.at < a.at ? b : a),
        null,
      );
      if (soonest && (next === null || soonest.at <= next)) return none(soonest.reason, soonest.at);
      return none('no-tasks', next);
    } finally {
      await trx('profiles').where({ id: profileId }).update(profileUpdate);
    }
  }

  /** Leases `task` to the executor: renders its text once, starts the profile's gap. */
  async function lease(
    trx: Knex.Transaction,
    task: TaskRow,
    campaign: PlannedCampaign,
    lead: LeadRow | undefined,
    profile: ProfileRow,
    now: Date,
    effects: Effects,
    profileUpdate: Record<string, unknown>,
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
    const base = { campaignId: Number(task.campaign_id), profileId: Number(task.profile_id) };
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

  return { claim };
}
