import {
  MAX_PROFILE_COOKIES,
  PROFILE_COOKIES_BODY_LIMIT_BYTES,
  profileCookiesBodySchema,
} from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { detailsToIssues, type FormIssue } from '../../../lib/form-issues.ts';

/**
 * Reading the cookies a user pastes (or picks as a file) for PUT /api/profiles/:id/cookies: the JSON
 * that cookie-export extensions write (EditThisCookie / Cookie-Editor: an array of cookies, or
 * `{cookies: [...]}`), judged with the shared schema as the server will, and the problems of either
 * side turned into lines a user can read ("Cookie 4: domain — …").
 */

export const COOKIES_TOO_LARGE = `Too many cookies at once (limit ${PROFILE_COOKIES_BODY_LIMIT_BYTES / 1024} KB)`;
/** A picked file above this is no cookie export; it is not read into the page. */
export const COOKIES_FILE_LIMIT_BYTES = 5 * 1024 * 1024;
/** How many problem lines are listed; the rest are counted. */
const MAX_PROBLEM_LINES = 8;

/** A cookie as the user gave it: sent as is (the server drops the keys it does not know). */
export type PastedCookie = unknown;

export type CookiesReading = { ok: true; cookies: PastedCookie[] } | { ok: false; problem: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Exporters write `null` for a value they do not have (Cookie-Editor: `"sameSite": null`, some write
 * `"expirationDate": null` for a session cookie); the schema has no nullable field, so a null key is
 * left out and the schema's default or absence applies.
 */
function withoutNulls(cookie: unknown): unknown {
  if (!isRecord(cookie)) return cookie;
  return Object.fromEntries(Object.entries(cookie).filter(([, value]) => value !== null));
}

/** Parses the pasted text: invalid JSON, a shape that is no cookie list, or an empty list is a problem. */
export function readCookiesJson(text: string): CookiesReading {
  // trim() also drops a byte-order mark, which JSON.parse refuses.
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'Paste the cookies as JSON, or choose a .json file.' };
  let data: unknown;
  try {
    data = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, problem: `This is not JSON: ${(error as Error).message}` };
  }
  const list = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.cookies)
      ? data.cookies
      : null;
  if (list === null) {
    return {
      ok: false,
      problem: 'This JSON is not a list of cookies: expected an array of cookies, or {"cookies": [...]}.',
    };
  }
  if (list.length === 0) return { ok: false, problem: 'The list holds no cookies.' };
  if (list.length > MAX_PROFILE_COOKIES) {
    return {
      ok: false,
      problem: `At most ${MAX_PROFILE_COOKIES} cookies at once; this list holds ${list.length}.`,
    };
  }
  return { ok: true, cookies: list.map(withoutNulls) };
}

/**
 * One issue (the shared schema's, or one of the server's 400 details) as a line: `cookies.3.domain`
 * becomes "Cookie 4: domain — <message>". zod's own messages start with their path
 * (shared/src/schemas/common.ts); that prefix is dropped, since the line names the cookie itself.
 */
export function cookieIssueLine(issue: FormIssue): string {
  const path = (issue.path ?? []).map(String);
  const prefix = `${path.join('.')}: `;
  const message =
    path.length > 0 && issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
  const [root, index, ...field] = path;
  if (root === 'cookies' && index !== undefined && /^\d+$/.test(index)) {
    const cookie = `Cookie ${Number(index) + 1}`;
    return field.length > 0 ? `${cookie}: ${field.join('.')} — ${message}` : `${cookie}: ${message}`;
  }
  return message;
}

/** The lines of many issues: repeated lines once, at most `max`, then how many more there are. */
export function cookieIssueLines(issues: readonly FormIssue[], max = MAX_PROBLEM_LINES): string[] {
  const lines = [...new Set(issues.map(cookieIssueLine))];
  if (lines.length <= max) return lines;
  const more = lines.length - max;
  return [...lines.slice(0, max), `…and ${more} more ${more === 1 ? 'problem' : 'problems'}`];
}

/** Judges the cookies with the shared schema, as the server will, and the body against its size limit. */
export function checkCookies(cookies: readonly PastedCookie[]): string[] {
  const result = profileCookiesBodySchema.safeParse({ cookies });
  if (!result.success) return cookieIssueLines(result.error.issues);
  const bytes = new TextEncoder().encode(JSON.stringify({ cookies })).length;
  return bytes > PROFILE_COOKIES_BODY_LIMIT_BYTES ? [COOKIES_TOO_LARGE] : [];
}

/**
 * Where a refused PUT shows: problems of the cookies next to the text (400 details, 413), anything
 * else (the profile is gone, the server cannot be reached) above the form.
 */
export function cookiesFailure(error: unknown): { problems: string[] } | { message: string } {
  if (error instanceof ApiError && error.status === 413) return { problems: [COOKIES_TOO_LARGE] };
  if (error instanceof ApiError && error.status === 400) {
    const issues = detailsToIssues(error.details);
    return { problems: issues.length > 0 ? cookieIssueLines(issues) : [error.message] };
  }
  return { message: (error as Error).message };
}

/** "1 cookie" / "N cookies". */
export function cookiesCount(count: number): string {
  return `${count} ${count === 1 ? 'cookie' : 'cookies'}`;
}
