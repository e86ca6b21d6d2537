import { describe, expect, it } from 'vitest';
import { parentDomain, readCookie, writeCookie } from './cookies.ts';
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

  it('reads back what it writes, encoded', () => {
    writeCookie('affiliateToken', 'a b;c');
    expect(readCookie('affiliateToken')).toBe('a b;c');
    expect(readCookie('missing')).toBeNull();
  });

  it('makes the first-visit id from 32 random bytes as hex', () => {
    const id = randomHex(32);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(randomHex(32)).not.toBe(id);
  });
});
