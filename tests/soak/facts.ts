import {
  type DoNotContactRule,
  effectiveDailyCap,
  localTime,
  type MatchableLead,
  warmupFactor,
} from '@reachly/shared/logic';
import { type CampaignAction, DEFAULT_DAILY_CAPS } from '@reachly/shared/schemas';
import type { ExpectedWake } from './wakes.ts';

/**
 * What the simulated month's scenario did (month.ts writes it down as it goes), and the reads of it
 * that the invariants and the report share: the settings and caps in force at a time, and the
 * claims per profile, action and local day.
 */

interface Hours {
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
  /** The changes the scenario made that must wake executors, and who heard them (wakes.ts). */
  wakes: ExpectedWake[];
  /** People given one of the harder answers (sandbox script), by slug. */
  answers: Map<string, HardAnswer>;
  /** The friend request step's withdrawAfterDays of each campaign that withdraws, by campaign id. */
  withdrawAfterDays: Record<number, number>;
  /** The do-not-contact list of the run (invariants-do-not-contact.ts); absent in a run without one. */
  doNotContact?: MonthDoNotContact;
}

/** The run's do-not-contact list: entries before planning and one while the campaigns ran. */
export interface MonthDoNotContact {
  /** Each entry as the API answered it (its value normalised), and when it was added. */
  entries: (DoNotContactRule & { at: number })[];
  /** The leads of the month by person (sandbox slug). */
  leads: Map<string, MatchableLead>;
  /** Planned tasks the entry added mid-run skipped at once (the add's answer). */
  skippedMidRun: number;
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

export const MESSAGE_ACTIONS: readonly CampaignAction[] = [
  'welcomeMessage',
  'aiReply',
  'followUp',
  'callToAction',
];

export function settingsAt(facts: MonthFacts, profileId: number, at: number) {
  const campaignId = Number(
    Object.entries(facts.profilesOf).find(([, ids]) => ids.includes(profileId))?.[0] ?? Number.NaN,
  );
  const entries = facts.settings.filter((s) => s.campaignId === campaignId && s.at <= at);
  const latest = entries.at(-1);
  if (!latest) throw new Error(`no settings for profile ${profileId}`);
  return { campaignId, caps: latest.caps, hours: latest.hours };
}

/** The cap in force at `at`, with the warm-up ramp of a profile that started at the epoch. */
export const capOf = (
  facts: MonthFacts,
  caps: Partial<Record<CampaignAction, number>>,
  action: CampaignAction,
  at: number,
) =>
  effectiveDailyCap(
    caps[action] ?? DEFAULT_DAILY_CAPS[action],
    warmupFactor(new Date(facts.epoch), new Date(at)),
  );

/** Claim times per profile, action and local day, sorted: how many were claimed before a time, by bisection. */
export class ClaimIndex {
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

export const iso = (at: number | Date) => new Date(at).toISOString();
