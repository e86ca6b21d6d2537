import { describe, expect, it, vi } from 'vitest';
import { detectPlatform, quickPlatformGuess } from './detect-platform.ts';

const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const LINUX_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('detectPlatform', () => {
  it('reads Linux from the user agent without asking for more', async () => {
    const renderer = vi.fn();
    expect(quickPlatformGuess({ userAgent: LINUX_UA })).toBe('linux');
    expect(await detectPlatform({ userAgent: LINUX_UA }, renderer)).toBe('linux');
    expect(renderer).not.toHaveBeenCalled();
  });

  it('tells an Apple-silicon Mac from the architecture client hint', async () => {
    const nav = {
      userAgent: MAC_UA,
      userAgentData: { platform: 'macOS', getHighEntropyValues: async () => ({ architecture: 'arm' }) },
    };
    expect(quickPlatformGuess(nav)).toBe('macos-intel');
    expect(await detectPlatform(nav, () => undefined)).toBe('macos-m');
  });

  it('falls back to the WebGL renderer when the hint says nothing', async () => {
    expect(
      await detectPlatform({ userAgent: MAC_UA }, () => 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2 Pro)'),
    ).toBe('macos-m');
    expect(await detectPlatform({ userAgent: MAC_UA }, () => 'Intel Iris Pro OpenGL Engine')).toBe(
      'macos-intel',
    );
    expect(await detectPlatform({ userAgent: MAC_UA }, () => undefined)).toBe('macos-intel');
  });
});
