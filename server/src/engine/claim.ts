import {
  isLicenseValid,
  localTime,
  safeTimeZone,
  startOfLocalDay,
  warmupFactor,
} from '@reachly/shared/logic';
import { type ClaimReason, type ClaimTaskResponse, mayRunOnTraffic } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { readTraffic } from '../db/traffic.ts';
import { notFound } from '../errors.ts';
import { type Pair, pairsThatMayRun, soonestFreed } from './claim-pairs.ts';
import { deadReason, type LeadRow, skipTask } from './claim-rules.ts';
import { dueTasks, nextDue, pairsWithDueWork } from './claim-sql.ts';
import { dateOf, secondsUntil } from './clock.ts';
import { collectDailyStats } from './daily-stats.ts';
import { leaseTask } from './lease.ts';
import { peopleState } from './people.ts';
import { loadCampaign, type PlannedCampaign } from './planner.ts';
import { runningCampaignsOf } from './profile-campaigns.ts';
import type { Effects, ProfileRow, TaskRow } from './task-types.ts';

/**
 * The claim: in one transaction the profile's row is locked; a pause, an expired licence, ended
 * traffic or an unfinished gap answers "not now". Then the rules that depend on the profile's
 * running campaigns (working hours, daily caps with the warm-up ramp, claim-pairs.ts) are turned
 * into the list of (campaign, action) pairs that may run now, and the database picks the most
 * urgent due task among those pairs alone: a friend-request backlog waiting on today's cap never
 * hides a due reply. Per task, the person's rules follow (claim-rules.ts: off-limits, one profile
 * and one campaign per person, a reply per conversation and day); the first task that passes is
 * leased to the executor (lease.ts).
 */

/** Due tasks read per round; rounds repeat while every task read turns out dead. */
const CANDIDATES_PER_ROUND = 20;
const MAX_ROUNDS = 5;
/** When nothing at all is planned: look again this soon (the server also wakes executors). */
const NO_TASK_RETRY_SECONDS = 60;
/** An expired licence: the executor looks again this often (a renewal also wakes it). */
const LICENCE_RETRY_SECONDS = 600;

type ClaimProfile = ProfileRow & { name: string; stats_day: string | null };

interface Hold {
  reason: ClaimReason;
  retryAt: Date | null;
  pausedUntil?: Date;
  fallbackSeconds?: number;
}

/** Why the profile may do nothing now, whatever its campaigns: a pause, the licence, traffic, its gap. */
async function profileHold(
  trx: Knex.Transaction,
  organizationId: number,
  profile: ClaimProfile,
  now: Date,
): Promise<Hold | null> {
  const pausedUntil = dateOf(profile.paused_until);
  if (pausedUntil && pausedUntil > now) return { reason: 'paused', retryAt: pausedUntil, pausedUntil };
  // An expired licence stops work at once; the tasks stay queued until a renewal.
  const licence = await table(trx, 'licences')
    .where({ organization_id: organizationId })
    .first('license_till');
  if (!isLicenseValid({ licenseTill: licence?.license_till ?? null }, now)) {
    return { reason: 'licence-expired', retryAt: null, fallbackSeconds: LICENCE_RETRY_SECONDS };
  }
  // Traffic ended: a profile on the product's proxies waits (its tasks stay pending) until a grant.
  if (profile.proxy_source === 'REACHLY') {
    const { remainingTraffic } = await readTraffic(trx, organizationId);
    if (!mayRunOnTraffic({ proxySource: profile.proxy_source }, remainingTraffic)) {
      return { reason: 'traffic-ended', retryAt: null };
    }
  }
  const nextAction = dateOf(profile.next_action_at);
  if (nextAction && nextAction > now) return { reason: 'gap', retryAt: nextAction };
  return null;
}

