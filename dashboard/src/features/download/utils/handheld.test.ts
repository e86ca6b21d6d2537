import { describe, expect, it } from 'vitest';
import { isHandheld } from './handheld.ts';

describe('isHandheld', () => {
  it.each([
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      5,
    ],
    [
      'an Android phone',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      5,
    ],
    [
      'an Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      5,
    ],
    [
      'an iPad that says it is a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      5,
    ],
  ])('says %s is handheld', (_label, userAgent, maxTouchPoints) => {
    expect(isHandheld({ userAgent, maxTouchPoints })).toBe(true);
  });

  it.each([
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15', 0],
    ['Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 0],
    ['Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 0],
  ])('says %s is a computer', (_label, userAgent, maxTouchPoints) => {
    expect(isHandheld({ userAgent, maxTouchPoints })).toBe(false);
  });
});
