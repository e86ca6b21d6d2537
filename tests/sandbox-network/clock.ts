/** Network time: starts at a fixed epoch and runs `speed` times faster than the real clock. */
export const NETWORK_EPOCH = Date.parse('2026-01-05T09:00:00Z');

export interface Clock {
  /** Current network time in milliseconds since the Unix epoch. */
  now(): number;
  speed(): number;
  setSpeed(factor: number): void;
  /** Jumps network time forward by `ms` (tests and the admin API). */
  advance(ms: number): void;
  reset(speed: number): void;
}

export function createClock(speed = 1, realNow: () => number = Date.now): Clock {
  let factor = speed;
  let anchorReal = realNow();
  let anchorNetwork = NETWORK_EPOCH;
  const now = () => anchorNetwork + (realNow() - anchorReal) * factor;
  const reanchor = () => {
    anchorNetwork = now();
    anchorReal = realNow();
  };
  return {
    now,
    speed: () => factor,
    setSpeed(next) {
      if (!(Number.isFinite(next) && next > 0)) throw new RangeError('speed must be a positive number');
      reanchor();
      factor = next;
    },
    advance(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) throw new RangeError('advance must be a non-negative number');
      reanchor();
      anchorNetwork += ms;
    },
    reset(next) {
      factor = next;
      anchorReal = realNow();
      anchorNetwork = NETWORK_EPOCH;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
