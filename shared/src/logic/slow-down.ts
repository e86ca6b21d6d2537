import { type CampaignStep, SLOW_DOWN_DEFAULTS } from '../schemas/campaign-steps.ts';

/**
 * Slowing a profile down when people stop accepting its friend requests (issue 17), as pure
 * functions: the server's claim applies them to its friend-request cap, once per local day.
 *
 * - A request is decided when it is accepted (at its acceptance) or when it has gone unanswered
 *   for SLOW_DOWN_DECIDED_AFTER_DAYS, or for the step's withdrawAfterDays when that is shorter
 *   (withdrawn by then, it can no longer be accepted). The last N are the N decided last, by when
 *   they were decided, not by when they were sent: by sending time, the recent requests that are
 *   accepted would count while the recent ones still waiting would not, and the rate would read
 *   high.
 * - With at least `lastRequests` decided requests and fewer than `minAcceptanceRate` of them
 *   accepted, the cap steps down to half (level 1); under half the threshold, to a quarter
 *   (level 2). Never below 1 request a day.
 * - It steps back up only when the rate is SLOW_DOWN_RECOVERY_MARGIN times the boundary it fell
 *   under (20 % → back up at 25 %), so a rate that wobbles around the threshold does not flap.
 * - With fewer decided requests than `lastRequests`, nothing changes.
 */

/** A request not accepted this many days after it went out counts as not accepted. */
export const SLOW_DOWN_DECIDED_AFTER_DAYS = 14;
/** A stepped-down cap comes back once the rate is this many times the boundary it fell under. */
export const SLOW_DOWN_RECOVERY_MARGIN = 1.25;
/** The share of the friend-request cap at each level: full, half, a quarter. */
export const SLOW_DOWN_CAP_SHARES = [1, 0.5, 0.25] as const;
export type SlowDownLevel = 0 | 1 | 2;

export interface SlowDownSettings {
  lastRequests: number;
  minAcceptanceRate: number;
}

type FriendRequestStep = Extract<CampaignStep, { type: 'friendRequest' }>;

/** The step's slow-down: its own, else the defaults; null when the step turns it off. */
export function slowDownSettings(step: Pick<FriendRequestStep, 'slowDown'>): SlowDownSettings | null {
  if (step.slowDown === false) return null;
  return step.slowDown ?? { ...SLOW_DOWN_DEFAULTS };
}

/** After how many days an unanswered request of this step counts as decided (not accepted). */
export function decidedAfterDays(step: Pick<FriendRequestStep, 'withdrawAfterDays'>): number {
  return Math.min(step.withdrawAfterDays ?? SLOW_DOWN_DECIDED_AFTER_DAYS, SLOW_DOWN_DECIDED_AFTER_DAYS);
}

/** The last decided requests of a profile: how many were read (at most `lastRequests`) and how many of them were accepted. */
export interface AcceptanceTally {
  decided: number;
  accepted: number;
}

/** The level a rate falls in, against a threshold: 0 at or above it, 1 under it, 2 under half of it. */
function levelOfRate(rate: number, threshold: number): SlowDownLevel {
  if (rate < slowDownBoundary(2, threshold)) return 2;
  return rate < slowDownBoundary(1, threshold) ? 1 : 0;
}

/**
 * The level after a look at the last decided requests, from the level before: down at once when
 * the rate is under a boundary, up only when it is SLOW_DOWN_RECOVERY_MARGIN times over it.
 */
export function nextSlowDownLevel(
  tally: AcceptanceTally,
  settings: SlowDownSettings,
  previous: SlowDownLevel,
): SlowDownLevel {
  if (tally.decided < settings.lastRequests || tally.decided <= 0) return previous;
  const rate = tally.accepted / tally.decided;
  const down = levelOfRate(rate, settings.minAcceptanceRate);
  if (down > previous) return down;
  const up = levelOfRate(rate / SLOW_DOWN_RECOVERY_MARGIN, settings.minAcceptanceRate);
  return up < previous ? up : previous;
}

/** The rate under which a profile is at `level` (1: the threshold, 2: half of it); to leave the level, SLOW_DOWN_RECOVERY_MARGIN times it. */
export function slowDownBoundary(level: 1 | 2, threshold: number): number {
  return level === 1 ? threshold : threshold / 2;
}

/** A friend-request cap at a level: a share of the campaign's cap, at least 1 unless the cap is 0. */
export function slowedDailyCap(cap: number, level: SlowDownLevel): number {
  if (cap <= 0) return 0;
  return Math.max(1, Math.round(cap * SLOW_DOWN_CAP_SHARES[level]));
}

/** A stored level read back (a number from the database): a level, 0 when it is not one. */
export function asSlowDownLevel(value: unknown): SlowDownLevel {
  const n = Number(value);
  return n === 1 || n === 2 ? n : 0;
}
