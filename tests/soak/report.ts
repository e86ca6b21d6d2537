import { localTime, nextWorkingStart } from '@reachly/shared/logic';
import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
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
