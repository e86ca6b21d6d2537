import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { prepared } from '../db/prepared.ts';
import type { LogEntry } from './activity-log.ts';
import type { ClaimTask, LeadRow, TaskFacts } from './claim-rules.ts';
import { dateOf } from './clock.ts';
import type { PersonState } from './people.ts';
import { type CampaignSettings, parseSettings } from './settings.ts';
import { SLOW_DOWNS_OF_PROFILE, type SlowDownState, toSlowDowns } from './slow-down.ts';

/**
 * The claim's statements, one round trip each (the functions of migration
 * 20261127000100-claim-statements as 20261129100010-leaner-claim left them, whose plans the
 * database keeps per session). A claim reads once and writes once (claim.ts):
 * - the look (`lookAt`): the profile with its row version, the licence, the traffic, its running
 *   campaigns, its claims per action today and its most urgent due tasks over all its campaigns,
 *   each with what the person's rules look at (TaskFacts); and, only when those tasks run out before
 *   one passes, the next due tasks among the (campaign, action) pairs that may run (`moreTasks`);
 * - the write (`commitClaim`): locks the profile's row and the tasks decided on, goes on only if
 *   none changed since the look (their row versions), claims the people, skips the dead tasks,
 *   leases the task, starts the gap and writes the log rows; or, when something changed, writes
 *   nothing and answers so, and the claim looks again.
 * The rules that depend on a campaign (working hours, daily caps) arrive as the pairs that may run,
 * so the database picks among those alone.
 */

/** The order due work is taken in: answers to people first, new contacts last. */
export const ACTION_PRIORITY: readonly CampaignAction[] = [
  'aiReply',
  'acceptRequest',
  'welcomeMessage',
  'callToAction',
  'followUp',
  // Before the requests: a withdrawal lowers the pending requests the network counts.
  'withdrawRequest',
  'friendRequest',
  // After the requests: a lead whose visit (or follow) is done is further along than a new one.
  'followPerson',
  'visitProfile',
  'collect',
  'joinGroups',
  'likePosts',
];

type Pair = [number, CampaignAction];

/** A json value: pg parses it, PGlite through knex may hand back the text. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const counted = (value: unknown): number => Number(value ?? 0);
const asDate = (value: unknown) => dateOf((value ?? null) as Date | string | null);

/** The one value a `select f(…) as v` answers, run as the prepared statement `name` (db/prepared.ts). */
async function call(
  db: Knex | Knex.Transaction,
  name: string,
  sql: string,
  bindings: Knex.RawBinding[],
): Promise<unknown> {
  const row = (await prepared(db.raw(sql, bindings), name)).rows[0] as { v: unknown };
  return parsed(row.v);
}

/** A due task as the look reads it: the row, its version, and what the person's rules look at. */
export interface Candidate {
  task: ClaimTask;
  /** The row's version (xmin): the write leases or skips it only if it is unchanged. */
  version: string;
  lead: LeadRow | undefined;
  person: PersonState | undefined;
  facts: TaskFacts;
}

interface RawCandidate {
  task: ClaimTask;
  version: string;
  lead: LeadRow | null;
  person: PersonState | null;
  ownerCampaignStatus: string | null;
  talkingElsewhere: boolean | null;
  replied: boolean | null;
  repliesToday: number | string | null;
  textSent: number | string | null;
}

function toCandidates(value: unknown): Candidate[] {
  return parsed<RawCandidate[]>(value).map((r) => ({
    task: r.task,
    version: r.version,
    lead: r.lead ?? undefined,
    person: r.person ?? undefined,
    facts: {
      ownerCampaignStatus: r.ownerCampaignStatus,
      talkingElsewhere: r.talkingElsewhere,
      replied: r.replied,
      repliesToday: r.repliesToday === null ? null : counted(r.repliesToday),
      textSent: r.textSent === null ? null : counted(r.textSent),
    },
  }));
}

export interface LookedProfile {
  id: number;
  name: string;
  proxy_source: string;
  proxy_timezone: string | null;
  paused_until: Date | null;
  next_action_at: Date | null;
  warmup_started_at: Date | null;
  stats_day: string | null;
  /** The row's version (xmin) at the look. */
  version: string;
}

export interface LookedCampaign {
  id: number;
  organization_id: number;
  collection_id: number;
  status: string;
  settings: CampaignSettings;
  planned_at: Date | null;
}

