import { DESKTOP_USER_AGENT_TOKEN } from '@reachly/shared/constants';
import { isDesktopApp } from '@reachly/shared/logic';
import { describe, expect, it } from 'vitest';
import { desktopUserAgent } from './user-agent.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('desktopUserAgent', () => {
  it("appends Reachly/<version>, which the page's isDesktopApp recognises", () => {
    const ua = desktopUserAgent(chrome, '1.4.0');
    expect(ua).toBe(`${chrome} Reachly/1.4.0`);
    expect(DESKTOP_USER_AGENT_TOKEN).toBe('Reachly/');
    expect(isDesktopApp(ua)).toBe(true);
    expect(isDesktopApp(chrome)).toBe(false);
  });

  it('replaces the app-name token Electron puts in its default, so Reachly/ appears once, last', () => {
    const electron =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Reachly/1.3.9 Chrome/140.0.7339.41 Electron/45.4.1 Safari/537.36';
    expect(desktopUserAgent(electron, '1.4.0')).toBe(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.41 Electron/45.4.1 Safari/537.36 Reachly/1.4.0',
    );
    expect(desktopUserAgent(`${chrome} Reachly/1.4.0`, '1.4.0')).toBe(`${chrome} Reachly/1.4.0`);
  });

  it('keeps tokens that only look alike', () => {
    expect(desktopUserAgent(`${chrome} NotReachly/2`, '1.0.0')).toBe(`${chrome} NotReachly/2 Reachly/1.0.0`);
  });

  it('refuses a version that would break the header', () => {
    expect(() => desktopUserAgent(chrome, '')).toThrow('Not a version');
    expect(() => desktopUserAgent(chrome, '1.0 beta')).toThrow('Not a version');
    expect(() => desktopUserAgent(chrome, '1.0\r\nX: y')).toThrow('Not a version');
  });
});
