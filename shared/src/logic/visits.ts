import type { VisitCounterKey } from '../constants/analytics.ts';
import { UNIQUE_VISIT_THROTTLE_MS } from '../constants/limits.ts';

/** The counter keys a page visit may post to POST /api/summary. */
export type VisitKey = Extract<VisitCounterKey, 'uniqueVisits' | 'uniqueNewVisits'>;

export interface VisitState {
  /** True when the first-visit cookie was absent (spec §4). */
  isFirstVisit: boolean;
  /** Epoch ms of the last visit event sent (local storage lastSentVisitEvent), or null when none is stored. */
  lastVisitAt: number | null;
  /** Epoch ms now. */
  now: number;
}

/**
 * Which visit counter to post (spec §7): 'uniqueNewVisits' on a first visit; otherwise 'uniqueVisits'
 * when no last-visit time is stored or the last visit was UNIQUE_VISIT_THROTTLE_MS (24 h) or more
 * ago; otherwise null (post nothing). The caller stores `now` as the last-visit time after posting.
 *
 * Decisions: a stored time that is not a finite number counts as not stored; a stored time in the
 * future (clock moved back) is less than 24 h ago, so nothing is posted.
 */
export function decideVisitKey({ isFirstVisit, lastVisitAt, now }: VisitState): VisitKey | null {
  if (isFirstVisit) return 'uniqueNewVisits';
  if (lastVisitAt === null || !Number.isFinite(lastVisitAt)) return 'uniqueVisits';
  return now - lastVisitAt >= UNIQUE_VISIT_THROTTLE_MS ? 'uniqueVisits' : null;
}
