import { localTime, nextWorkingStart } from '@reachly/shared/logic';
import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { ACTION_PRIORITY } from '../../server/src/engine/claim-sql.ts';
import {
  ClaimIndex,
  capOf,
  HARD_ANSWERS,
  type HardAnswer,
  MESSAGE_ACTIONS,
  type MonthFacts,
  settingsAt,
} from './facts.ts';
import type { SimRecord } from './sim-executor.ts';

/** The table the soak prints at the end of a simulated month (and README shows). */

export interface SoakReport {
  rows: [string, string][];
  violations: string[];
  duplicates: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** The table the soak prints: tasks by kind, due-task lateness, caps hit, pauses, duplicates. */
export async function summarise(
  db: Knex,
  facts: MonthFacts,
  record: SimRecord,
  violations: string[],
  /** The most requests each profile had pending at once (invariants-withdrawals.ts). */
  pending: ReadonlyMap<number, number> = new Map(),
): Promise<SoakReport> {
  const byKind = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId })
    .select('action', 'status')
    .count({ n: '*' })
    .groupBy('action', 'status')) as { action: string; status: string; n: unknown }[];
  const kinds = new Map<string, string[]>();
  for (const r of byKind) kinds.set(r.action, [...(kinds.get(r.action) ?? []), `${r.status} ${Number(r.n)}`]);
  // Lateness of due welcomes, AI replies and follow-ups: from when they could first run (due, in
  // working hours, licence valid, profile not paused or down, their own daily cap not used up) to
  // their claim.
  const urgent = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId, status: 'done' })
    .whereIn('action', MESSAGE_ACTIONS as CampaignAction[])
    .orderBy('claimed_at')
    .select('id', 'profile_id', 'action', 'due_at', 'claimed_at')) as {
    id: number;
    profile_id: number;
    action: CampaignAction;
    due_at: Date;
    claimed_at: Date;
  }[];
  // A message ran when it was first claimed: an executor killed after sending it claims it again
  // on its restart (and finds it sent), and the database keeps that last claim.
  const claimedAt = urgent.map((t) => ({
    ...t,
    id: Number(t.id),
    claimed: record.firstClaimed?.get(Number(t.id)) ?? new Date(t.claimed_at).getTime(),
  }));
  const index = new ClaimIndex(facts, urgent);
  // Each message's lateness, and whether a licence lapse, a pause or a downtime held it back (the
  // backlog such a stop leaves is worked off at the gap's pace, which this model does not count).
  const measured = claimedAt.map((t) => {
    const profileId = Number(t.profile_id);
    const zone = facts.zones[profileId] ?? 'UTC';
    let ready = new Date(t.due_at).getTime();
    let held = false;
    for (let guard = 0; guard < 60; guard += 1) {
      const before = ready;
      const end = holdEnd(facts, record, profileId, ready);
      if (end > ready) {
        ready = end;
        held = true;
      }
      const { caps, hours } = settingsAt(facts, profileId, ready);
      ready = nextWorkingStart(new Date(ready), hours, zone).getTime();
      const day = index.day(profileId, ready);
      const cap = capOf(facts, caps, t.action, ready);
      // Its cap was used up before it was due, or (claimed on a later day) used up that day by
      // messages due before it: it could first run when the next local day starts.
      const capFull =
        index.usedBefore(profileId, t.action, ready) >= cap ||
        (index.day(profileId, t.claimed) !== day && index.usedOn(profileId, t.action, day) >= cap);
      if (capFull) {
        let next = ready;
        while (localTime(new Date(next), zone).date === day) next += 3_600_000;
        ready = next;
      }
      if (ready === before) break;
    }
    return { ...t, profileId, ready, held, minutes: Math.max(0, t.claimed - ready) / 60_000 };
  });
  const pace = await paceOf(db, facts, record, measured);
  // Due messages wait for their profile's pace and nothing else: none is passed over by a new
  // contact or group work, and each goes within its pace plus one gap of the moment it could.
  const all = [
    ...violations,
    ...(pace.passedOver > 0
      ? [`${pace.passedOver} due messages were passed over by a new contact or group work`]
      : []),
    ...pace.late.slice(0, 20).map((m) => lateLine(m, facts, record)),
    ...(pace.late.length > 20 ? [`and ${pace.late.length - 20} more due messages went late`] : []),
  ];
  const sorted = (list: { minutes: number }[]) => list.map((m) => m.minutes).sort((a, b) => a - b);
  const lateness = sorted(measured);
  const clean = sorted(measured.filter((m) => !m.held));
  const latenessByKind = (MESSAGE_ACTIONS as readonly CampaignAction[])
    .map((action) => [action, sorted(measured.filter((m) => m.action === action))] as const)
    .filter(([, list]) => list.length > 0)
    .map(([action, list]) => `${action} ${percentile(list, 95).toFixed(1)}`)
    .join(', ');
  const duplicates = all.filter((v) => / got (\d+ friend requests|twice)/.test(v)).length;
  const rows: [string, string][] = [
    ['simulated days', String(Math.round((facts.end - facts.epoch) / 86_400_000))],
    ['profiles', String(facts.profileIds.length)],
    ...[...kinds].map(([action, counts]): [string, string] => [`tasks: ${action}`, counts.join(', ')]),
    [
      'due-task lateness p50 / p95 (min)',
      `${percentile(lateness, 50).toFixed(1)} / ${percentile(lateness, 95).toFixed(1)} over ${lateness.length} messages`,
    ],
    [
      'lateness p50 / p95 (min) of messages no lapse, pause or downtime held back',
      `${percentile(clean, 50).toFixed(1)} / ${percentile(clean, 95).toFixed(1)} over ${clean.length} messages`,
    ],
    ['lateness p95 (min) by kind', latenessByKind],
    [
      `lateness beyond the profile's pace p50 / p95 (min), against one gap range (${pace.gapRange})`,
      `${percentile(pace.beyond, 50).toFixed(1)} / ${percentile(pace.beyond, 95).toFixed(1)} over ${pace.beyond.length} messages`,
    ],
    ['messages passed over by a new contact or group work while they could go', String(pace.passedOver)],
    [
      'messages claimed later than ready + (work ahead of them + 1) × longest gap, in working time (must be 0)',
      `${pace.late.length} of ${measured.length}`,
    ],
    ["wakes heard on the executors' sockets, per reason", wakesRow(record, facts)],
    [
      'peak pending friend requests per profile',
      [...pending].map(([profileId, n]) => `#${profileId} ${n}`).join(', '),
    ],
    ['claims answered', [...record.claims].map(([reason, n]) => `${reason} ${n}`).join(', ')],
    ['caps hit (claims answered daily-cap)', String(record.claims.get('daily-cap') ?? 0)],
    ['pauses after a restriction', String(record.restrictions.length)],
    ['harder answers (later, wrong person, stop, other language)', await answersRow(db, facts)],
    ['duplicates (must be 0)', String(duplicates)],
    ['invariant violations (must be 0)', String(all.length)],
  ];
  return { rows, violations: all, duplicates };
}

