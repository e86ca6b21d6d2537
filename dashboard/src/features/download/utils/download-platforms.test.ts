import { describe, expect, it } from 'vitest';
import { mainPlatforms, remainingPlatforms } from './download-platforms.ts';

describe('download platforms', () => {
  it('offers both macOS buttons on a Mac, the guessed one first', () => {
    expect(mainPlatforms('macos-m')).toEqual(['macos-m', 'macos-intel']);
    expect(mainPlatforms('macos-intel')).toEqual(['macos-intel', 'macos-m']);
    expect(remainingPlatforms('macos-intel')).toEqual(['windows', 'linux']);
  });

  it('offers one button elsewhere and the three others behind the toggle', () => {
    expect(mainPlatforms('linux')).toEqual(['linux']);
    expect(remainingPlatforms('linux')).toEqual(['windows', 'macos-m', 'macos-intel']);
    expect(remainingPlatforms('windows')).toEqual(['macos-m', 'macos-intel', 'linux']);
  });
});
