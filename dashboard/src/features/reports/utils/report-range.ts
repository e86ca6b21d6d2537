import { localTime } from '@reachly/shared/logic';
import { REPORT_MAX_DAYS, reportDayCount } from '@reachly/shared/schemas';

const DAY_MS = 86_400_000;

/** The report's day range in the user's time zone, as the date inputs hold it (YYYY-MM-DD). */
export interface ReportRange {
  from: string;
  to: string;
}

/** The browser's IANA time zone (what the user's clock shows), UTC when it names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The default range: the last 30 days of `timeZone`, today included. */
export function lastDays(now: Date, timeZone: string, days = 30): ReportRange {
  const to = localTime(now, timeZone).date;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** Why the range cannot be asked for (the server says the same with a 400), or null when it can. */
export function rangeProblem({ from, to }: ReportRange): string | null {
  if (!from || !to) return 'Choose both dates.';
  const days = reportDayCount(from, to);
  if (Number.isNaN(days)) return 'Choose both dates.';
  if (days < 1) return 'The start date must be on or before the end date.';
  if (days > REPORT_MAX_DAYS) return `A report covers at most ${REPORT_MAX_DAYS} days.`;
  return null;
}

/** A rate as a percentage with at most one decimal ("12.5%"), or a dash when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toLocaleString('en')}%`;
}
