import {
  effectiveDailyCap,
  isWithinWorkingHours,
  localTime,
  nextWorkingStart,
  warmupFactor,
} from '@reachly/shared/logic';
import { type CampaignAction, DEFAULT_DAILY_CAPS } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import type { SimRecord } from './sim-executor.ts';

/**
 * What the simulated month must show, checked against the sandbox network's own records (what each
 * person really received, and when) and the server's tasks and log.
 */

export interface Hours {
  start: string;
  end: string;
}

export interface MonthFacts {
  epoch: number;
  end: number;
  organizationId: number;
  profileIds: number[];
  zones: Record<number, string>;
  /** The sandbox login of each profile's account. */
  accounts: Record<number, string>;
  campaigns: { a: number; b: number };
  profilesOf: Record<number, number[]>;
  /** Caps and hours in force from `at` (the scenario changes them mid-run). */
  settings: { at: number; campaignId: number; caps: Partial<Record<CampaignAction, number>>; hours: Hours }[];
  licenceGap: { from: number; to: number };
  manualMoves: { conversationId: number; status: string; at: number }[];
  downtimes: { profileId: number; from: number; to: number }[];
  lifted?: { profileId: number; at: number };
  /** People given one of the harder answers (sandbox script), by slug. */
  answers: Map<string, HardAnswer>;
}

/** The answers whose consequences the month checks (the sandbox's scripts of the same names). */
export type HardAnswer = 'later-named' | 'later' | 'wrong-person' | 'stop' | 'other-language';
export const HARD_ANSWERS: readonly HardAnswer[] = [
  'later-named',
  'later',
  'wrong-person',
  'stop',
  'other-language',
];
/** What a profile may still send after a lead's answer, before the server has read it (an inbox look). */
const READ_DELAY_MS = 15 * 60_000;

interface TaskRow {
  id: number;
  profile_id: number;
  lead_id: number | null;
  campaign_id: number;
  action: CampaignAction;
  status: string;
  step_key: string;
  due_at: Date;
  claimed_at: Date | null;
  result: unknown;
}

/** What the network saw one of our accounts do. */
interface NetworkAction {
  profileId: number;
  kind: 'request' | 'message' | 'accept';
  person: string;
  at: number;
  text?: string;
}

const MESSAGE_ACTIONS: readonly CampaignAction[] = ['welcomeMessage', 'aiReply', 'followUp', 'callToAction'];
const URGENT: readonly CampaignAction[] = [...MESSAGE_ACTIONS, 'acceptRequest'];
const AI_REPLIES_PER_DAY = 2;
export const EXPECTED_LOG_TYPES = [
  'SENT_FRIEND_REQUEST',
  'SENT_WELCOME_MESSAGE',
  'SENT_AI_REPLY',
  'SENT_FOLLOW_UP',
  'STATUS_CHANGE',
  'RESTRICTION',
  'SIGNAL',
  'TARGETING_STARTED',
  'TARGETING_FINISHED',
  'DAILY_STATS_COLLECTING_STARTED',
  'DAILY_STATS_COLLECTING_FINISHED',
  'FETCHING',
  'UPDATED',
  'LAUNCH_FAILED',
  'MANUAL_SURFING',
] as const;

function settingsAt(facts: MonthFacts, profileId: number, at: number) {
  const campaignId = Number(
    Object.entries(facts.profilesOf).find(([, ids]) => ids.includes(profileId))?.[0] ?? Number.NaN,
  );
  const entries = facts.settings.filter((s) => s.campaignId === campaignId && s.at <= at);
  const latest = entries.at(-1);
  if (!latest) throw new Error(`no settings for profile ${profileId}`);
  return { campaignId, caps: latest.caps, hours: latest.hours };
}

/** The cap in force at `at`, with the warm-up ramp of a profile that started at the epoch. */
const capOf = (
  facts: MonthFacts,
  caps: Partial<Record<CampaignAction, number>>,
  action: CampaignAction,
  at: number,
) =>
  effectiveDailyCap(
    caps[action] ?? DEFAULT_DAILY_CAPS[action],
    warmupFactor(new Date(facts.epoch), new Date(at)),
  );

