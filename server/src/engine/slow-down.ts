import { SLOW_DOWN_TEXTS } from '@reachly/shared/constants';
import {
  type AcceptanceTally,
  asSlowDownLevel,
  decidedAfterDays,
  nextSlowDownLevel,
  SLOW_DOWN_RECOVERY_MARGIN,
  type SlowDownLevel,
  slowDownBoundary,
  slowDownSettings,
  slowedDailyCap,
} from '@reachly/shared/logic';
import type { CampaignAction, CampaignLog } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { writeLogs } from './activity-log.ts';
import type { PlannedCampaign } from './planner.ts';
import { dailyCapOf, stepOf } from './settings.ts';
import type { Effects } from './task-types.ts';

/**
 * The claim's slow-down (issue 17; the rule is shared/src/logic/slow-down.ts): a profile's
 * friend-request cap per campaign steps down when few of its last decided requests were accepted.
 *
 * The level is decided once per profile, campaign and local day, on the profile's first claim of
 * the day that finds the campaign running (the cap is a daily cap: it does not change under a day's
 * sending), and kept in profile_slow_downs. Every claim's look reads the profile's rows (a few rows
 * by primary key, in the look's round trip); only the first claim of a day reads the requests
 * (one statement over the profile's done friend requests, all its campaigns: the network judges
 * the profile) and writes the new level, with its notice when the cap changes, in one
 * transaction. The write goes through only where the row is still the one the look read, so two
 * claims deciding at once write one level and one notice.
 */

/** A (profile, campaign)'s level as the look read it. */
export interface SlowDownState {
  level: SlowDownLevel;
  day: string;
}

/** The look's subquery: the profile's rows (bind the profile's id). */
export const SLOW_DOWNS_OF_PROFILE = `(select coalesce(json_agg(json_build_object('campaign', s.campaign_id,
  'level', s.level, 'day', s.day)), '[]') from profile_slow_downs s where s.profile_id = ?)`;

export function toSlowDowns(rows: readonly { campaign: number; level: unknown; day: string }[]) {
  return new Map<number, SlowDownState>(
    rows.map((r) => [Number(r.campaign), { level: asSlowDownLevel(r.level), day: r.day }]),
  );
}

/** A campaign's friend-request cap at its level (absent: full); any other action's cap as it is. */
export function capOf(
  campaign: PlannedCampaign,
  action: CampaignAction,
  levels: ReadonlyMap<number, SlowDownLevel>,
): number {
  const cap = dailyCapOf(campaign.settings, action);
  return action === 'friendRequest' ? slowedDailyCap(cap, levels.get(campaign.id) ?? 0) : cap;
}

/** The last decided friend requests of the profile, per (how many, after how many days), in that order. */
async function tallies(
  db: Knex | Knex.Transaction,
  profileId: number,
  now: Date,
  looks: readonly { lastRequests: number; days: number }[],
): Promise<AcceptanceTally[]> {
  const { rows } = (await db.raw(
    `select count(r.accepted)::int as decided, count(*) filter (where r.accepted)::int as accepted
       from unnest(?::int[], ?::int[]) with ordinality as s(n, days, k)
       left join lateral (
         select l.friend_accepted_at is not null as accepted
           from campaign_tasks t join leads l on l.id = t.lead_id
          where t.profile_id = ? and t.action = 'friendRequest' and t.status = 'done'
            and (l.friend_accepted_at is not null
                 or t.finished_at <= ?::timestamptz - s.days * interval '1 day')
          order by least(l.friend_accepted_at, t.finished_at + s.days * interval '1 day') desc, t.id desc
          limit s.n) r on true
      group by s.k order by s.k`,
    [looks.map((l) => l.lastRequests), looks.map((l) => l.days), profileId, now],
  )) as { rows: { decided: unknown; accepted: unknown }[] };
  return rows.map((r) => ({ decided: Number(r.decided), accepted: Number(r.accepted) }));
}

/** The notice of a change of level, or null when the cap stays the same number. */
function noticeOf(
  profileName: string,
  campaign: PlannedCampaign,
  change: { from: SlowDownLevel; to: SlowDownLevel; tally: AcceptanceTally; threshold: number; days: number },
): string | null {
  const cap = dailyCapOf(campaign.settings, 'friendRequest');
  const counts = {
    profile: profileName,
    cap: slowedDailyCap(cap, change.to),
    from: slowedDailyCap(cap, change.from),
    ...change.tally,
  };
  if (counts.cap === counts.from) return null;
  if (change.to > change.from) {
    return SLOW_DOWN_TEXTS.steppedDown({
      ...counts,
      threshold: change.threshold,
      farBelow: change.to === 2,
      decidedAfterDays: change.days,
    });
  }
  const left = (change.to + 1) as 1 | 2;
  return SLOW_DOWN_TEXTS.steppedUp({
    ...counts,
    atLeast: slowDownBoundary(left, change.threshold) * SLOW_DOWN_RECOVERY_MARGIN,
  });
}

