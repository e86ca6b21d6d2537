import { describe, expect, it } from 'vitest';
import { isInternalUrl, linkAction } from './links.ts';

const dashboard = 'http://localhost:3000';

describe('linkAction', () => {
  it("keeps the dashboard's own pages in the window", () => {
    expect(linkAction('http://localhost:3000/collections/all', dashboard)).toBe('internal');
    expect(linkAction('http://localhost:3000/signin?callbackUrl=%2F#top', dashboard)).toBe('internal');
    expect(linkAction('https://app.reachly.example/board', 'https://app.reachly.example')).toBe('internal');
  });

  it('sends other http(s) addresses to the system browser, another port or scheme included', () => {
    expect(linkAction('https://docs.reachly.example/help', dashboard)).toBe('external');
    expect(linkAction('http://localhost:3001/', dashboard)).toBe('external');
    expect(linkAction('https://localhost:3000/', dashboard)).toBe('external');
    expect(linkAction('http://127.0.0.1:3000/', dashboard)).toBe('external');
  });

  it('opens nothing else: files, scripts, custom protocols, nonsense', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ms-settings:privacy',
      'smb://host/share',
      'not a url',
      '',
    ]) {
      expect(linkAction(url, dashboard), url).toBe('deny');
    }
  });

  it('trusts a frame only when it shows the dashboard', () => {
    expect(isInternalUrl('http://localhost:3000/', dashboard)).toBe(true);
    expect(isInternalUrl('https://evil.example/', dashboard)).toBe(false);
    expect(isInternalUrl(undefined, dashboard)).toBe(false);
    expect(isInternalUrl(null, dashboard)).toBe(false);
  });
});
