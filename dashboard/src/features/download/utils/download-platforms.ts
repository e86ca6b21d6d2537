import { PLATFORMS, type Platform } from '@reachly/shared/constants';
import { otherPlatforms } from '@reachly/shared/logic';

const MAC_PLATFORMS: readonly Platform[] = ['macos-m', 'macos-intel'];

/**
 * The buttons shown first for the guessed platform. On a Mac the block offers both M-series and
 * Intel, the guessed one first (spec §2: "The macOS block offers M-series and Intel buttons
 * depending on the detected platform"; the user agent cannot always tell them apart).
 */
export function mainPlatforms(guessed: Platform): Platform[] {
  if (!MAC_PLATFORMS.includes(guessed)) return [guessed];
  return [guessed, ...MAC_PLATFORMS.filter((p) => p !== guessed)];
}

/** What "Show for other platforms" opens: every platform not already shown, in display order. */
export function remainingPlatforms(guessed: Platform): Platform[] {
  const main = mainPlatforms(guessed);
  return otherPlatforms(guessed).filter((p) => !main.includes(p) && PLATFORMS.includes(p));
}
