import { safeTimeZone, warmupFactor } from '@reachly/shared/logic';
import type { CampaignLog, ClaimTaskResponse } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { notFound } from '../errors.ts';
import { toCampaignLog } from './activity-log.ts';
import { type Pair, pairsThatMayRun, soonestFreed } from './claim-pairs.ts';
import {
  deadAfterClaim,
  deadBeforeClaim,
  type LeadRow,
  ownerAfterClaim,
  skipEffects,
} from './claim-rules.ts';
import {
  ACTION_PRIORITY,
  type Candidate,
  type ClaimCommit,
  type CommitResult,
  commitClaim,
  type Look,
  type LookedCampaign,
  type LookedProfile,
  lookAt,
  moreTasks,
} from './claim-sql.ts';
import { secondsUntil } from './clock.ts';
import { collectDailyStats } from './daily-stats.ts';
import { leaseTask } from './lease.ts';
import type { Leases } from './leases.ts';
import { localDay } from './local-day.ts';
import { profileLabel } from './names.ts';
import type { PersonState } from './people.ts';
import { PLAN_INTERVAL_SECONDS } from './planner.ts';
import { type Hold, profileHold } from './profile-hold.ts';
import { type SlowDownNotices, slowDownLevels } from './slow-down.ts';
import type { Effects } from './task-types.ts';

/**
 * The claim: a pause, an expired licence, ended traffic or an unfinished gap answers "not now".
 * Then the rules that depend on the profile's running campaigns (working hours, daily caps with the
 * warm-up ramp, claim-pairs.ts) are turned into the list of (campaign, action) pairs that may run
 * now, and the most urgent due task among those pairs alone is taken: a friend-request backlog
 * waiting on today's cap never hides a due reply. Per task, the person's rules follow
 * (claim-rules.ts: off-limits, one profile and one campaign per person, a reply per conversation and
 * day); the first task that passes is leased to the executor (lease.ts), the dead ones met on the
 * way are skipped.
 *
 * In two database round trips (claim-sql.ts): one statement reads all that (the look), the rules
 * run here, and one statement writes what they decided (the write), only if the profile's row and
 * the tasks decided on are unchanged since the look, and the people it claims get the owner the
 * rules expected; else it writes nothing and the claim starts again. So two claims of one profile
 * never both pass on the same look (the second finds the row changed by the first: the profile's
 * row is what serialises its claims, as its row lock did), and a task is never handed out twice.
 * After three lost races, the claim runs in a transaction that holds the profile's row locked from
 * its look to its write (4 round trips with BEGIN and COMMIT), so that other claims of the profile
 * wait for it instead of racing it. More than two round trips otherwise only when a campaign is due
 * for its once-a-minute planning (planned, then looked at again), the profile's time zone is new to
 * this process (looked at again from its local midnight), on the first claim of a local day (the
 * day before is summed up) and when the look's tasks run out before one passes (the next are read).
 */

/** Due tasks read per round; rounds repeat while every task read turns out dead. */
const CANDIDATES_PER_ROUND = 20;
const MAX_ROUNDS = 5;
/**
 * The look's first round: the first due tasks of each action (most claims lease the first; each
 * task more costs the look its lead, person and facts, ~5 % of its time in the engine bench).
 */
const LOOK_PER_ACTION = 2;
/** When nothing at all is planned: look again this soon (the server also wakes executors). */
const NO_TASK_RETRY_SECONDS = 60;
/** Claims that write only if nothing changed since their look; then one that locks first. */
const OPTIMISTIC_ATTEMPTS = 3;
const MAX_ATTEMPTS = 6;
/** Profiles whose time zone the claimer remembers (the look counts today's claims from its local midnight). */
const MAX_ZONES = 10_000;

/**
 * The look's tasks of the allowed pairs, in order, up to and with the first allowed action of
 * which the look may not have read every due task (it read LOOK_PER_ACTION); `complete` when it
 * read them all.
 */
