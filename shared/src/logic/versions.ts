/**
 * Semantic versions of the desktop app: the page compares the version the app reports with the one
 * the server offers, and the agent does the same to fire reachly-show-update-alert.
 */

interface ParsedVersion {
  core: [number, number, number];
  prerelease: string[];
}

const VERSION_RE = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Reads `1.2.3`, `v1.2.3`, `1.2.3-beta.1`, `1.2.3+build.5`; null for anything else. */
export function parseVersion(version: string): ParsedVersion | null {
  const match = VERSION_RE.exec(version.trim());
  if (!match) return null;
  const [, major, minor, patch, pre] = match;
  return {
    core: [Number(major), Number(minor), Number(patch)],
    prerelease: pre ? pre.split('.') : [],
  };
}

function compareIdentifiers(a: string, b: string): number {
  const aNum = /^\d+$/.test(a);
  const bNum = /^\d+$/.test(b);
  if (aNum && bNum) return Math.sign(Number(a) - Number(b));
  if (aNum) return -1; // numeric identifiers sort before alphanumeric ones
  if (bNum) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Semantic-version precedence (semver.org §11): -1 when a < b, 0 when equal, 1 when a > b; null
 * when either does not parse. Build metadata is ignored; a pre-release sorts before its release.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return null;
  for (let i = 0; i < 3; i++) {
    const d = Math.sign((pa.core[i] ?? 0) - (pb.core[i] ?? 0));
    if (d !== 0) return d as -1 | 1;
  }
  if (pa.prerelease.length === 0 || pb.prerelease.length === 0) {
    return Math.sign(pb.prerelease.length - pa.prerelease.length) as -1 | 0 | 1;
  }
  const n = Math.max(pa.prerelease.length, pb.prerelease.length);
  for (let i = 0; i < n; i++) {
    const x = pa.prerelease[i];
    const y = pb.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const d = compareIdentifiers(x, y);
    if (d !== 0) return d as -1 | 1;
  }
  return 0;
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
