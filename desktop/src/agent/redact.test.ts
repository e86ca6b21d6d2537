import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact.ts';

describe('the agent log redactor', () => {
  it('blanks the secrets it was given and credentials in URLs, and nothing else', () => {
    const r = createRedactor();
    r.add('tok-123456');
    r.add('proxy-pass-9');
    r.add(null);
    r.add('ab');
    expect(r.redact('signed in with tok-123456; proxy http://bob:proxy-pass-9@10.0.0.1:8080 ok')).toBe(
      `signed in with ${REDACTED}; proxy http://${REDACTED}@10.0.0.1:8080 ok`,
    );
    expect(r.redact('socks5://user:secret@proxy.example:1080')).toBe(
      `socks5://${REDACTED}@proxy.example:1080`,
    );
    expect(r.redact('a tab opened on http://127.0.0.1:3000/board')).toBe(
      'a tab opened on http://127.0.0.1:3000/board',
    );
  });
});