/**
 * The end of whatever holds the profile back at `at` (the licence lapse, its pause after a
 * restriction, ending at the lift when the scenario lifted it, its browser down), or `at` itself.
 */
function holdEnd(facts: MonthFacts, record: SimRecord, profileId: number, at: number): number {
  let t = at;
  for (let guard = 0; guard < 60; guard += 1) {
    const before = t;
    if (t >= facts.licenceGap.from && t < facts.licenceGap.to) t = facts.licenceGap.to;
    for (const r of record.restrictions) {
      // A pause the scenario lifted ends at the lift (as invariants-network.ts reads it).
      const end =
        facts.lifted?.profileId === r.profileId && facts.lifted.at > r.at
          ? Math.min(r.until, facts.lifted.at)
          : r.until;
      if (r.profileId === profileId && t >= r.at && t < end) t = end;
    }
    for (const d of facts.downtimes) if (d.profileId === profileId && t >= d.from && t < d.to) t = d.to;
    if (t === before) break;
  }
  return t;
}

/**
 * The time from `from` to `to` in which the profile could work: inside its campaign's working
 * hours (its zone) and not held (holdEnd). A message ready two minutes before the window closes
 * waits the night, which is not lateness (issue 14: "within its working window plus one gap").
 */
function workingTime(
  facts: MonthFacts,
  record: SimRecord,
  profileId: number,
  from: number,
  to: number,
): number {
  const zone = facts.zones[profileId] ?? 'UTC';
  let active = 0;
  let t = from;
  while (t < to) {
    const free = holdEnd(facts, record, profileId, t);
    const start = nextWorkingStart(new Date(free), settingsAt(facts, profileId, free).hours, zone).getTime();
    if (start > t) {
      t = start;
      continue;
    }
    const step = Math.min(to, t + 60_000) - t;
    active += step;
    t += step;
  }
  return active;
}

