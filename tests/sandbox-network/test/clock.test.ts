import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../behaviours/rate-limit.ts';
import { createScheduler } from '../behaviours/scheduler.ts';
import { createClock, DAY, HOUR, NETWORK_EPOCH } from '../clock.ts';

describe('clock', () => {
  it('runs speed times faster than the real clock and can be advanced', () => {
    let real = 1000;
    const clock = createClock(60, () => real);
    expect(clock.now()).toBe(NETWORK_EPOCH);
    real += 1000;
    expect(clock.now()).toBe(NETWORK_EPOCH + 60_000);
    clock.setSpeed(DAY / 1000); // one network day per real second
    real += 1000;
    expect(clock.now()).toBe(NETWORK_EPOCH + 60_000 + DAY);
    clock.advance(HOUR);
    expect(clock.now()).toBe(NETWORK_EPOCH + 60_000 + DAY + HOUR);
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
  });

  it('runs scheduled events in due order with their due time', () => {
    let real = 0;
    const clock = createClock(1, () => real);
    const scheduler = createScheduler(clock);
    const seen: [string, number][] = [];
    scheduler.at(NETWORK_EPOCH + 20, (at) => seen.push(['b', at]));
    scheduler.at(NETWORK_EPOCH + 10, (at) => seen.push(['a', at]));
    real = 15;
    scheduler.runDue();
    expect(seen).toEqual([['a', NETWORK_EPOCH + 10]]);
    real = 100;
    scheduler.runDue();
    expect(seen.map(([name]) => name)).toEqual(['a', 'b']);
    expect(scheduler.pending()).toBe(0);
  });
});

describe('rate limiter', () => {
  it('allows max per window, then warns, then blocks until the block expires', () => {
    const limiter = createRateLimiter();
    limiter.setRule('like', { max: 2, windowMs: HOUR, blockMs: DAY });
    const t = 0;
    expect(limiter.check(1, 'like', t).kind).toBe('ok');
    expect(limiter.check(1, 'like', t + 1).kind).toBe('ok');
    expect(limiter.check(1, 'like', t + 2).kind).toBe('warning');
    expect(limiter.check(2, 'like', t + 2).kind).toBe('ok'); // per account
    expect(limiter.check(1, 'message', t + 2).kind).toBe('ok'); // per action
    expect(limiter.check(1, 'like', t + 3)).toEqual({ kind: 'blocked', until: t + 3 + DAY });
    expect(limiter.check(1, 'like', t + DAY).kind).toBe('blocked');
    expect(limiter.check(1, 'like', t + 3 + DAY).kind).toBe('ok');
  });

  it('forgets the warning when the window has passed without acting', () => {
    const limiter = createRateLimiter();
    limiter.setRule('join', { max: 1, windowMs: HOUR, blockMs: DAY });
    expect(limiter.check(1, 'join', 0).kind).toBe('ok');
    expect(limiter.check(1, 'join', 1).kind).toBe('warning');
    expect(limiter.check(1, 'join', HOUR + 2).kind).toBe('ok');
  });
});