export interface Look {
  profile: LookedProfile | null;
  licenseTill: string | null;
  /** The organisation's traffic allowance, bytes as decimal strings ('0' without a row). */
  traffic: { trafficLimit: string; usedTraffic: string };
  campaigns: LookedCampaign[];
  /** Claims per action since the start of the profile's local day. */
  counts: Map<string, number>;
  /** The first `perAction` due tasks of each action over all the running campaigns, most urgent first. */
  tasks: Candidate[];
  /** A person's message from the inbox waits for this profile: it goes before campaign work. */
  manualWaiting: boolean;
  /** The profile's friend-request level per campaign and the day it was decided for (slow-down.ts). */
  slowDowns: Map<number, SlowDownState>;
}

/** The look's statement: the same round trip asks whether a person's message from the inbox waits (manual-messages.ts) and reads the profile's friend-request slow-downs (slow-down.ts). */
const LOOK_SQL = `select reachly_claim_look(?, ?, ?, ?, ?::text[], ?, ?) as v,
       exists(select 1 from manual_messages m
               where m.profile_id = ? and m.status in ('queued', 'sending')) as manual,
       ${SLOW_DOWNS_OF_PROFILE} as slow`;

/**
 * The look: everything the claim decides on, in one statement. `dayStart` is the start of the
 * profile's local day in the zone the claim expects (it checks the profile's zone against it); of
 * the due tasks, the first `perAction` of each action. `lock` (a claim that runs in a
 * transaction): the profile's row is locked until it ends.
 */
export async function lookAt(
  db: Knex | Knex.Transaction,
  {
    organizationId,
    profileId,
    now,
    dayStart,
    perAction,
    lock,
  }: {
    organizationId: number;
    profileId: number;
    now: Date;
    dayStart: Date;
    perAction: number;
    lock: boolean;
  },
): Promise<Look> {
  const [answer] = (
    await prepared(
      db.raw(LOOK_SQL, [
        organizationId,
        profileId,
        now,
        dayStart,
        [...ACTION_PRIORITY],
        perAction,
        lock,
        profileId,
        profileId,
      ]),
      'claim_look',
    )
  ).rows as { v: unknown; manual: boolean; slow: unknown }[];
  const look = parsed(answer?.v) as {
    profile:
      | (Omit<LookedProfile, 'paused_until' | 'next_action_at' | 'warmup_started_at'> &
          Record<string, unknown>)
      | null;
    license_till?: string | null;
    traffic?: { limit: string | null; used: string | null } | null;
    campaigns?: (Omit<LookedCampaign, 'settings' | 'planned_at'> & {
      settings: CampaignSettings | string;
      planned_at: string | null;
    })[];
    counts?: Record<string, unknown>;
    tasks?: unknown;
  };
  const profile = look.profile;
  return {
    profile: profile && {
      ...profile,
      paused_until: asDate(profile.paused_until),
      next_action_at: asDate(profile.next_action_at),
      warmup_started_at: asDate(profile.warmup_started_at),
    },
    licenseTill: look.license_till ?? null,
    traffic: { trafficLimit: look.traffic?.limit ?? '0', usedTraffic: look.traffic?.used ?? '0' },
    campaigns: (look.campaigns ?? []).map((c) => ({
      ...c,
      settings: parseSettings(c.settings),
      planned_at: asDate(c.planned_at),
    })),
    counts: new Map(Object.entries(look.counts ?? {}).map(([action, n]) => [action, counted(n)])),
    tasks: toCandidates(look.tasks ?? []),
    manualWaiting: answer?.manual === true,
    slowDowns: toSlowDowns(parsed<{ campaign: number; level: unknown; day: string }[]>(answer?.slow ?? '[]')),
  };
}

/**
 * The next most urgent due tasks among the pairs that may run, passing over those the claim has
 * already decided on, with their facts (the look's tasks ran out before one passed).
 */
export async function moreTasks(
  db: Knex | Knex.Transaction,
  {
    organizationId,
    profileId,
    allowed,
    seen,
    now,
    dayStart,
    limit,
  }: {
    organizationId: number;
    profileId: number;
    allowed: readonly Pair[];
    seen: readonly (number | string)[];
    now: Date;
    dayStart: Date;
    limit: number;
  },
): Promise<Candidate[]> {
  if (allowed.length === 0) return [];
  return toCandidates(
    await call(
      db,
      'claim_tasks',
      'select reachly_claim_tasks(?, ?, ?, ?, ?::text[], ?::int[], ?::text[], ?::bigint[], ?, ?) as v',
      [
        organizationId,
        profileId,
        now,
        dayStart,
        [...ACTION_PRIORITY],
        allowed.map(([c]) => c),
        allowed.map(([, a]) => a),
        seen.map(String),
        limit,
        limit,
      ],
    ),
  );
}

