import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLOW_DOWN_TEXTS } from '../constants/messages.ts';
import { SLOW_DOWN_DEFAULTS } from '../schemas/campaign-steps.ts';
import {
  decidedAfterDays,
  nextSlowDownLevel,
  SLOW_DOWN_DECIDED_AFTER_DAYS,
  type SlowDownLevel,
  slowDownSettings,
  slowedDailyCap,
} from './slow-down.ts';

const settings = { lastRequests: 30, minAcceptanceRate: 0.2 };
const tally = (accepted: number, decided = 30) => ({ accepted, decided });

describe('the slow-down settings of a friend request step', () => {
  it('are the defaults when the step sets none, and none when it turns them off', () => {
    expect(slowDownSettings({})).toEqual(SLOW_DOWN_DEFAULTS);
    expect(slowDownSettings({ slowDown: false })).toBeNull();
    expect(slowDownSettings({ slowDown: { lastRequests: 50, minAcceptanceRate: 0.1 } })).toEqual({
      lastRequests: 50,
      minAcceptanceRate: 0.1,
    });
  });

  it('decide a request after 14 days, or at a shorter withdraw age', () => {
    expect(decidedAfterDays({})).toBe(SLOW_DOWN_DECIDED_AFTER_DAYS);
    expect(decidedAfterDays({ withdrawAfterDays: 7 })).toBe(7);
    expect(decidedAfterDays({ withdrawAfterDays: 60 })).toBe(SLOW_DOWN_DECIDED_AFTER_DAYS);
  });
});

describe('the level of a profile', () => {
  it('steps down to half under the threshold and to a quarter under half of it', () => {
    expect(nextSlowDownLevel(tally(6), settings, 0)).toBe(0); // 20 %: not below
    expect(nextSlowDownLevel(tally(5), settings, 0)).toBe(1); // 16.7 %
    expect(nextSlowDownLevel(tally(3), settings, 0)).toBe(1); // 10 %: not under half
    expect(nextSlowDownLevel(tally(2), settings, 0)).toBe(2); // 6.7 %
    expect(nextSlowDownLevel(tally(2), settings, 1)).toBe(2);
  });

  it('changes nothing with fewer decided requests than it looks at', () => {
    expect(nextSlowDownLevel(tally(0, 29), settings, 0)).toBe(0);
    expect(nextSlowDownLevel(tally(29, 29), settings, 2)).toBe(2);
    expect(nextSlowDownLevel(tally(0, 0), settings, 1)).toBe(1);
  });

  it('steps back up only a quarter above the boundary it fell under', () => {
    // Level 1 (under 20 %) holds up to 25 %.
    expect(nextSlowDownLevel(tally(6), settings, 1)).toBe(1); // 20 %
    expect(nextSlowDownLevel(tally(7), settings, 1)).toBe(1); // 23.3 %
    expect(nextSlowDownLevel(tally(8), settings, 1)).toBe(0); // 26.7 %
    // Level 2 (under 10 %) holds up to 12.5 %, then level 1 up to 25 %, then full.
    expect(nextSlowDownLevel(tally(3), settings, 2)).toBe(2); // 10 %
    expect(nextSlowDownLevel(tally(4), settings, 2)).toBe(1); // 13.3 %
    expect(nextSlowDownLevel(tally(9), settings, 2)).toBe(0); // 30 %
  });

  it('never flaps: the level a rate gives, given the same rate again, stays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 500 }),
        fc.double({ min: 0.01, max: 0.95, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom<SlowDownLevel>(0, 1, 2),
        (n, threshold, share, previous) => {
          const s = { lastRequests: n, minAcceptanceRate: threshold };
          const t = tally(Math.round(share * n), n);
          const once = nextSlowDownLevel(t, s, previous);
          expect(nextSlowDownLevel(t, s, once)).toBe(once);
          // Down only when under the threshold, and full only when at or over it.
          if (once > previous) expect(t.accepted / n).toBeLessThan(threshold);
          if (once === 0 && previous > 0) expect(t.accepted / n).toBeGreaterThanOrEqual(threshold);
        },
      ),
    );
  });
});

describe('the stepped-down cap', () => {
  it('is half, then a quarter, never below 1 and 0 only for a cap of 0', () => {
    expect([0, 1, 2].map((l) => slowedDailyCap(20, l as SlowDownLevel))).toEqual([20, 10, 5]);
    expect(slowedDailyCap(1, 2)).toBe(1);
    expect(slowedDailyCap(3, 2)).toBe(1);
    expect(slowedDailyCap(0, 1)).toBe(0);
  });
});

describe('the notices', () => {
  it('say why in numbers, with the profile by name', () => {
    expect(
      SLOW_DOWN_TEXTS.steppedDown({
        profile: 'Anna',
        cap: 10,
        from: 20,
        accepted: 4,
        decided: 30,
        threshold: 0.2,
        farBelow: false,
        decidedAfterDays: 14,
      }),
    ).toBe(
      'Anna sends at most 10 friend requests a day instead of 20: only 4 of its last 30 requests were accepted (13.3%, below 20%). A request counts once it is accepted or 14 days old.',
    );
    expect(
      SLOW_DOWN_TEXTS.steppedUp({
        profile: 'Anna',
        cap: 20,
        from: 10,
        accepted: 8,
        decided: 30,
        atLeast: 0.25,
      }),
    ).toBe(
      'Anna may send 20 friend requests a day again instead of 10: 8 of its last 30 requests were accepted (26.7%, at least 25%).',
    );
  });
});
