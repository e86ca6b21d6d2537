import {
  isWithinWorkingHours,
  localTime,
  startOfLocalDay,
  startOfNextLocalDay,
  type WorkingWindow,
} from '@reachly/shared/logic';

/** A time zone's local day: when it starts and when the next one starts, and its date (YYYY-MM-DD). */
export interface LocalDay {
  start: Date;
  next: Date;
  date: string;
}

/** Zones remembered at most (a profile's zone is one of a few hundred). */
const MAX_ZONES = 1_000;
const days = new Map<string, LocalDay>();

/**
 * The local day of `zone` that `at` falls in. Each claim and each done report asks for it, and
 * working it out from a zone's rules (shared/src/logic/scheduling.ts, through Intl) was about a
 * tenth of the claim path's Node CPU in the engine bench's profile: it is worked out once a day
 * per zone and kept until `at` leaves it (a clock set back, as the tests' is, works it out again).
 */
export function localDay(at: Date, zone: string): LocalDay {
  const day = days.get(zone);
  if (day && at >= day.start && at < day.next) return day;
  const fresh = {
    start: startOfLocalDay(at, zone),
    next: startOfNextLocalDay(at, zone),
    date: localTime(at, zone).date,
  };
  if (days.size >= MAX_ZONES) days.clear();
  days.set(zone, fresh);
  return fresh;
}

const hours = new Map<string, { minute: number; inside: boolean }>();

/**
 * Whether `at` lies in the working window in `zone` (isWithinWorkingHours, which formats the time
 * in the zone through Intl), kept for the minute: the answer depends on the local minute alone,
 * and a zone's offset is whole minutes.
 */
export function inWorkingHours(at: Date, window: WorkingWindow, zone: string): boolean {
  const minute = Math.floor(at.getTime() / 60_000);
  const key = `${zone} ${window.start} ${window.end}`;
  const known = hours.get(key);
  if (known?.minute === minute) return known.inside;
  const inside = isWithinWorkingHours(at, window, zone);
  if (hours.size >= MAX_ZONES) hours.clear();
  hours.set(key, { minute, inside });
  return inside;
}
