/**
 * @reachly/desktop: a plain-Node agent that launches one Chromium per profile (src/agent), behind a
 * thin Electron shell (electron/, built by scripts/build-shell.ts; docs/design.md §2). This module names
 * the installers it ships, for scripts/dist.ts and scripts/release.ts.
 */
import { DOWNLOAD_ITEMS, type Platform } from '@reachly/shared/constants';

/** The installer file the release script copies into the server's RELEASES_DIR for a platform. */
export function installerFileName(platform: Platform): string {
  return DOWNLOAD_ITEMS[platform].fileName;
}