/** The profile's claims per action since the start of its local day. */
async function claimsSince(trx: Knex.Transaction, profileId: number, dayStart: Date) {
  const rows = (await trx('campaign_tasks')
    .where({ profile_id: profileId })
    .whereIn('status', ['claimed', 'started', 'done'])
    .andWhere('claimed_at', '>=', dayStart)
    .select('action')
    .count({ n: '*' })
    .groupBy('action')) as { action: string; n: unknown }[];
  return new Map<string, number>(rows.map((r) => [r.action, Number(r.n)]));
}

/** The leads of these tasks, by id. */
async function leadsOf(trx: Knex.Transaction, tasks: readonly TaskRow[]): Promise<Map<number, LeadRow>> {
  const leadIds = tasks.map((t) => t.lead_id).filter((id): id is number => id !== null);
  const rows = await table(trx, 'leads')
    .whereIn('id', leadIds)
    .select('id', 'profile_url', 'name', 'first_name', 'last_name', 'has_message_button');
  return new Map(rows.map((l) => [l.id, l]));
}

/**
 * The first due task among the allowed pairs that passes the person's rules; the dead ones met on
 * the way are skipped.
 */
async function firstLiveTask(
  trx: Knex.Transaction,
  organizationId: number,
  profileId: number,
  allowed: readonly Pair[],
  campaigns: ReadonlyMap<number, PlannedCampaign>,
  { now, dayStart, effects }: { now: Date; dayStart: Date; effects: Effects },
) {
  for (let round = 0; round < MAX_ROUNDS && allowed.length > 0; round += 1) {
    const candidates = await dueTasks(trx, profileId, allowed, now, CANDIDATES_PER_ROUND);
    if (candidates.length === 0) break;
    const leads = await leadsOf(trx, candidates);
    const people = await peopleState(
      trx,
      organizationId,
      [...leads.values()].map((l) => l.profile_url),
    );
    for (const task of candidates) {
      const campaign = campaigns.get(task.campaign_id);
      if (!campaign) continue;
      const lead = task.lead_id === null ? undefined : leads.get(task.lead_id);
      const dead = await deadReason(
        trx,
        task,
        campaign,
        lead,
        lead && people.get(lead.profile_url),
        dayStart,
      );
      if (!dead) return { task, campaign, lead };
      await skipTask(trx, task, now, dead, effects, lead);
    }
  }
  return null;
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
    const profile = await table(trx, 'profiles')
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
      );
    if (!profile) throw notFound(`Profile ${profileId} not found.`);
    const none = ({ reason, retryAt, pausedUntil, fallbackSeconds = NO_TASK_RETRY_SECONDS }: Hold) => ({
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
      const hold = await profileHold(trx, organizationId, profile, now);
      if (hold) return none(hold);

      const campaignIds = await runningCampaignsOf(trx, profileId);
      if (campaignIds.length === 0) return none({ reason: 'no-tasks', retryAt: null });
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

      const factor = warmupFactor(dateOf(profile.warmup_started_at), now);
      const counts = await claimsSince(trx, profileId, dayStart);
      const { allowed, blocked } = pairsThatMayRun(campaigns.values(), counts, factor, now, timeZone);
      const live = await firstLiveTask(trx, organizationId, profileId, allowed, campaigns, {
        now,
        dayStart,
        effects,
      });
      if (live) return await leaseTask(trx, { ...live, profile, now, effects, profileUpdate, random });

      // Nothing to hand out: say what holds work back, and when the first of it frees up.
      const next = await nextDue(trx, profileId, allowed, now);
      const waiting = blocked.length === 0 ? [] : await pairsWithDueWork(trx, profileId, blocked, now);
      const soonest = soonestFreed(waiting);
      if (soonest && (next === null || soonest.at <= next)) {
        return none({ reason: soonest.reason, retryAt: soonest.at });
      }
      return none({ reason: 'no-tasks', retryAt: next });
    } finally {
      await trx('profiles').where({ id: profileId }).update(profileUpdate);
    }
  }

  return { claim };
}
