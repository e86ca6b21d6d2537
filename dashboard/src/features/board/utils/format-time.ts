/** Formatters are costly to create: one per locale and style, shared by every card. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A message time as the board shows it: the time of day for today, day and month this year, the
 * full date before. `now` and `locale` are parameters so tests are stable.
 */
export function formatMessageTime(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  const sameDay = sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return formatter(locale, sameDay ? TIME : sameYear ? DAY : DATE).format(date);
}

/**
 * A day the lead named (YYYY-MM-DD, already the profile's own day): day and month, with the year
 * when it is not this year's. Read as a calendar day, never shifted by the browser's zone.
 */
export function formatDay(day: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getUTCFullYear() === now.getFullYear();
  return formatter(locale, { ...(sameYear ? DAY : DATE), timeZone: 'UTC' }).format(date);
}

/**
 * Builds the cards' formatters ahead of the board's first render (in an idle moment while its cards
 * are fetched): the page's first formatter loads the locale's data, a long step of its own.
 */
export function warmFormatters(locale?: string): void {
  for (const options of [TIME, DAY, DATE, FULL]) formatter(locale, options);
}

/** Today as YYYY-MM-DD in the browser's zone. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Date and time in full, for the conversation's messages and a card's title. */
export function formatFullTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, FULL).format(date);
}
