import type { NavigatorLike } from './detect-platform.ts';

/**
 * Whether the browser is on a phone or tablet, where no desktop installer runs: iOS and Android by
 * their user agents, and an iPad that presents itself as a Mac by its touch points.
 */
export function isHandheld(nav: NavigatorLike & { maxTouchPoints?: number } = navigator): boolean {
  if (/iPhone|iPad|iPod|Android|Mobile/i.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}