/** A claim of a person for the profile, with the owner the claim expects it to answer. */
interface PersonClaim {
  profileUrl: string;
  campaignId: number;
  takeOver: boolean;
  expect: { ownerProfileId: number; ownerCampaignId: number };
}

/** The task leased: its new attempt count and payload; `countSent`: count the messages with this text into payload.sentBefore. */
export interface LeaseWrite {
  id: number | string;
  version: string;
  attempts: number;
  leaseUntil: Date;
  payload: Record<string, unknown>;
  countSent: { text: string; leadId: number } | null;
}

/** What a claim writes, decided on the look. */
export interface ClaimCommit {
  organizationId: number;
  profileId: number;
  /** The profile's row version at the look. */
  version: string;
  now: Date;
  /** Besides last_claim_at (always now): the gap, the warm-up start, the day of the stats. */
  profileSet: { next_action_at?: Date; warmup_started_at?: Date; stats_day?: string };
  skips: { id: number | string; version: string; reason: string }[];
  people: PersonClaim[];
  lease: LeaseWrite | null;
  logs: readonly LogEntry[];
  /** When nothing is leased: when the first pending task of `allowed` falls due, and which `blocked` pairs hold due work. */
  nothing: { allowed: readonly Pair[]; blocked: readonly Pair[] } | null;
}

export interface LogRowJson {
  id: number | string;
  campaign_id: number | null;
  profile_id: number | null;
  lead_id: number | null;
  type: LogEntry['type'];
  message: string | null;
  created_at: string;
}

export interface CommitResult {
  /** False: the profile or a task changed since the look, or a person's owner is not the one expected; nothing was written. */
  ok: boolean;
  /** The leased task's payload as written. */
  payload: Record<string, unknown> | null;
  logs: LogRowJson[];
  nextDue: Date | null;
  /** The blocked pairs holding due work, as `campaignId:action`. */
  dueBlocked: Set<string>;
}

/** reachly_claim_write's error when a person it claims has another owner than the claim expected: it wrote nothing. */
const OWNER_CHANGED = 'RC001';

const pairRows = (pairs: readonly Pair[]) => pairs.map(([campaign_id, action]) => ({ campaign_id, action }));

/**
 * The claim's one write. Locks the profile's row and the tasks decided on, and goes on only if
 * none changed since the look; claims the people (an owner other than the one expected undoes
 * it all); then skips the dead tasks, leases the task, updates the profile and writes the log rows.
 */
export async function commitClaim(db: Knex | Knex.Transaction, c: ClaimCommit): Promise<CommitResult> {
  const lease = c.lease;
  const decision = {
    organization_id: c.organizationId,
    profile_id: c.profileId,
    version: c.version,
    now: c.now.toISOString(),
    decided: [...c.skips, ...(lease ? [lease] : [])].map((d) => ({ id: String(d.id), version: d.version })),
    people: c.people.map((p) => ({
      profile_url: p.profileUrl,
      campaign_id: p.campaignId,
      take_over: p.takeOver,
      owner_profile_id: p.expect.ownerProfileId,
      owner_campaign_id: p.expect.ownerCampaignId,
    })),
    skips: c.skips.map((s) => ({ id: String(s.id), reason: s.reason })),
    lease: lease && {
      id: String(lease.id),
      attempts: lease.attempts,
      lease_until: lease.leaseUntil.toISOString(),
      payload: lease.payload,
      count_text: lease.countSent?.text ?? null,
      count_lead_id: lease.countSent?.leadId ?? null,
    },
    next_action_at: c.profileSet.next_action_at?.toISOString() ?? null,
    warmup_started_at: c.profileSet.warmup_started_at?.toISOString() ?? null,
    stats_day: c.profileSet.stats_day ?? null,
    logs: c.logs,
    nothing: c.nothing && { allowed: pairRows(c.nothing.allowed), blocked: pairRows(c.nothing.blocked) },
  };
  let result: {
    ok: boolean;
    payload?: unknown;
    logs?: LogRowJson[];
    next_due?: string | null;
    due_blocked?: string[];
  };
  try {
    result = (await call(db, 'claim_write', 'select reachly_claim_write(?::jsonb) as v', [
      JSON.stringify(decision),
    ])) as typeof result;
  } catch (error) {
    if ((error as { code?: unknown }).code === OWNER_CHANGED) result = { ok: false };
    else throw error;
  }
  return {
    ok: result.ok === true,
    payload: result.payload == null ? null : parsed<Record<string, unknown>>(result.payload),
    logs: result.logs ?? [],
    nextDue: asDate(result.next_due),
    dueBlocked: new Set(result.due_blocked ?? []),
  };
}
