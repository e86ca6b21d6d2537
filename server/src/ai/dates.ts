import { localTime, safeTimeZone, startOfLocalDay } from '@reachly/shared/logic';
import * as chrono from 'chrono-node';

/**
 * The day a lead names for being contacted again ("after the holidays", "in March", "next week",
 * "end of the month", "in Q2", "spring"), read with chrono-node relative to `now` in the profile's
 * time zone. chrono knows dates, weekdays, months and relative spans; the parsers added below teach
 * it the sales calendar it lacks: quarters, seasons and holidays.
 */

const DAY_MS = 86_400_000;

interface YearMonthDay {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

/** The zone's offset from UTC in minutes at `at` (what chrono takes as the reference zone). */
function offsetMinutes(at: Date, timeZone: string): number {
  const local = localTime(at, timeZone);
  const [y, m, d] = local.date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + local.minutes * 60_000 + local.seconds * 1000;
  return Math.round((wall - (at.getTime() - (at.getTime() % 1000))) / 60_000);
}

function todayIn(now: Date, timeZone: string): YearMonthDay {
  const [year, month, day] = localTime(now, timeZone).date.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}

function compare(a: YearMonthDay, b: YearMonthDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The next time the month/day comes round, today excluded. */
function nextOccurrence(today: YearMonthDay, month: number, day: number): YearMonthDay {
  const thisYear = { year: today.year, month, day };
  return compare(thisYear, today) > 0 ? thisYear : { year: today.year + 1, month, day };
}

const QUARTER_START = [1, 4, 7, 10] as const;
const SEASON_START: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };

type Extract = (today: YearMonthDay, match: RegExpMatchArray) => YearMonthDay | null;

const SALES_CALENDAR: { pattern: RegExp; extract: Extract }[] = [
  {
    // "in Q2", "Q3 2027", "next quarter"
    pattern: /\b(?:q([1-4])(?:\s*(?:of\s*)?(20\d\d))?|(next|following)\s+quarter)\b/i,
    extract: (today, m) => {
      if (m[3]) {
        const q = Math.floor((today.month - 1) / 3) + 1;
        return q === 4 ? { year: today.year + 1, month: 1, day: 1 } : { ...today, month: q * 3 + 1, day: 1 };
      }
      const month = QUARTER_START[Number(m[1]) - 1] ?? 1;
      if (m[2]) return { year: Number(m[2]), month, day: 1 };
      const q = Math.floor((today.month - 1) / 3) + 1;
      // The quarter we are in: its start has passed, so the lead means the next one of that name.
      return Number(m[1]) > q ? { ...today, month, day: 1 } : { year: today.year + 1, month, day: 1 };
    },
  },
  {
    // "end of the quarter"
    pattern: /\bend\s+of\s+(?:the\s+|this\s+)?quarter\b/i,
    extract: (today) => {
      const endMonth = (Math.floor((today.month - 1) / 3) + 1) * 3;
      return { ...today, month: endMonth, day: endMonth === 6 || endMonth === 9 ? 30 : 31 };
    },
  },
  {
    // "spring", "next summer", "in the fall"
    pattern: /\b(spring|summer|autumn|fall|winter)(?:time)?\b/i,
    extract: (today, m) => nextOccurrence(today, SEASON_START[(m[1] ?? '').toLowerCase()] ?? 3, 1),
  },
  {
    // "after the holidays", "after christmas", "after new year", "in the new year"
    pattern:
      /\b(?:after\s+(?:the\s+)?(?:holidays?|christmas|xmas|new\s*year'?s?|festive\s+season|summer\s+break|vacations?)|in\s+the\s+new\s+year|new\s+year)\b/i,
    extract: (today, m) => {
      const text = (m[0] ?? '').toLowerCase();
      if (/summer|vacation/.test(text) || (/holiday/.test(text) && today.month >= 6 && today.month <= 8))
        return nextOccurrence(today, 9, 1);
      // The year-end holidays: back at work in the first full week of January.
      return nextOccurrence(today, 1, 5);
    },
  },
];

const parser = chrono.casual.clone();
for (const rule of SALES_CALENDAR) {
  parser.parsers.unshift({
    pattern: () => rule.pattern,
    extract: (context, match) => {
      const ref = context.reference.getDateWithAdjustedTimezone?.() ?? context.refDate;
      const today = { year: ref.getFullYear(), month: ref.getMonth() + 1, day: ref.getDate() };
      const day = rule.extract(today, match);
      return day ? { year: day.year, month: day.month, day: day.day } : null;
    },
  });
}

/** The start (local midnight) of a calendar day in the zone, as an instant. */
function startOfDay(day: YearMonthDay, timeZone: string): Date {
  const noonUtc = Date.UTC(day.year, day.month - 1, day.day, 12);
  // Local noon of that day lies within ±14 h of UTC noon; startOfLocalDay finds its midnight.
  const localNoon = new Date(noonUtc - offsetMinutes(new Date(noonUtc), timeZone) * 60_000);
  return startOfLocalDay(localNoon, timeZone);
}

/**
 * The start of a YYYY-MM-DD day in the zone (ISO 8601, UTC), when that day is after today there;
 * null for a malformed, past or current day. Reads a day that a model named.
 */
export function startOfFutureDay(ymd: string, now: Date, timeZone = 'UTC'): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(day.year, day.month - 1, day.day));
  if (check.getUTCMonth() !== day.month - 1 || check.getUTCDate() !== day.day) return null;
  const zone = safeTimeZone(timeZone);
  if (compare(day, todayIn(now, zone)) <= 0) return null;
  return startOfDay(day, zone).toISOString();
}

export interface NamedTime {
  /** The start of the named day in the zone (ISO 8601, UTC). */
  at: string;
  /** The words that named it. */
  text: string;
}

/**
 * The first future day the text names, relative to `now` in `timeZone` (default UTC); null when
 * it names none or only today or the past ("now", "last month"). A year alone ("next year") means
 * early January; a month alone its first day.
 */
export function findNamedTime(text: string, now: Date, timeZone = 'UTC'): NamedTime | null {
  const zone = safeTimeZone(timeZone);
  const today = todayIn(now, zone);
  let results: chrono.ParsedResult[];
  try {
    results = parser.parse(text, { instant: now, timezone: offsetMinutes(now, zone) }, { forwardDate: true });
  } catch {
    return null;
  }
  for (const result of results) {
    const start = result.start;
    const year = start.get('year');
    const month = start.get('month');
    const dayOfMonth = start.get('day');
    if (year === null || month === null || dayOfMonth === null) continue;
    let day: YearMonthDay = { year, month, day: dayOfMonth };
    if (start.isCertain('year') && !start.isCertain('month') && !start.isCertain('weekday'))
      day = { year, month: 1, day: 5 };
    else if (start.isCertain('month') && !start.isCertain('day') && !start.isCertain('weekday'))
      day = { ...day, day: 1 };
    if (compare(day, today) <= 0) continue;
    const at = startOfDay(day, zone);
    if (at.getTime() <= now.getTime() - DAY_MS) continue;
    return { at: at.toISOString(), text: result.text };
  }
  return null;
}
