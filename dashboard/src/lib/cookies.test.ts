import { describe, expect, it } from 'vitest';
import { cookieString, deleteCookie, parentDomain, readCookie, writeCookie } from './cookies.ts';
import { randomHex } from './random.ts';

describe('cookies', () => {
  /** A browser's answer: it refuses a cookie on a public suffix (a few of the list's entries here). */
  const publicSuffixes = new Set(['com', 'io', 'uk', 'co.uk', 'github.io', 'test']);
  const browser = (domain: string) => !publicSuffixes.has(domain);

  it('keeps cookies on the parent domain, never on an IP address or a single-label host', () => {
    expect(parentDomain('app.reachly.io', browser)).toBe('reachly.io');
    expect(parentDomain('a.b.reachly.io', browser)).toBe('reachly.io');
    expect(parentDomain('reachly.io', browser)).toBe('reachly.io');
    expect(parentDomain('app.reachly.test', browser)).toBe('reachly.test');
    expect(parentDomain('localhost', browser)).toBeNull();
    expect(parentDomain('127.0.0.1', browser)).toBeNull();
    expect(parentDomain('::1', browser)).toBeNull();
  });

  it('takes the registrable domain under a two-label public suffix such as co.uk', () => {
    expect(parentDomain('app.reachly.com', browser)).toBe('reachly.com');
    expect(parentDomain('app.reachly.co.uk', browser)).toBe('reachly.co.uk');
    expect(parentDomain('a.b.reachly.co.uk', browser)).toBe('reachly.co.uk');
    expect(parentDomain('reachly.co.uk', browser)).toBe('reachly.co.uk');
    expect(parentDomain('team.github.io', browser)).toBe('team.github.io');
    // A host that is itself a public suffix gets a host-only cookie.
    expect(parentDomain('co.uk', browser)).toBeNull();
    expect(cookieString('guestId', 'y', 'app.reachly.co.uk', undefined, browser)).toContain(
      'domain=reachly.co.uk;',
    );
  });

  it('reads back what it writes, encoded, and deletes', () => {
    writeCookie('affiliateToken', 'a b;c');
    expect(readCookie('affiliateToken')).toBe('a b;c');
    expect(readCookie('missing')).toBeNull();
    deleteCookie('affiliateToken');
    expect(readCookie('affiliateToken')).toBeNull();
  });

  it('makes the first-visit id from 32 random bytes as hex', () => {
    const id = randomHex(32);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(randomHex(32)).not.toBe(id);
  });
});
