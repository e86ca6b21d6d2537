import { DESKTOP_USER_AGENT_TOKEN } from '@reachly/shared/constants';

/**
 * The shell's user agent (pure): Electron's default one plus ` Reachly/<version>`, by which the
 * page knows it runs in the desktop shell (shared isDesktopApp looks for DESKTOP_USER_AGENT_TOKEN).
 * The page reads the app's version from get-machine-data, not from here; the token's version is
 * for people reading logs. Electron already puts `<app name>/<version>` in its default, which is
 * `Reachly/…` for the packaged app: that one is removed so the token appears exactly once, last.
 */
export function desktopUserAgent(defaultUserAgent: string, version: string): string {
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`Not a version for the user agent: "${version}"`);
  const token = escapeRegExp(DESKTOP_USER_AGENT_TOKEN);
  const base = defaultUserAgent
    .replace(new RegExp(`(^|\\s)${token}\\S*`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base} ${DESKTOP_USER_AGENT_TOKEN}${version}`.trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
