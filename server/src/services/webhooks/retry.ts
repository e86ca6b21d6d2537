/**
 * The retry schedule of a failed delivery (docs/decisions.md "Webhooks: retries"): 30 s after the
 * first attempt, doubling each time up to 6 hours, each wait scaled by a random factor in
 * [0.8, 1.2) so that many endpoints that failed together do not all come back together; a delivery
 * whose next attempt would fall past 24 hours from its first attempt is given up (`failed`).
 */
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 3600_000;
const GIVE_UP_AFTER_MS = 24 * 3600_000;

/** The wait after the `attempts`-th failed attempt (1 = the first). */
function retryWait(attempts: number, random: () => number): number {
  const base = Math.min(FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** When a delivery that just failed is tried again, or null when it is given up. */
export function nextAttemptAt(
  firstAttemptAt: Date,
  attempts: number,
  now: Date,
  random: () => number,
): Date | null {
  const next = new Date(now.getTime() + retryWait(attempts, random));
  return next.getTime() - firstAttemptAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}
