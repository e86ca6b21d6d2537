import { TZDate } from '@date-fns/tz';

/**
 * The safety rules of the campaign scheduler (docs/design.md §4), as pure functions of a time: working
 * hours in the profile's proxy timezone, the local day that daily caps count in, the warm-up ramp
 * of a new profile, and the random human-like gap between two actions. The server's claim applies
 * them; the dashboard can show the same numbers. Wall-clock times in a zone are read with Intl and
 * set with @date-fns/tz's TZDate, so no offset or daylight-saving arithmetic is written here.
 */

export interface WorkingWindow {
  /** HH:MM; an end before the start spans midnight (22:00 → 06:00). */
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Days a new profile ramps its caps over, and the share of the caps it starts with. */
export const WARMUP_DAYS = 14;
export const WARMUP_START_FACTOR = 0.2;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The IANA zone to use: `timeZone` when the runtime knows it, else UTC. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
  seconds: number;
}

/** The wall-clock date and time of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(safeTimeZone(timeZone)).formatToParts(at)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether a local minute of the day lies in the window (start inclusive, end exclusive). */
function inWindow(minutes: number, window: WorkingWindow): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

export function isWithinWorkingHours(at: Date, window: WorkingWindow, timeZone: string): boolean {
  return inWindow(localTime(at, timeZone).minutes, window);
}

/**
 * The first instant at or after `at` inside the working window (`at` itself when inside): the
 * window's start today, else on the next day. A start that a daylight-saving jump skips moves
 * forward with the clock; when that lands past the window's end, the next day's start is taken.
 */
export function nextWorkingStart(at: Date, window: WorkingWindow, timeZone: string): Date {
  const zone = safeTimeZone(timeZone);
  if (isWithinWorkingHours(at, window, zone)) return at;
  const start = minutesOf(window.start);
  const candidate = new TZDate(at.getTime(), zone);
  candidate.setHours(Math.floor(start / 60), start % 60, 0, 0);
  for (
    let i = 0;
    i < 3 && (candidate.getTime() <= at.getTime() || !isWithinWorkingHours(candidate, window, zone));
    i += 1
  ) {
    candidate.setDate(candidate.getDate() + 1);
    candidate.setHours(Math.floor(start / 60), start % 60, 0, 0);
  }
  return new Date(candidate.getTime());
}

/**
 * The start of the local day that `at` lies in (daily caps count from here): its first instant,
 * so a day whose midnight a daylight-saving jump skips starts when the clock does, and a day whose
 * midnight comes twice starts at the first one.
 */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  const local = new TZDate(at.getTime(), safeTimeZone(timeZone));
  local.setHours(0, 0, 0, 0);
  return new Date(local.getTime());
}

/** The start of the next local day (when caps reset). */
export function startOfNextLocalDay(at: Date, timeZone: string): Date {
  const local = new TZDate(at.getTime(), safeTimeZone(timeZone));
  local.setHours(0, 0, 0, 0);
  local.setDate(local.getDate() + 1);
  local.setHours(0, 0, 0, 0);
  return new Date(local.getTime());
}

/**
 * The share of its caps a profile may use on the day `at`, when it started working on
 * `startedAt` (null = not yet): 20 % on its first day, rising evenly to 100 % after WARMUP_DAYS.
 */
export function warmupFactor(startedAt: Date | null, at: Date): number {
  if (!startedAt) return WARMUP_START_FACTOR;
  const day = Math.max(0, Math.floor((at.getTime() - startedAt.getTime()) / DAY_MS));
  if (day >= WARMUP_DAYS) return 1;
  return WARMUP_START_FACTOR + ((1 - WARMUP_START_FACTOR) * day) / WARMUP_DAYS;
}

/** A daily cap scaled by the warm-up factor: never more than the cap, at least 1 unless the cap is 0. */
export function effectiveDailyCap(cap: number, factor: number): number {
  if (cap <= 0) return 0;
  return Math.min(cap, Math.max(1, Math.round(cap * factor)));
}

/** A random whole number of seconds in [min, max] for the pause before a profile's next action. */
export function randomGapSeconds(
  gap: { min: number; max: number },
  random: () => number = Math.random,
): number {
  const span = Math.max(0, gap.max - gap.min);
  return gap.min + Math.min(span, Math.floor(random() * (span + 1)));
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

/** `at` as a person reads it in `timeZone`: "Tue 6 Jan, 14:30 (Europe/Berlin)". */
export function formatLocal(at: Date, timeZone: string | null | undefined): string {
  const zone = safeTimeZone(timeZone);
  let formatter = displayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    displayFormatters.set(zone, formatter);
  }
  return `${formatter.format(at)} (${zone})`;
}

/** The shortest pause after a restriction signal; each further one within PAUSE_STREAK_DAYS doubles it. */
export const MIN_PAUSE_MINUTES = 60;
export const PAUSE_STREAK_DAYS = 7;
export const MAX_PAUSE_DAYS = 7;

/**
 * How long a profile stays paused at least after its `streak`-th signal within PAUSE_STREAK_DAYS
 * (1 = the first): MIN_PAUSE_MINUTES, doubled on each repeat, at most MAX_PAUSE_DAYS. The network's
 * own end time is kept when it is later.
 */
export function minimumPauseMs(streak: number): number {
  const doubled = MIN_PAUSE_MINUTES * MINUTE_MS * 2 ** Math.max(0, Math.min(streak, 20) - 1);
  return Math.min(doubled, MAX_PAUSE_DAYS * DAY_MS);
}
