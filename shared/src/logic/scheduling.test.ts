import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveDailyCap,
  isWithinWorkingHours,
  localTime,
  nextWorkingStart,
  randomGapSeconds,
  safeTimeZone,
  startOfLocalDay,
  startOfNextLocalDay,
  WARMUP_DAYS,
  warmupFactor,
} from './scheduling.ts';

const day = 24 * 3600 * 1000;
const nineToSix = { start: '09:00', end: '18:00' };

describe('working hours in the proxy timezone', () => {
  it('reads the wall clock of the zone', () => {
    const at = new Date('2026-07-01T12:30:00Z');
    expect(localTime(at, 'UTC')).toEqual({ date: '2026-07-01', minutes: 12 * 60 + 30, seconds: 0 });
    expect(localTime(at, 'America/New_York').minutes).toBe(8 * 60 + 30);
    expect(localTime(at, 'Asia/Tokyo')).toMatchObject({ date: '2026-07-01', minutes: 21 * 60 + 30 });
  });

  it('is inside 09:00-18:00 at 12:30 UTC in London but not in New York', () => {
    const at = new Date('2026-07-01T12:30:00Z');
    expect(isWithinWorkingHours(at, nineToSix, 'Europe/London')).toBe(true);
    expect(isWithinWorkingHours(at, nineToSix, 'America/New_York')).toBe(false);
  });

  it('handles windows across midnight, start inclusive and end exclusive', () => {
    const night = { start: '22:00', end: '06:00' };
    expect(isWithinWorkingHours(new Date('2026-01-01T23:00:00Z'), night, 'UTC')).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-01-01T05:59:00Z'), night, 'UTC')).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-01-01T06:00:00Z'), night, 'UTC')).toBe(false);
    expect(isWithinWorkingHours(new Date('2026-01-01T22:00:00Z'), night, 'UTC')).toBe(true);
  });

  it('finds the next window start, the same instant when already inside', () => {
    const inside = new Date('2026-03-02T10:00:00Z');
    expect(nextWorkingStart(inside, nineToSix, 'UTC')).toEqual(inside);
    expect(nextWorkingStart(new Date('2026-03-02T19:15:42Z'), nineToSix, 'UTC').toISOString()).toBe(
      '2026-03-03T09:00:00.000Z',
    );
    expect(nextWorkingStart(new Date('2026-03-02T07:00:00Z'), nineToSix, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-02T08:00:00.000Z',
    );
  });

  it('finds the window start on a daylight-saving day at its wall-clock time', () => {
    // New York springs forward on 8 March 2026: 22:00 EDT that evening is 02:00Z.
    expect(
      nextWorkingStart(
        new Date('2026-03-08T05:30:00Z'),
        { start: '22:00', end: '23:30' },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-03-09T02:00:00.000Z');
    // A start the jump skips (Havana, 00:30 on 8 March 2026) moves on to the next day's.
    expect(
      nextWorkingStart(
        new Date('2026-03-07T12:00:00Z'),
        { start: '00:30', end: '01:30' },
        'America/Havana',
      ).toISOString(),
    ).toBe('2026-03-09T04:30:00.000Z');
  });

  it('always lands inside the window, whatever the zone and time (property)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 23 }),
        (ms, zone, startHour, length) => {
          const start = `${String(startHour).padStart(2, '0')}:00`;
          const end = `${String((startHour + length) % 24).padStart(2, '0')}:30`;
          const window = { start, end };
          const next = nextWorkingStart(new Date(ms), window, zone);
          expect(next.getTime()).toBeGreaterThanOrEqual(ms);
          expect(next.getTime() - ms).toBeLessThanOrEqual(day + 3600_000);
          expect(isWithinWorkingHours(next, window, zone)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(safeTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('the local day daily caps count in', () => {
  it('starts at local midnight and the next starts a day later', () => {
    const at = new Date('2026-07-01T02:30:00Z'); // 22:30 on 30 June in New York
    expect(startOfLocalDay(at, 'America/New_York').toISOString()).toBe('2026-06-30T04:00:00.000Z');
    expect(startOfNextLocalDay(at, 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('crosses a daylight-saving change to the right midnight', () => {
    // Europe/Berlin moves to summer time on 29 March 2026: that day has 23 hours.
    const at = new Date('2026-03-29T10:00:00Z');
    expect(startOfLocalDay(at, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfNextLocalDay(at, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('starts a day whose midnight is skipped when the clock does, and a doubled midnight at the first', () => {
    // America/Santiago moves 00:00 → 01:00 on 6 September 2026 (01:00 -03 = 04:00Z).
    expect(startOfLocalDay(new Date('2026-09-06T15:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    // America/Havana moves 01:00 → 00:00 on 1 November 2026: midnight at 04:00Z (-04) and 05:00Z (-05).
    expect(startOfLocalDay(new Date('2026-11-01T15:00:00Z'), 'America/Havana').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfNextLocalDay(new Date('2026-10-31T15:00:00Z'), 'America/Havana').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });
});

describe('warm-up ramp', () => {
  const start = new Date('2026-05-01T09:00:00Z');
  it('rises from 20 % on the first day to 100 % after 14 days', () => {
    expect(warmupFactor(null, start)).toBe(0.2);
    expect(warmupFactor(start, start)).toBe(0.2);
    const factors = Array.from({ length: WARMUP_DAYS + 2 }, (_, d) =>
      warmupFactor(start, new Date(start.getTime() + d * day)),
    );
    for (let d = 1; d < factors.length; d += 1)
      expect(factors[d]).toBeGreaterThanOrEqual(factors[d - 1] ?? 0);
    expect(factors[7]).toBeCloseTo(0.6);
    expect(factors[WARMUP_DAYS - 1]).toBeLessThan(1);
    expect(factors[WARMUP_DAYS]).toBe(1);
  });

  it('scales caps: 20 friend requests are 4 on day one, never 0 unless the cap is 0', () => {
    expect(effectiveDailyCap(20, 0.2)).toBe(4);
    expect(effectiveDailyCap(3, 0.2)).toBe(1);
    expect(effectiveDailyCap(0, 1)).toBe(0);
    expect(effectiveDailyCap(20, 1)).toBe(20);
  });
});

describe('random gaps', () => {
  it('stays within the range and reaches both ends', () => {
    expect(randomGapSeconds({ min: 60, max: 300 }, () => 0)).toBe(60);
    expect(randomGapSeconds({ min: 60, max: 300 }, () => 0.999999)).toBe(300);
    expect(randomGapSeconds({ min: 5, max: 5 })).toBe(5);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (min, span, r) => {
          const g = randomGapSeconds({ min, max: min + span }, () => r);
          expect(g).toBeGreaterThanOrEqual(min);
          expect(g).toBeLessThanOrEqual(min + span);
        },
      ),
    );
  });
});
