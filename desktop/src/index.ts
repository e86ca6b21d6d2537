/**
 * @reachly/desktop: a plain-Node agent that launches one Chromium per profile, behind a thin
 * Electron shell (DESIGN.md §2). The desktop issue builds it; until then this package holds the
 * names of the files it ships.
 */
import { DOWNLOAD_ITEMS, type Platform } from '@reachly/shared/constants';

/** The installer file the release script copies into the server's RELEASES_DIR for a platform. */
export function installerFileName(platform: Platform): string {
  return DOWNLOAD_ITEMS[platform].fileName;
}
