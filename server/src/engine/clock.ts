/**
 * The time the campaign engine reads. Every scheduling decision (due dates, caps per local day,
 * working hours, gaps, leases, pauses) asks this clock rather than `new Date()` or the database's
 * now(), so that tests can move time forward and watch days pass (docs/design.md §4).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests and benchmarks. */
export class ManualClock implements Clock {
  #ms: number;

  constructor(start: Date | string | number) {
    this.#ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  set(at: Date | string | number): void {
    this.#ms = new Date(at).getTime();
  }

  advance({ days = 0, hours = 0, minutes = 0, seconds = 0 }): Date {
    this.#ms += (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
    return this.now();
  }
}

/** The system clock moved forward by an offset a test can grow: time flows, and days can pass at once. */
export class OffsetClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  advance({ days = 0, hours = 0, minutes = 0 }): Date {
    this.#offsetMs += ((days * 24 + hours) * 60 + minutes) * 60_000;
    return this.now();
  }
}

/** A timestamp column as a Date (pg answers Dates, PGlite sometimes strings). */
export const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));
/** Whole seconds from `now` until `at`, never negative. */
export const secondsUntil = (at: Date, now: Date) =>
  Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
/**
 * Whole seconds from `now` until the latest of `times` (a profile's next action and its pause, and
 * what an outcome adds): when an executor that just reported should ask again.
 */
export const secondsUntilLatest = (now: Date, ...times: (Date | string | null)[]) =>
  secondsUntil(
    times.map(dateOf).reduce<Date>((a, b) => (b && b > a ? b : a), now),
    now,
  );