function networkActions(sandbox: Sandbox, facts: MonthFacts): NetworkAction[] {
  const state = sandbox.context.state;
  const profileOfAccount = new Map<number, number>();
  for (const [profileId, login] of Object.entries(facts.accounts)) {
    const account = state.accounts.get(login);
    if (account) profileOfAccount.set(account.id, Number(profileId));
  }
  const out: NetworkAction[] = [];
  for (const r of state.requests) {
    const profileId = profileOfAccount.get(r.accountId);
    if (profileId === undefined) continue;
    if (r.direction === 'outgoing')
      out.push({ profileId, kind: 'request', person: r.personSlug, at: r.sentAt });
    else if (r.status === 'accepted' && r.acceptedAt !== null)
      out.push({ profileId, kind: 'accept', person: r.personSlug, at: r.acceptedAt });
  }
  for (const m of state.messages) {
    const profileId = profileOfAccount.get(m.accountId);
    if (profileId === undefined || m.from !== 'account') continue;
    out.push({ profileId, kind: 'message', person: m.personSlug, at: m.at, text: m.text });
  }
  return out;
}

export async function checkInvariants(
  db: Knex,
  sandbox: Sandbox,
  facts: MonthFacts,
  record: SimRecord,
): Promise<string[]> {
  const violations: string[] = [];
  const actions = networkActions(sandbox, facts);
  const fail = (text: string) => {
    if (violations.length < 200) violations.push(text);
  };

  // Nobody got two friend requests from our profiles, nor the same message twice.
  const requests = new Map<string, number>();
  const messages = new Map<string, number>();
  for (const a of actions) {
    if (a.kind === 'request') requests.set(a.person, (requests.get(a.person) ?? 0) + 1);
    if (a.kind === 'message') {
      const key = `${a.person}\u0000${a.text}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  for (const [person, n] of requests) if (n > 1) fail(`${person} got ${n} friend requests`);
  for (const [key, n] of messages) if (n > 1) fail(`${key.replace('\u0000', ' got twice: ')} (${n}×)`);
  // One person, one profile.
  const profilesOfPerson = new Map<string, Set<number>>();
  for (const a of actions) {
    if (a.kind === 'accept') continue;
    const set = profilesOfPerson.get(a.person) ?? new Set<number>();
    set.add(a.profileId);
    profilesOfPerson.set(a.person, set);
  }
  for (const [person, set] of profilesOfPerson)
    if (set.size > 1) fail(`${person} heard from ${set.size} profiles`);

  // Working hours, the licence gap, pauses and downtimes, per action the network saw.
  for (const a of actions) {
    const { hours } = settingsAt(facts, a.profileId, a.at);
    const zone = facts.zones[a.profileId] ?? 'UTC';
    if (!isWithinWorkingHours(new Date(a.at), hours, zone))
      fail(
        `profile ${a.profileId} acted outside ${hours.start}-${hours.end} ${zone}: ${a.kind} at ${iso(a.at)}`,
      );
    if (a.at >= facts.licenceGap.from && a.at < facts.licenceGap.to)
      fail(`profile ${a.profileId} acted while the licence was expired: ${a.kind} at ${iso(a.at)}`);
    for (const r of record.restrictions) {
      const end =
        facts.lifted?.profileId === r.profileId && facts.lifted.at > r.at
          ? Math.min(r.until, facts.lifted.at)
          : r.until;
      if (r.profileId === a.profileId && a.at > r.at && a.at < end)
        fail(
          `profile ${a.profileId} acted while paused (${iso(r.at)} to ${iso(end)}): ${a.kind} at ${iso(a.at)}`,
        );
    }
    for (const d of facts.downtimes)
      if (d.profileId === a.profileId && a.at > d.from && a.at < d.to)
        fail(`profile ${a.profileId} acted while its browser was down: ${a.kind} at ${iso(a.at)}`);
  }

  const tasks = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId })
    .select(
      'id',
      'profile_id',
      'lead_id',
      'campaign_id',
      'action',
      'status',
      'step_key',
      'due_at',
      'claimed_at',
      'result',
    )) as TaskRow[];
  const done = tasks.filter((t) => t.status === 'done' && t.claimed_at !== null);
  const index = new ClaimIndex(facts, done);

  // Daily caps, per profile, action and local day, with the caps in force.
  const perDay = new Map<string, number>();
  for (const t of done) {
    const at = new Date(t.claimed_at as Date).getTime();
    const key = `${t.profile_id}|${t.action}|${index.day(Number(t.profile_id), at)}`;
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
    const cap = capOf(facts, settingsAt(facts, Number(t.profile_id), at).caps, t.action, at);
    if ((perDay.get(key) ?? 0) > cap) fail(`cap of ${cap} ${t.action} exceeded: ${key}`);
  }

  // Due replies, welcomes and follow-ups go before new friend requests: none waited while a request
  // went out, unless its own daily cap was used up by then.
  const requestTimes = new Map<number, number[]>();
  for (const t of done)
    if (t.action === 'friendRequest')
      requestTimes.set(Number(t.profile_id), [
        ...(requestTimes.get(Number(t.profile_id)) ?? []),
        new Date(t.claimed_at as Date).getTime(),
      ]);
  for (const list of requestTimes.values()) list.sort((x, y) => x - y);
  for (const m of done) {
    if (!URGENT.includes(m.action)) continue;
    const profileId = Number(m.profile_id);
    const due = new Date(m.due_at).getTime();
    const claimed = new Date(m.claimed_at as Date).getTime();
    for (const at of requestTimes.get(profileId) ?? []) {
      if (at < due + 1000 || at >= claimed) continue;
      const used = index.usedBefore(profileId, m.action, at);
      if (used < capOf(facts, settingsAt(facts, profileId, at).caps, m.action, at)) {
        fail(
          `profile ${profileId}: ${m.action} due ${iso(due)} waited while a friend request went out at ${iso(at)}`,
        );
        break;
      }
    }
  }

  // At most one AI reply per inbound message (a unique key) and a daily limit per conversation.
  const replies = new Map<string, number>();
  for (const t of done.filter((t) => t.action === 'aiReply')) {
    const key = `${t.lead_id}|${t.profile_id}|${index.day(Number(t.profile_id), new Date(t.claimed_at as Date).getTime())}`;
    replies.set(key, (replies.get(key) ?? 0) + 1);
  }
  for (const [key, n] of replies)
    if (n > AI_REPLIES_PER_DAY) fail(`${n} AI replies in one conversation and day: ${key}`);

  // The network received exactly what the log says was sent.
  const logged = (await db('campaign_logs as l')
    .leftJoin('leads as d', 'd.id', 'l.lead_id')
    .where({ 'l.organization_id': facts.organizationId })
    .whereIn('l.type', [
      'SENT_FRIEND_REQUEST',
      'SENT_WELCOME_MESSAGE',
      'SENT_AI_REPLY',
      'SENT_FOLLOW_UP',
      'SENT_CALL_TO_ACTION',
    ])
    .select('l.type', 'l.message', 'l.profile_id', 'd.profile_url')) as {
    type: string;
    message: string;
    profile_id: number | null;
    profile_url: string | null;
  }[];
  // A message found already sent after a lapsed claim is logged as such, once: every message the
  // network holds is in the log once.
  const loggedMessages = logged.filter((l) => l.type !== 'SENT_FRIEND_REQUEST').length;
  const netMessages = actions.filter((a) => a.kind === 'message').length;
  if (loggedMessages !== netMessages) fail(`log: ${loggedMessages} messages sent, network: ${netMessages}`);
  // Requests, person by person: each request our profiles sent is in the log once, as sent or (the
  // browser died between the click and its report) as found already done; a request logged as sent
  // reached the network. A request "found done" with none of ours behind it is the person's own.
  const personOf = (url: string | null) =>
    url ? decodeURIComponent(url.split('/').filter(Boolean).at(-1) ?? '') : '';
  const requestRows = new Map<string, { fresh: number; found: number }>();
  for (const l of logged.filter((l) => l.type === 'SENT_FRIEND_REQUEST')) {
    const key = `${l.profile_id}|${personOf(l.profile_url)}`;
    const row = requestRows.get(key) ?? { fresh: 0, found: 0 };
    if (l.message.includes('found already done')) row.found += 1;
    else row.fresh += 1;
    requestRows.set(key, row);
  }
  const sentOnNetwork = new Set(
    actions.filter((a) => a.kind === 'request').map((a) => `${a.profileId}|${a.person}`),
  );
  for (const key of sentOnNetwork) {
    const row = requestRows.get(key);
    if (!row || row.fresh + row.found !== 1)
      fail(`request ${key} is on the network, logged ${row ? row.fresh + row.found : 0} times`);
  }
  for (const [key, row] of requestRows)
    if (row.fresh > 0 && !sentOnNetwork.has(key)) fail(`request ${key} logged as sent, not on the network`);

  // What the harder answers make the engine do. Stop, wrong person, another language: nothing more
  // from any profile once the answer has been read (the first two are off-limits, the third is a
  // person's to answer). Later: nothing until the day planned, then the message on that day.
  const state = sandbox.context.state;
  const firstAnswer = new Map<string, number>();
  for (const m of state.messages) {
    if (m.from !== 'person' || !facts.answers.has(m.personSlug)) continue;
    if (!firstAnswer.has(m.personSlug) || (firstAnswer.get(m.personSlug) as number) > m.at)
      firstAnswer.set(m.personSlug, m.at);
  }
  for (const [person, answer] of facts.answers) {
    const at = firstAnswer.get(person);
    if (at === undefined || answer === 'later' || answer === 'later-named') continue;
    const after = actions.filter(
      (a) => a.person === person && a.kind !== 'accept' && a.at > at + READ_DELAY_MS,
    );
    if (after.length > 0)
      fail(
        `${person} answered "${answer}" at ${iso(at)} and still got ${after.length} (first ${after[0]?.kind} at ${iso(after[0]?.at ?? 0)})`,
      );
  }
  const laterTasks = (await db('campaign_tasks as t')
    .join('leads as l', 'l.id', 't.lead_id')
    .where({ 't.organization_id': facts.organizationId, 't.action': 'followUp' })
    .andWhere('t.step_key', 'like', 'contactLater:%')
    .select('t.status', 't.due_at', 't.step_key', 't.claimed_at', 't.profile_id', 'l.profile_url')) as {
    status: string;
    due_at: Date;
    step_key: string;
    claimed_at: Date | null;
    profile_id: number;
    profile_url: string;
  }[];
  // Planned when the answer was read: the stored message its key names (stored on the engine's clock).
  const answerIds = laterTasks.map((t) => Number(t.step_key.slice('contactLater:'.length)));
  const readAt = new Map(
    (
      (await db('conversation_messages').whereIn('id', answerIds).select('id', 'sent_at')) as {
        id: number;
        sent_at: Date;
      }[]
    ).map((m) => [Number(m.id), new Date(m.sent_at).getTime()]),
  );
  const slugOfUrl = (url: string) => decodeURIComponent(url.split('/').filter(Boolean).at(-1) ?? '');
  for (const t of laterTasks) {
    const person = slugOfUrl(t.profile_url);
    const planned = readAt.get(Number(t.step_key.slice('contactLater:'.length))) ?? Number.NaN;
    const due = new Date(t.due_at).getTime();
    const early = actions.filter(
      (a) => a.person === person && a.kind === 'message' && a.at > planned + READ_DELAY_MS && a.at < due,
    );
    if (early.length > 0)
      fail(
        `${person} asked for later (due ${iso(due)}) and got "${early[0]?.text}" at ${iso(early[0]?.at ?? 0)}`,
      );
    if (t.status === 'done' && new Date(t.claimed_at as Date).getTime() < due)
      fail(`${person}'s later message claimed at ${iso(t.claimed_at as Date)}, before its day ${iso(due)}`);
  }

  // A card a person moved stays where they put it.
  const lastMove = new Map<number, string>();
  for (const m of facts.manualMoves) lastMove.set(m.conversationId, m.status);
  for (const [id, status] of lastMove) {
    const card = (await db('conversations').where({ id }).first('status')) as { status: string } | undefined;
    if (card && card.status !== status)
      fail(`card ${id} moved by a person to ${status} is now ${card.status}`);
  }

  // Every kind of event that happened is in the log.
  const types = new Set(
    (
      (await db('campaign_logs').where({ organization_id: facts.organizationId }).distinct('type')) as {
        type: string;
      }[]
    ).map((r) => r.type),
  );
  for (const type of EXPECTED_LOG_TYPES) if (!types.has(type)) fail(`no ${type} row in the log`);
  return violations;
}

/** Claim times per profile, action and local day, sorted: how many were claimed before a time, by bisection. */
class ClaimIndex {
  private readonly times = new Map<string, number[]>();
  private readonly days = new Map<string, string>();

  constructor(
    private readonly facts: MonthFacts,
    tasks: readonly { profile_id: number; action: CampaignAction; claimed_at: Date | null }[],
  ) {
    for (const t of tasks) {
      if (t.claimed_at === null) continue;
      const at = new Date(t.claimed_at).getTime();
      const key = `${Number(t.profile_id)}|${t.action}|${this.day(Number(t.profile_id), at)}`;
      const list = this.times.get(key) ?? [];
      list.push(at);
      this.times.set(key, list);
    }
    for (const list of this.times.values()) list.sort((a, b) => a - b);
  }

  /** The profile's local date of `at` (cached by the hour). */
  day(profileId: number, at: number): string {
    const key = `${profileId}|${Math.floor(at / 3_600_000)}`;
    let day = this.days.get(key);
    if (day === undefined) {
      day = localTime(new Date(at), this.facts.zones[profileId] ?? 'UTC').date;
      this.days.set(key, day);
    }
    return day;
  }

  /** How many `action` tasks the profile claimed on the local day `day` in all. */
  usedOn(profileId: number, action: CampaignAction, day: string): number {
    return this.times.get(`${profileId}|${action}|${day}`)?.length ?? 0;
  }

  /** How many `action` tasks the profile claimed on the local day of `at`, before `at`. */
  usedBefore(profileId: number, action: CampaignAction, at: number): number {
    const list = this.times.get(`${profileId}|${action}|${this.day(profileId, at)}`) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as number) < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const iso = (at: number | Date) => new Date(at).toISOString();

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
    .select('profile_id', 'action', 'due_at', 'claimed_at')) as {
    profile_id: number;
    action: CampaignAction;
    due_at: Date;
    claimed_at: Date;
  }[];
  const claimedAt = urgent.map((t) => ({ ...t, claimed: new Date(t.claimed_at).getTime() }));
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
      if (ready >= facts.licenceGap.from && ready < facts.licenceGap.to) {
        ready = facts.licenceGap.to;
        held = true;
      }
      for (const r of record.restrictions)
        if (r.profileId === profileId && ready >= r.at && ready < r.until) {
          ready = r.until;
          held = true;
        }
      for (const d of facts.downtimes)
        if (d.profileId === profileId && ready >= d.from && ready < d.to) {
          ready = d.to;
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
    return { action: t.action, held, minutes: Math.max(0, t.claimed - ready) / 60_000 };
  });
  const sorted = (list: { minutes: number }[]) => list.map((m) => m.minutes).sort((a, b) => a - b);
  const lateness = sorted(measured);
  const clean = sorted(measured.filter((m) => !m.held));
  const latenessByKind = (MESSAGE_ACTIONS as readonly CampaignAction[])
    .map((action) => [action, sorted(measured.filter((m) => m.action === action))] as const)
    .filter(([, list]) => list.length > 0)
    .map(([action, list]) => `${action} ${percentile(list, 95).toFixed(1)}`)
    .join(', ');
  const duplicates = violations.filter((v) => / got (\d+ friend requests|twice)/.test(v)).length;
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
    ['claims answered', [...record.claims].map(([reason, n]) => `${reason} ${n}`).join(', ')],
    ['caps hit (claims answered daily-cap)', String(record.claims.get('daily-cap') ?? 0)],
    ['pauses after a restriction', String(record.restrictions.length)],
    ['harder answers (later, wrong person, stop, other language)', await answersRow(db, facts)],
    ['duplicates (must be 0)', String(duplicates)],
    ['invariant violations (must be 0)', String(violations.length)],
  ];
  return { rows, violations, duplicates };
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