/** New contacts and group work: what a due message must never wait behind. */
const BEHIND_MESSAGES: readonly CampaignAction[] = ['friendRequest', 'collect', 'joinGroups', 'likePosts'];

/** A due message that waited longer than its profile's pace allows (the per-message invariant). */
interface LateMessage {
  id: number;
  profileId: number;
  action: CampaignAction;
  ready: number;
  claimed: number;
  /** The profile's actions between its ready time and its claim that go before it (ACTION_PRIORITY). */
  ahead: number;
  /** The most it could wait in working time: (ahead + 1) × the campaign's longest gap (ms). */
  allowed: number;
}

/**
 * A message waits for two things no rule can shorten: the moment it may first go (`ready`: due,
 * in hours, licence valid, profile not paused or down, its cap not used up) and its profile's pace
 * (one action per gap). Only work the claim takes first (ACTION_PRIORITY: an answer before an
 * acceptance before a welcome before a follow-up; an older task of its own kind) may go ahead of it,
 * each costing at most one longest gap, and the first gap may have started just before it was
 * ready. So every message is claimed within ready + (ahead + 1) × the longest gap of its profile's
 * campaign, counted in the time it could work (workingTime: in hours, not held) and `ahead`
 * counting only such work: `late` lists those that were not (work that goes after
 * it in the claim's order and went first anyway does not extend its allowance; new contacts and
 * group work going first are also counted as `passedOver`). `beyond` keeps the older, looser measure:
 * the time from the later of its ready time and the profile's previous action plus the longest gap.
 */
async function paceOf(
  db: Knex,
  facts: MonthFacts,
  record: SimRecord,
  measured: readonly {
    id: number;
    profileId: number;
    ready: number;
    claimed: number;
    action: CampaignAction;
  }[],
): Promise<{
  beyond: number[];
  passedOver: number;
  gapRange: string;
  longestGap: number;
  late: LateMessage[];
}> {
  const claims = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId })
    .whereNotNull('claimed_at')
    .select('id', 'profile_id', 'action', 'claimed_at')) as {
    id: number;
    profile_id: number;
    action: CampaignAction;
    claimed_at: Date;
  }[];
  const byProfile = new Map<number, { at: number; action: CampaignAction }[]>();
  for (const c of claims) {
    const list = byProfile.get(Number(c.profile_id)) ?? [];
    const last = new Date(c.claimed_at).getTime();
    list.push({ at: last, action: c.action });
    // A task claimed again after a restart was an action of its first claim too.
    const first = record.firstClaimed?.get(Number(c.id));
    if (first !== undefined && first !== last) list.push({ at: first, action: c.action });
    byProfile.set(Number(c.profile_id), list);
  }
  for (const list of byProfile.values()) list.sort((a, b) => a.at - b.at);
  const campaigns = (await db('campaigns')
    .where({ organization_id: facts.organizationId })
    .orderBy('id')
    .select('id', 'settings')) as { id: number; settings: unknown }[];
  const rangeOf = new Map(
    campaigns.map((c) => {
      const settings = (typeof c.settings === 'string' ? JSON.parse(c.settings) : c.settings) as {
        gapSeconds?: { min: number; max: number };
      };
      return [Number(c.id), settings.gapSeconds ?? { min: 0, max: 0 }] as const;
    }),
  );
  const ranges = [...rangeOf.values()];
  const longest = Math.max(0, ...ranges.map((r) => r.max)) * 1000;
  const longestOf = (profileId: number) => {
    const campaignId = Object.entries(facts.profilesOf).find(([, ids]) => ids.includes(profileId))?.[0];
    return (rangeOf.get(Number(campaignId))?.max ?? longest / 1000) * 1000;
  };
  const beyond: number[] = [];
  const late: LateMessage[] = [];
  let passedOver = 0;
  for (const m of measured) {
    const list = byProfile.get(m.profileId) ?? [];
    // The profile's last action before this claim (claims are sorted; few per profile and day).
    let previous = Number.NEGATIVE_INFINITY;
    let passed = false;
    let ahead = 0;
    for (const c of list) {
      if (c.at >= m.claimed) break;
      previous = c.at;
      if (c.at >= m.ready && ACTION_PRIORITY.indexOf(c.action) <= ACTION_PRIORITY.indexOf(m.action))
        ahead += 1;
      if (c.at > m.ready && BEHIND_MESSAGES.includes(c.action)) passed = true;
    }
    if (passed) passedOver += 1;
    beyond.push(Math.max(0, m.claimed - Math.max(m.ready, previous + longest)) / 60_000);
    const allowed = (ahead + 1) * longestOf(m.profileId);
    if (
      m.claimed - m.ready > allowed &&
      workingTime(facts, record, m.profileId, m.ready, m.claimed) > allowed
    )
      late.push({ ...m, ahead, allowed });
  }
  beyond.sort((a, b) => a - b);
  const gapRange = ranges.map((r) => `${r.min / 60}–${r.max / 60} min`).join(', ');
  return { beyond, passedOver, gapRange, longestGap: longest / 60_000, late };
}

