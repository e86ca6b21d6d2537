import compare from 'semver/functions/compare';
import parse from 'semver/functions/parse';

/**
 * Semantic versions of the desktop app: the page compares the version the app reports with the one
 * the server offers, and the agent does the same to fire reachly-show-update-alert. Parsing and
 * precedence are npm's `semver` (strict: `1.2.3`, `v1.2.3`, `1.2.3-beta.1`, `1.2.3+build.5`).
 */

/**
 * Semantic-version precedence (semver.org §11): -1 when a < b, 0 when equal, 1 when a > b; null
 * when either does not parse. Build metadata is ignored; a pre-release sorts before its release.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return null;
  return compare(pa, pb);
}

/**
 * True when the installed desktop version is older than the offered one. No offered version, or a
 * version that does not parse, never counts as outdated (the dialog blocks the app: only a sure
 * comparison may open it).
 */
export function isOutdatedVersion(
  installed: string | null | undefined,
  offered: string | null | undefined,
): boolean {
  if (!installed || !offered) return false;
  return compareVersions(installed, offered) === -1;
}
