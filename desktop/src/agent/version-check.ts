/**
 * The desktop app's version against the one the server offers (GET /api/user
 * offeredDesktopVersion, set with `npm run admin -- set-desktop-version`): when the offered one is
 * newer, the agent emits show-update-alert (the page shows reachly-show-update-alert). Checked after
 * sign-in and then periodically; each offered version is announced once.
 */

interface Version {
  core: [number, number, number];
  pre: string[];
}

/** Reads `1.2.3`, `v1.2`, `1.2.3-beta.1+build` (build metadata ignored); null when it is not a version. */
export function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  return {
    core: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)],
    pre: match[4] ? match[4].split('.') : [],
  };
}

function comparePre(a: string[], b: string[]): number {
  // A release sorts after its pre-releases (1.0.0-rc.1 < 1.0.0).
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) {
      if (Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    } else if (xn !== yn) {
      return xn ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Semver order: negative when a < b, 0 when equal, positive when a > b; null when either is unreadable. */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) {
    const d = (x.core[i] as number) - (y.core[i] as number);
    if (d !== 0) return Math.sign(d);
  }
  return comparePre(x.pre, y.pre);
}

/** True when the server offers a version newer than this one (an unreadable version never counts). */
export function isUpdateOffered(current: string, offered: string | null): boolean {
  if (!offered) return false;
  const order = compareVersions(offered, current);
  return order !== null && order > 0;
}

export interface VersionChecker {
  check(): Promise<void>;
  start(): void;
  stop(): void;
}

export function createVersionChecker(options: {
  currentVersion: string;
  offeredVersion: () => Promise<string | null>;
  onUpdateOffered: (offeredVersion: string) => void;
  intervalMs: number;
  onError?: (error: Error) => void;
}): VersionChecker {
  let announced: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const checker: VersionChecker = {
    async check() {
      try {
        const offered = await options.offeredVersion();
        if (offered && offered !== announced && isUpdateOffered(options.currentVersion, offered)) {
          announced = offered;
          options.onUpdateOffered(offered);
        }
      } catch (error) {
        options.onError?.(error as Error);
      }
    },
    start() {
      if (timer) return;
      void checker.check();
      timer = setInterval(() => void checker.check(), options.intervalMs);
      timer.unref?.();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  return checker;
}