function firstRound(
  tasks: readonly Candidate[],
  allowed: readonly Pair[],
  mayRun: ReadonlySet<string>,
): { batch: Candidate[]; complete: boolean } {
  const allowedActions = new Set(allowed.map(([, action]) => action));
  const batch: Candidate[] = [];
  for (const action of ACTION_PRIORITY) {
    if (!allowedActions.has(action)) continue;
    const read = tasks.filter((c) => c.task.action === action);
    batch.push(...read.filter((c) => mayRun.has(`${c.task.campaign_id}:${action}`)));
    if (read.length >= LOOK_PER_ACTION) return { batch, complete: false };
  }
  return { batch, complete: true };
}

/** A task that passed every rule, to lease. */
interface Live {
  task: Candidate['task'];
  version: string;
  campaign: LookedCampaign;
  lead: LeadRow | undefined;
}

/**
 * The first due task among the allowed pairs that passes the person's rules; the dead ones met on
 * the way are added to the write as skips, the people claimed on the way as person claims. The
 * look's tasks come first; only when they run out, the next ones are read, at most
 * MAX_ROUNDS × CANDIDATES_PER_ROUND in all.
 */
async function firstLiveTask(
  db: Knex | Knex.Transaction,
  look: Look,
  {
    organizationId,
    profileId,
    allowed,
    campaigns,
    now,
    dayStart,
    commit,
    effects,
  }: {
    organizationId: number;
    profileId: number;
    allowed: readonly Pair[];
    campaigns: ReadonlyMap<number, LookedCampaign>;
    now: Date;
    dayStart: Date;
    commit: ClaimCommit;
    effects: Effects;
  },
): Promise<Live | null> {
  const mayRun = new Set(allowed.map(([c, a]) => `${c}:${a}`));
  // The person's state as the rules go: the state read, then the owner each claim made gives them.
  const people = new Map<string, PersonState>();
  const statuses = new Map<number, string>([...campaigns.keys()].map((id) => [id, 'running']));
  const seen: (number | string)[] = [];
  // The look read the first LOOK_PER_ACTION due tasks of each action, of every campaign: its
  // allowed ones are the allowed tasks in order up to the first allowed action it may not have
  // read all of; after that, the next ones are read.
  const { batch: first, complete } = firstRound(look.tasks, allowed, mayRun);
  let batch = first;
  let more = !complete;
  for (;;) {
    for (const candidate of batch) {
      if (seen.length >= MAX_ROUNDS * CANDIDATES_PER_ROUND) return null;
      const { task, lead } = candidate;
      const campaign = campaigns.get(task.campaign_id);
      if (!campaign) continue;
      seen.push(task.id);
      const url = lead?.profile_url;
      const person = (url !== undefined && people.get(url)) || candidate.person;
      const ownerCampaignId = person?.ownerCampaignId;
      const facts = {
        ...candidate.facts,
        ownerCampaignStatus:
          ownerCampaignId == null
            ? null
            : (statuses.get(ownerCampaignId) ?? candidate.facts.ownerCampaignStatus),
      };
      const before = deadBeforeClaim(task, campaign, lead, person, facts);
      if (before === null) return { task, version: candidate.version, campaign, lead };
      let dead: string | null;
      if (typeof before === 'string' || !lead || url === undefined) {
        dead = typeof before === 'string' ? before : 'lead-deleted';
      } else {
        // The person's claim (the upsert of reachly_claim_write) is the write's; its answer is
        // predicted here and checked there. A second claim of the same person would change nothing.
        const owner = ownerAfterClaim(person, {
          profileId,
          campaignId: campaign.id,
          takeOver: before.takeOver,
        });
        if (!people.has(url)) {
          commit.people.push({
            profileUrl: url,
            campaignId: campaign.id,
            takeOver: before.takeOver,
            expect: owner,
          });
        }
        people.set(url, { offLimits: person?.offLimits ?? false, ...owner });
        dead = deadAfterClaim(task, campaign, lead, owner, facts);
      }
      if (!dead) return { task, version: candidate.version, campaign, lead };
      commit.skips.push({ id: task.id, version: candidate.version, reason: dead });
      skipEffects(task, dead, effects, lead, profileLabel(look.profile, profileId));
    }
    if (!more || seen.length >= MAX_ROUNDS * CANDIDATES_PER_ROUND) return null;
    batch = await moreTasks(db, {
      organizationId,
      profileId,
      allowed,
      seen,
      now,
      dayStart,
      limit: CANDIDATES_PER_ROUND,
    });
    more = batch.length >= CANDIDATES_PER_ROUND;
    if (batch.length === 0) return null;
  }
}

