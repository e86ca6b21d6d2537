import { MAX_PROFILE_COOKIES } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import {
  COOKIES_TOO_LARGE,
  checkCookies,
  cookieIssueLine,
  cookieIssueLines,
  cookiesCount,
  cookiesFailure,
  readCookiesJson,
} from './cookie-import.ts';

const cookie = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  value: `value-of-${name}`,
  domain: '.network.example',
  ...extra,
});

describe('readCookiesJson', () => {
  it('reads an array of cookies, or {cookies: [...]}, leaving out null values', () => {
    const list = [cookie('a', { sameSite: null, expirationDate: null, storeId: null }), cookie('b')];
    expect(readCookiesJson(JSON.stringify(list))).toEqual({ ok: true, cookies: [cookie('a'), cookie('b')] });
    expect(readCookiesJson(`\uFEFF  ${JSON.stringify({ url: 'x', cookies: [cookie('b')] })}\n`)).toEqual({
      ok: true,
      cookies: [cookie('b')],
    });
  });

  it('says what is wrong with text that is no cookie list', () => {
    const problem = (text: string) => {
      const read = readCookiesJson(text);
      return read.ok ? null : read.problem;
    };
    expect(problem('  ')).toBe('Paste the cookies as JSON, or choose a .json file.');
    expect(problem('c_user=1; xs=2')).toMatch(/^This is not JSON: ./);
    expect(problem('{"cookie": []}')).toMatch(/^This JSON is not a list of cookies/);
    expect(problem('"[]"')).toMatch(/^This JSON is not a list of cookies/);
    expect(problem('{"cookies": []}')).toBe('The list holds no cookies.');
    const many = Array.from({ length: MAX_PROFILE_COOKIES + 1 }, (_, i) => cookie(`c${i}`));
    expect(problem(JSON.stringify(many))).toBe(
      `At most ${MAX_PROFILE_COOKIES} cookies at once; this list holds ${MAX_PROFILE_COOKIES + 1}.`,
    );
  });
});

describe('cookieIssueLine', () => {
  it('names the cookie by its place in the list and drops the path zod wrote in the message', () => {
    expect(
      cookieIssueLine({ path: ['cookies', '3', 'domain'], message: 'cookies.3.domain: Invalid input' }),
    ).toBe('Cookie 4: domain — Invalid input');
    expect(
      cookieIssueLine({ path: ['cookies', 0, 'value'], message: 'text must not contain NUL characters' }),
    ).toBe('Cookie 1: value — text must not contain NUL characters');
    expect(
      cookieIssueLine({ path: ['cookies', '2'], message: 'cookies.2: Invalid input: expected object' }),
    ).toBe('Cookie 3: Invalid input: expected object');
    expect(cookieIssueLine({ path: ['cookies'], message: 'cookies: Too big' })).toBe('Too big');
    expect(cookieIssueLine({ path: [], message: 'Invalid input' })).toBe('Invalid input');
  });

  it('lists at most 8 lines, each once, and counts the rest', () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({
      path: ['cookies', String(i), 'name'],
      message: 'Too small',
    }));
    const lines = cookieIssueLines([...issues, ...issues]);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('Cookie 1: name — Too small');
    expect(lines[8]).toBe('…and 4 more problems');
  });
});

describe('checkCookies', () => {
  it('passes cookies the server accepts, and judges the others with the shared schema', () => {
    expect(
      checkCookies([cookie('a', { expirationDate: 1893456000.25, sameSite: 'lax', hostOnly: true })]),
    ).toEqual([]);
    expect(checkCookies([cookie('a'), { name: 'b', value: 'x' }, 'c_user=1'])).toEqual([
      'Cookie 2: domain — Invalid input: expected string, received undefined',
      'Cookie 3: Invalid input: expected object, received string',
    ]);
  });

  it('refuses a set over the 512 KB body limit before sending it', () => {
    const big = Array.from({ length: 200 }, (_, i) => cookie(`big${i}`, { value: 'v'.repeat(4000) }));
    expect(checkCookies(big)).toEqual([COOKIES_TOO_LARGE]);
  });
});

describe('cookiesFailure', () => {
  it('puts 400 details and 413 next to the cookies, anything else above the form', () => {
    const details = [
      { path: ['cookies', '0', 'name'], code: 'too_small', message: 'cookies.0.name: Too small' },
    ];
    expect(
      cookiesFailure(new ApiError(400, 'VALIDATION_ERROR', 'cookies.0.name: Too small', details)),
    ).toEqual({
      problems: ['Cookie 1: name — Too small'],
    });
    expect(cookiesFailure(new ApiError(400, 'BAD_REQUEST', 'Malformed JSON'))).toEqual({
      problems: ['Malformed JSON'],
    });
    expect(cookiesFailure(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.'))).toEqual({
      problems: [COOKIES_TOO_LARGE],
    });
    expect(cookiesFailure(new ApiError(404, 'NOT_FOUND', 'Profile 7 not found.'))).toEqual({
      message: 'Profile 7 not found.',
    });
  });

  it('counts cookies in words', () => {
    expect(cookiesCount(1)).toBe('1 cookie');
    expect(cookiesCount(2)).toBe('2 cookies');
  });
});