/** A late message in words: which, on which profile, how late against what its pace allowed, and what its profile's looks were answered meanwhile. */
function lateLine(m: LateMessage, facts: MonthFacts, record: SimRecord): string {
  const at = (t: number) => new Date(t).toISOString().slice(5, 16).replace('T', ' ');
  const minutes = (ms: number) => (ms / 60_000).toFixed(1);
  const looks = (record.looks?.get(m.profileId) ?? [])
    .filter((l) => l.at >= m.ready - 10 * 60_000 && l.at <= m.claimed)
    .map((l) => `${new Date(l.at).toISOString().slice(11, 19)} ${l.reason}`);
  return `${m.action} #${m.id} on profile #${m.profileId} (${facts.zones[m.profileId]}) was ready ${at(m.ready)} UTC and claimed ${at(
    m.claimed,
  )}: ${minutes(m.claimed - m.ready)} min, more than its pace allows (${m.ahead} action(s) ahead + 1) × longest gap = ${minutes(
    m.allowed,
  )} min; its looks and wakes from 10 min before: ${looks.join(', ') || 'none'}`;
}

/** Wakes heard per reason, and how many of the scenario's changes reached every executor they concern. */
function wakesRow(record: SimRecord, facts: MonthFacts): string {
  const heard = [...record.wakes].map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none';
  const reached = facts.wakes.filter((w) => w.missed.length === 0).length;
  return `${heard}; the scenario's changes that reached every executor concerned: ${reached} of ${facts.wakes.length}`;
}

/** How many gave each harder answer, and what came of "later": planned, and sent on the day. */
async function answersRow(db: Knex, facts: MonthFacts): Promise<string> {
  const given = new Map<HardAnswer, number>();
  for (const a of facts.answers.values()) given.set(a, (given.get(a) ?? 0) + 1);
  const later = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId, action: 'followUp' })
    .andWhere('step_key', 'like', 'contactLater:%')
    .select('status')
    .count({ n: '*' })
    .groupBy('status')) as { status: string; n: unknown }[];
  const people = HARD_ANSWERS.map((a) => `${a} ${given.get(a) ?? 0}`).join(', ');
  const planned = later.map((r) => `${r.status} ${Number(r.n)}`).join(', ') || 'none';
  return `people: ${people}; later messages: ${planned}`;
}

/** The table as Markdown, for the README. */
export function table(report: SoakReport): string {
  return ['| Measure | Value |', '| --- | --- |', ...report.rows.map(([k, v]) => `| ${k} | ${v} |`)].join(
    '\n',
  );
}