export interface ClaimResult {
  response: ClaimTaskResponse;
  effects: Effects;
  /** The log rows the claim wrote, to push. */
  logs: CampaignLog[];
}

export function createClaimer({ random, leases }: { random: () => number; leases: Leases }) {
  /** The time zone each profile had at its last claim: the look counts today's claims from its midnight. */
  const zones = new Map<number, string>();

  /**
   * One attempt: the look, the rules, the write. Answers 'stale' when a running campaign is due
   * for planning (the caller plans, then claims), 'changed' when the write found the look outdated.
   */
  async function attempt(
    db: Knex | Knex.Transaction,
    {
      organizationId,
      profileId,
      now,
      lock,
      planned,
      manual,
      slowed,
    }: {
      organizationId: number;
      profileId: number;
      now: Date;
      lock: boolean;
      planned: boolean;
      manual: boolean;
      /** The slow-down notices written so far (slow-down.ts), pushed with the answer. */
      slowed: SlowDownNotices;
    },
  ): Promise<ClaimResult | 'stale' | 'changed' | 'manual'> {
    let timeZone = zones.get(profileId) ?? 'UTC';
    let look: Look;
    let profile: LookedProfile;
    let dayStart: Date;
    for (;;) {
      dayStart = localDay(now, timeZone).start;
      look = await lookAt(db, { organizationId, profileId, now, dayStart, perAction: LOOK_PER_ACTION, lock });
      if (!look.profile) throw notFound(`Profile ${profileId} not found.`);
      profile = look.profile;
      const zone = safeTimeZone(profile.proxy_timezone);
      if (zone === timeZone) break;
      // The profile's zone changed (or is new to this process): count today from its own midnight.
      if (zones.size >= MAX_ZONES) zones.clear();
      zones.set(profileId, zone);
      timeZone = zone;
    }
    // A person's message from the inbox goes before any campaign work (manual-messages.ts), and
    // under the same holds but the gap between actions: a pause, the licence, the traffic.
    const hold = profileHold(look, profile, now);
    if (manual && look.manualWaiting && (hold === null || hold.reason === 'gap')) return 'manual';
    // Each running campaign is re-planned once a minute, from the claim path (planning.ts).
    const stale = new Date(now.getTime() - PLAN_INTERVAL_SECONDS * 1000);
    if (!planned && look.campaigns.some((c) => c.planned_at === null || c.planned_at < stale)) return 'stale';

    const effects: Effects = { logs: [], notices: [] };
    const commit: ClaimCommit = {
      organizationId,
      profileId,
      version: profile.version,
      now,
      profileSet: {},
      skips: [],
      people: [],
      lease: null,
      logs: [],
      nothing: null,
    };
    const none = ({ reason, retryAt, pausedUntil, fallbackSeconds = NO_TASK_RETRY_SECONDS }: Hold) => ({
      task: null,
      reason,
      retryAfterSeconds: retryAt ? secondsUntil(retryAt, now) : fallbackSeconds,
      pausedUntil: pausedUntil?.toISOString() ?? null,
    });
    /** The write; the answer from what it wrote. */
    const write = async (answer: (written: CommitResult) => ClaimTaskResponse) => {
      const written = await commitClaim(db, { ...commit, logs: effects.logs });
      if (!written.ok) return 'changed' as const;
      const logs = written.logs.map((row) => toCampaignLog({ ...row, created_at: new Date(row.created_at) }));
      return { response: answer(written), effects, logs };
    };

    if (hold) return write(() => none(hold));
    const campaigns = new Map(look.campaigns.map((c) => [c.id, c]));
    if (campaigns.size === 0) return write(() => none({ reason: 'no-tasks', retryAt: null }));

    // The first claim of a local day sums up the day before, per campaign.
    const today = localDay(now, timeZone).date;
    if (profile.stats_day !== today) {
      if (profile.stats_day !== null) {
        effects.logs.push(
          ...(await collectDailyStats(db, { ...profile, timeZone }, [...campaigns.values()], dayStart)),
        );
      }
      commit.profileSet.stats_day = today;
    }

    // The friend-request cap's level per campaign, decided on the first claim of the day.
    const levels = await slowDownLevels(db, { organizationId, profile, look, today, now, slowed });
    const factor = warmupFactor(profile.warmup_started_at, now);
    const { allowed, blocked } = pairsThatMayRun(look.campaigns, look.counts, factor, now, timeZone, levels);
    const live = await firstLiveTask(db, look, {
      organizationId,
      profileId,
      allowed,
      campaigns,
      now,
      dayStart,
      commit,
      effects,
    });
    if (live) {
      const lease = leaseTask({ ...live, profile, now, effects, profileSet: commit.profileSet, random });
      commit.lease = lease.write;
      let payload = lease.write.payload;
      const result = await write((written) => {
        payload = written.payload ?? payload;
        return lease.answer(payload);
      });
      if (result !== 'changed') {
        leases.remember({
          id: Number(live.task.id),
          attempt: lease.write.attempts,
          organizationId,
          profileId,
          campaignId: live.task.campaign_id,
          leadId: live.task.lead_id,
          action: live.task.action,
          payload,
          timeZone,
        });
      }
      return result;
    }

    // Nothing to hand out: say what holds work back, and when the first of it frees up.
    commit.nothing = { allowed, blocked: blocked.map((b) => b.pair) };
    return write(({ nextDue, dueBlocked }) => {
      const waiting = blocked.filter((b) => dueBlocked.has(`${b.pair[0]}:${b.pair[1]}`));
      const soonest = soonestFreed(waiting);
      if (soonest && (nextDue === null || soonest.at <= nextDue)) {
        return none({ reason: soonest.reason, retryAt: soonest.at });
      }
      return none({ reason: 'no-tasks', retryAt: nextDue });
    });
  }

  /**
   * The profile's next task, or why there is none and when to ask again. `replan` re-plans the
   * profile's running campaigns not planned for a minute (planning.ts replanStale); the claim calls
   * it when its look finds one, then looks again.
   */
  async function claim(
    db: Knex,
    organizationId: number,
    profileId: number,
    now: Date,
    replan: () => Promise<void>,
    /** The profile's waiting manual message leased as its task, or null when none may go now. */
    manualFirst?: () => Promise<ClaimTaskResponse | null>,
  ): Promise<ClaimResult> {
    let planned = false;
    let manual = manualFirst !== undefined;
    const slowed: SlowDownNotices = { logs: [], notices: [] };
    for (let n = 1; n <= MAX_ATTEMPTS; n += 1) {
      const lock = n > OPTIMISTIC_ATTEMPTS;
      const input = { organizationId, profileId, now, lock, planned, manual, slowed };
      const result = lock ? await db.transaction((trx) => attempt(trx, input)) : await attempt(db, input);
      if (result === 'manual') {
        const response = await manualFirst?.();
        if (response) return { response, effects: { logs: [], notices: [] }, logs: [] };
        // None may go now (working hours, being typed): the campaign work goes on.
        manual = false;
        n -= 1;
      } else if (result === 'stale') {
        await replan();
        planned = true;
        n -= 1;
      } else if (result !== 'changed') {
        result.logs.push(...slowed.logs);
        result.effects.notices.push(...slowed.notices);
        return result;
      }
    }
    throw new Error(`claim of profile ${profileId}: its tasks changed under ${MAX_ATTEMPTS} claims in a row`);
  }

  return { claim };
}