/**
 * Writes a level where the row is still the one the look read (`before`, or none); answers the
 * level the row holds after (another claim's, when it decided first).
 */
async function writeLevel(
  trx: Knex.Transaction,
  key: { profileId: number; campaignId: number },
  before: SlowDownState | undefined,
  row: { level: SlowDownLevel; day: string; tally: AcceptanceTally; now: Date },
): Promise<{ level: SlowDownLevel; won: boolean }> {
  const { rows } = (await trx.raw(
    `insert into profile_slow_downs as s (profile_id, campaign_id, level, day, accepted, decided, updated_at)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (profile_id, campaign_id) do update set level = excluded.level, day = excluded.day,
       accepted = excluded.accepted, decided = excluded.decided, updated_at = excluded.updated_at
      where s.day is not distinct from ?::text and s.level = ?
     returning s.level`,
    [
      key.profileId,
      key.campaignId,
      row.level,
      row.day,
      row.tally.accepted,
      row.tally.decided,
      row.now,
      before?.day ?? null,
      before?.level ?? 0,
    ],
  )) as { rows: unknown[] };
  if (rows.length > 0) return { level: row.level, won: true };
  const held = await trx('profile_slow_downs')
    .where({ profile_id: key.profileId, campaign_id: key.campaignId })
    .first('level');
  return { level: asSlowDownLevel(held?.level), won: false };
}

/** The notices a claim's slow-down decisions wrote (in their own transaction), to push with the claim's answer. */
export interface SlowDownNotices {
  logs: CampaignLog[];
  notices: Effects['notices'];
}

/**
 * The friend-request level of each running campaign of the profile today (campaign id → level;
 * absent: full cap), deciding first those not decided today. `slowed` collects the notices.
 */
export async function slowDownLevels(
  db: Knex | Knex.Transaction,
  {
    organizationId,
    profile,
    look,
    today,
    now,
    slowed,
  }: {
    organizationId: number;
    profile: { id: number; name: string };
    /** The claim's look: the running campaigns and the levels decided before. */
    look: { campaigns: Iterable<PlannedCampaign>; slowDowns: ReadonlyMap<number, SlowDownState> };
    today: string;
    now: Date;
    slowed: SlowDownNotices;
  },
): Promise<Map<number, SlowDownLevel>> {
  const levels = new Map<number, SlowDownLevel>();
  const due: { campaign: PlannedCampaign; lastRequests: number; threshold: number; days: number }[] = [];
  for (const campaign of look.campaigns) {
    const step = stepOf(campaign.settings, 'friendRequest');
    const settings = step && slowDownSettings(step);
    if (!step || !settings) continue;
    const state = look.slowDowns.get(campaign.id);
    if (state?.day === today) levels.set(campaign.id, state.level);
    else {
      const { lastRequests, minAcceptanceRate: threshold } = settings;
      due.push({ campaign, lastRequests, threshold, days: decidedAfterDays(step) });
    }
  }
  if (due.length === 0) return levels;
  const counted = await tallies(db, profile.id, now, due);
  const notices: SlowDownNotices['notices'] = [];
  await db.transaction(async (trx) => {
    for (const [i, { campaign, lastRequests, threshold, days }] of due.entries()) {
      const tally = counted[i] ?? { decided: 0, accepted: 0 };
      const before = look.slowDowns.get(campaign.id);
      const from = before?.level ?? 0;
      const to = nextSlowDownLevel(tally, { lastRequests, minAcceptanceRate: threshold }, from);
      const key = { profileId: profile.id, campaignId: campaign.id };
      const { level, won } = await writeLevel(trx, key, before, { level: to, day: today, tally, now });
      levels.set(campaign.id, level);
      const message =
        won && to !== from ? noticeOf(profile.name, campaign, { from, to, tally, threshold, days }) : null;
      if (message) notices.push({ campaignId: campaign.id, profileId: profile.id, type: 'SIGNAL', message });
    }
    slowed.logs.push(...(await writeLogs(trx, organizationId, now, notices)));
  });
  slowed.notices.push(...notices);
  return levels;
}
