import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import type { HardAnswer, MonthFacts } from './facts.ts';
import { answersHeeded, movesKept } from './invariants-answers.ts';
import { logMatchesNetwork } from './invariants-log.ts';
import { actedWhenAllowed, networkActions, sentOnce } from './invariants-network.ts';
import { tasksWithinLimits } from './invariants-tasks.ts';
import type { SimRecord } from './sim-executor.ts';

/**
 * The simulated month's facts for a run it did not script itself: one profile and one campaign
 * worked by the real extension in Chromium (tests/e2e/soak-extension.test.ts). What the month
 * writes down as it goes is read here from the server's own records after the run: when the
 * profile's warm-up began (the caps' ramp), its time zone, and the pauses the network's notices
 * caused (RESTRICTION and DANGER rows of the log, to the pause's end).
 */
export interface RunOfOneProfile {
  db: Knex;
  organizationId: number;
  profileId: number;
  /** The sandbox login of the profile's account. */
  login: string;
  campaignId: number;
  caps: Partial<Record<CampaignAction, number>>;
  hours: { start: string; end: string };
  /** People given one of the harder answers, by slug. */
  answers?: Map<string, HardAnswer>;
}

export async function factsOfRun(run: RunOfOneProfile): Promise<{ facts: MonthFacts; record: SimRecord }> {
  const { db, organizationId, profileId } = run;
  const profile = (await db('profiles')
    .where({ id: profileId })
    .first('warmup_started_at', 'proxy_timezone', 'paused_until')) as {
    warmup_started_at: Date | string | null;
    proxy_timezone: string | null;
    paused_until: Date | string | null;
  };
  const epoch = profile.warmup_started_at ? new Date(profile.warmup_started_at).getTime() : 0;
  const notices = (await db('campaign_logs')
    .where({ organization_id: organizationId, profile_id: profileId })
    .whereIn('type', ['RESTRICTION', 'DANGER'])
    .orderBy('id')
    .select('created_at')) as { created_at: Date | string }[];
  const pausedUntil = profile.paused_until ? new Date(profile.paused_until).getTime() : 0;
  const record: SimRecord = {
    claims: new Map(),
    wakes: new Map(),
    restrictions: notices.map((n) => {
      const at = new Date(n.created_at).getTime();
      return { at, until: Math.max(at, pausedUntil), profileId };
    }),
  };
  const facts: MonthFacts = {
    epoch,
    end: Number.POSITIVE_INFINITY,
    organizationId,
    profileIds: [profileId],
    zones: { [profileId]: profile.proxy_timezone ?? 'UTC' },
    accounts: { [profileId]: run.login },
    campaigns: { a: run.campaignId, b: run.campaignId },
    profilesOf: { [run.campaignId]: [profileId] },
    settings: [{ at: 0, campaignId: run.campaignId, caps: run.caps, hours: run.hours }],
    licenceGap: { from: 0, to: 0 },
    manualMoves: [],
    downtimes: [],
    answers: run.answers ?? new Map(),
    withdrawAfterDays: {},
    wakes: [],
  };
  return { facts, record };
}

/**
 * The month's invariants (invariants.ts) for such a run: every one but "every kind of event is in
 * the log", whose list is the month's scenario (licence lapse, launch failure, manual surfing…).
 */
export async function checkRunInvariants(
  db: Knex,
  sandbox: Sandbox,
  facts: MonthFacts,
  record: SimRecord,
): Promise<string[]> {
  const actions = networkActions(sandbox, facts);
  return [
    ...sentOnce(actions),
    ...actedWhenAllowed(actions, facts, record),
    ...(await tasksWithinLimits(db, facts)),
    ...(await logMatchesNetwork(db, facts, actions)),
    ...(await answersHeeded(db, sandbox, facts, actions)),
    ...(await movesKept(db, facts)),
  ];
}
