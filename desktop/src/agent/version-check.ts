import { isOutdatedVersion } from '@reachly/shared/logic';

/**
 * The desktop app's version against the one the server offers (GET /api/user
 * offeredDesktopVersion, set with `npm run admin -- set-desktop-version`): when the offered one is
 * newer, the agent emits show-update-alert (the page shows reachly-show-update-alert). Checked after
 * sign-in and then periodically; each offered version is announced once.
 */

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
        if (offered && offered !== announced && isOutdatedVersion(options.currentVersion, offered)) {
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
