import { effectiveDailyCap, nextWorkingStart, type SlowDownLevel } from '@reachly/shared/logic';
import type { CampaignAction, ClaimReason } from '@reachly/shared/schemas';
import { ACTION_PRIORITY } from './claim-sql.ts';
import { inWorkingHours, localDay } from './local-day.ts';
import type { PlannedCampaign } from './planner.ts';
import { capOf } from './slow-down.ts';

/**
 * The claim's rules that depend on the campaign, as pure functions of the time: working hours in
 * the profile's zone and the daily cap per action (the friend-request cap at its slow-down level,
 * slow-down.ts) scaled by the warm-up ramp turn the profile's running campaigns into the
 * (campaign, action) pairs that may run now, and those held back, with why and until when.
 */

export type Pair = [number, CampaignAction];

export interface BlockedPair {
  pair: Pair;
  reason: ClaimReason;
  at: Date;
}

export function pairsThatMayRun(
  campaigns: Iterable<PlannedCampaign>,
  /** Claims per action in the profile's local day so far. */
  counts: ReadonlyMap<string, number>,
  /** The warm-up ramp's factor on the caps. */
  factor: number,
  now: Date,
  timeZone: string,
  /** The friend-request slow-down level of each campaign (slow-down.ts; absent: full cap). */
  levels: ReadonlyMap<number, SlowDownLevel>,
): { allowed: Pair[]; blocked: BlockedPair[] } {
  const allowed: Pair[] = [];
  const blocked: BlockedPair[] = [];
  for (const campaign of campaigns) {
    const hours = campaign.settings.workingHours;
    const inHours = inWorkingHours(now, hours, timeZone);
    for (const action of ACTION_PRIORITY) {
      const pair: Pair = [campaign.id, action];
      if (!inHours) {
        blocked.push({ pair, reason: 'outside-working-hours', at: nextWorkingStart(now, hours, timeZone) });
      } else if ((counts.get(action) ?? 0) >= effectiveDailyCap(capOf(campaign, action, levels), factor)) {
        blocked.push({ pair, reason: 'daily-cap', at: localDay(now, timeZone).next });
      } else {
        allowed.push(pair);
      }
    }
  }
  return { allowed, blocked };
}

/** The held-back pair that frees up first, or null. */
export function soonestFreed(waiting: readonly BlockedPair[]): BlockedPair | null {
  return waiting.reduce<BlockedPair | null>((a, b) => (a === null || b.at < a.at ? b : a), null);
}
