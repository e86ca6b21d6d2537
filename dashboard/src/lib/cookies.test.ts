import { describe, expect, it } from 'vitest';
import { cookieString, deleteCookie, parentDomain, readCookie, writeCookie } from './cookies.ts';
import { randomHex } from './random.ts';

describe('cookies', () => {
  it('keeps cookies on the parent domain, never on an IP address or a single-label host', () => {
    expect(parentDomain('app.reachly.io')).toBe('reachly.io');
    expect(parentDomain('a.b.reachly.io')).toBe('reachly.io');
    expect(parentDomain('reachly.io')).toBe('reachly.io');
    expect(parentDomain('localhost')).toBeNull();
    expect(parentDomain('127.0.0.1')).toBeNull();
    expect(parentDomain('::1')).toBeNull();
  });

  it('writes until 1 Jan 2100 on the parent domain, path /', () => {
    expect(cookieString('affiliateToken', 'x', 'app.reachly.io')).toBe(
      'affiliateToken=x; expires=Fri, 01 Jan 2100 00:00:00 GMT; path=/; domain=reachly.io; SameSite=Lax',
    );
    expect(cookieString('guestId', 'y', 'localhost')).toBe(
      'guestId=y; expires=Fri, 01 Jan 2100 00:00:00 GMT; path=/; SameSite=Lax',
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
