import { describe, expect, it } from 'vitest';
import { TEXTS } from '../constants/messages.ts';
import { appleSiliconHint, guessPlatform, isDesktopApp, otherPlatforms, platformLabel } from './platform.ts';

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  ubuntuFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktopShell:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Reachly/1.2.3 Chrome/130.0.6723.191 Electron/33.2.1 Safari/537.36',
  desktopShellMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Reachly/1.2.3 Chrome/130.0.6723.191 Electron/33.2.1 Safari/537.36',
};

describe('guessPlatform', () => {
  it('recognises Windows', () => {
    expect(guessPlatform(UA.windowsChrome)).toBe('windows');
    expect(guessPlatform(UA.windowsEdge)).toBe('windows');
    expect(guessPlatform(UA.desktopShell)).toBe('windows');
  });
  it('gives macos-intel for a Mac UA saying Intel without an arm hint', () => {
    expect(guessPlatform(UA.macChrome)).toBe('macos-intel');
    expect(guessPlatform(UA.macSafari)).toBe('macos-intel');
    expect(guessPlatform(UA.macChrome, { platform: 'macOS' })).toBe('macos-intel');
  });
  it('gives macos-m when the hint says arm, even though the UA says Intel', () => {
    expect(guessPlatform(UA.macChrome, { platform: 'macOS', isArm: true })).toBe('macos-m');
    expect(guessPlatform(UA.macSafari, { isArm: true })).toBe('macos-m');
  });
  it('gives macos-intel when the hint says x86', () => {
    expect(guessPlatform(UA.macChrome, { isArm: false })).toBe('macos-intel');
  });
  it('gives macos-m for a Mac UA without Intel', () => {
    expect(guessPlatform('Mozilla/5.0 (Macintosh; ARM Mac OS X 14_0) AppleWebKit/605.1.15')).toBe('macos-m');
  });
  it('recognises Linux and ChromeOS', () => {
    expect(guessPlatform(UA.ubuntuFirefox)).toBe('linux');
    expect(guessPlatform(UA.chromeOs)).toBe('linux');
  });
  it('gives the default for phones, not linux or macOS', () => {
    expect(guessPlatform(UA.android)).toBe('windows');
    expect(guessPlatform(UA.iphone)).toBe('windows');
    expect(guessPlatform(UA.iphone, { isArm: true })).toBe('windows');
  });
  it('gives windows for an unknown UA', () => {
    expect(guessPlatform('')).toBe('windows');
    expect(guessPlatform('curl/8.5.0')).toBe('windows');
  });
  it('lets the platform hint win over the UA', () => {
    expect(guessPlatform(UA.windowsChrome, { platform: 'Linux' })).toBe('linux');
    expect(guessPlatform(UA.ubuntuFirefox, { platform: 'MacIntel', isArm: true })).toBe('macos-m');
    expect(guessPlatform(UA.macChrome, { platform: 'Win32' })).toBe('windows');
    expect(guessPlatform(UA.ubuntuFirefox, { platform: 'Android' })).toBe('windows');
  });
  it('falls back to the UA for an unknown platform hint', () => {
    expect(guessPlatform(UA.ubuntuFirefox, { platform: 'Haiku' })).toBe('linux');
  });
});

describe('appleSiliconHint', () => {
  it('reads the architecture', () => {
    expect(appleSiliconHint({ architecture: 'arm' })).toBe(true);
    expect(appleSiliconHint({ architecture: 'x86' })).toBe(false);
  });
  it('reads the WebGL renderer', () => {
    expect(appleSiliconHint({ webglRenderer: 'Apple M1' })).toBe(true);
    expect(
      appleSiliconHint({
        webglRenderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2 Pro, Unspecified Version)',
      }),
    ).toBe(true);
    expect(
      appleSiliconHint({
        webglRenderer: 'ANGLE (Intel Inc., Intel(R) Iris(TM) Plus Graphics 655, OpenGL 4.1)',
      }),
    ).toBe(false);
    expect(appleSiliconHint({ webglRenderer: 'AMD Radeon Pro 5500M OpenGL Engine' })).toBe(false);
  });
  it('knows nothing from Safari masked renderer or no signal', () => {
    expect(appleSiliconHint({ webglRenderer: 'Apple GPU' })).toBeUndefined();
    expect(appleSiliconHint({})).toBeUndefined();
  });
  it('feeds guessPlatform', () => {
    const isArm = appleSiliconHint({ webglRenderer: 'Apple M3' });
    expect(guessPlatform(UA.macSafari, isArm === undefined ? {} : { isArm })).toBe('macos-m');
  });
});

describe('platformLabel', () => {
  it('labels every platform', () => {
    expect(platformLabel('windows')).toBe('Windows');
    expect(platformLabel('macos-m')).toBe('MacOS M');
    expect(platformLabel('macos-intel')).toBe('MacOS Intel');
    expect(platformLabel('linux')).toBe('Linux');
  });
  it('fills the guess sentence', () => {
    expect(TEXTS.platformGuess(platformLabel('macos-m'))).toBe("We're guessing you're on MacOS M platform.");
  });
});

describe('otherPlatforms', () => {
  it('lists the remaining platforms in display order', () => {
    expect(otherPlatforms('windows')).toEqual(['macos-m', 'macos-intel', 'linux']);
    expect(otherPlatforms('macos-m')).toEqual(['windows', 'macos-intel', 'linux']);
    expect(otherPlatforms('macos-intel')).toEqual(['windows', 'macos-m', 'linux']);
    expect(otherPlatforms('linux')).toEqual(['windows', 'macos-m', 'macos-intel']);
  });
});

describe('isDesktopApp', () => {
  it('detects the desktop shell', () => {
    expect(isDesktopApp(UA.desktopShell)).toBe(true);
    expect(isDesktopApp(UA.desktopShellMac)).toBe(true);
  });
  it('is false for browsers', () => {
    for (const ua of [
      UA.windowsChrome,
      UA.macChrome,
      UA.macSafari,
      UA.ubuntuFirefox,
      UA.android,
      UA.iphone,
    ]) {
      expect(isDesktopApp(ua)).toBe(false);
    }
    expect(isDesktopApp('Mozilla/5.0 Electron/33.2.1')).toBe(false);
  });
});
