import {
  backoffDelay,
  COOKIE_FLUSH_WINDOW_MS,
  DEFAULT_BACKOFF,
  type Entry,
  NO_PROXY_MESSAGE,
  type SupervisedBrowser,
  type SupervisorDeps,
} from './supervision.ts';

function describeExit({ code, signal }: { code: number | null; signal: string | null }): string {
  return signal ? `The browser was ended (${signal})` : `The browser exited (code ${code})`;
}

/**
 * The life of one profile's browser under the supervisor: its proxy and browser started (cookies
 * imported, the extension's session prepared), a launch failure reported and tried again on the
 * backoff, an exit noticed and the browser restarted, and the shutdown. Every step of one profile
 * runs in that profile's queue, one after another.
 */
export function createProfileLifecycle<B extends SupervisedBrowser>(
  deps: SupervisorDeps<B>,
  supervisor: { stopped: () => boolean; changed: () => void },
) {
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const now = deps.now ?? Date.now;
  const { changed } = supervisor;
  const label = (e: Entry<B>) => `profile ${e.profile.id} (${e.profile.name})`;

  const enqueue = (entry: Entry<B>, task: () => Promise<void>) => {
    entry.queue = entry.queue
      .then(task)
      .catch((error) => deps.log(`${label(entry)}: ${(error as Error).message}`));
    return entry.queue;
  };

  function scheduleRetry(entry: Entry<B>): void {
    const delay = backoffDelay(entry.attempt, backoff);
    entry.attempt += 1;
    clearTimeout(entry.retryTimer);
    deps.log(`${label(entry)}: trying again in ${Math.round(delay / 100) / 10} s`);
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = undefined;
      if (!entry.removed && !supervisor.stopped()) void enqueue(entry, () => launchEntry(entry));
    }, delay);
  }

  function watch(entry: Entry<B>, browser: B): void {
    void browser.exited.then((exit) => {
      if (entry.browser !== browser || entry.removed || supervisor.stopped()) return;
      entry.browser = null;
      if (now() - entry.startedAt >= backoff.stableMs) entry.attempt = 0;
      if (entry.cookiesAt && now() - entry.cookiesImportedAt < COOKIE_FLUSH_WINDOW_MS)
        entry.reimportCookies = true;
      entry.restarts += 1;
      entry.state = 'restarting';
      entry.error = describeExit(exit);
      deps.log(`${label(entry)}: ${entry.error}`);
      changed();
      scheduleRetry(entry);
    });
  }

  async function launchEntry(entry: Entry<B>): Promise<void> {
    if (entry.removed || supervisor.stopped() || entry.browser) return;
    const { profile } = entry;
    entry.state = entry.restarts > 0 ? 'restarting' : 'starting';
    changed();
    let browser: B | null = null;
    try {
      // A profile meant to go out through a proxy never goes out through this machine's own address.
      if (profile.proxySource !== 'NOT_USE' && !profile.proxy) throw new Error(NO_PROXY_MESSAGE);
      if (!entry.proxy && profile.proxy) {
        entry.proxy = await deps.startProxy(profile.proxy);
        deps.meter.track(profile.id, entry.proxy);
        deps.log(`${label(entry)}: forwarding proxy on port ${entry.proxy.port}`);
      }
      browser = await deps.launch(profile, entry.proxy);
      if (entry.removed || supervisor.stopped()) {
        await browser.close();
        return;
      }
      // Cookies first, so the extension's first page already has them; a failed import is not a
      // failed launch (tried again on the next check).
      await importCookiesInto(entry, browser);
      await deps.prepare(profile, browser);
    } catch (error) {
      if (browser) await browser.close().catch(() => undefined);
      const message = (error as Error).message || String(error);
      entry.state = 'failed';
      entry.error = message;
      deps.log(`${label(entry)}: launch failed: ${message}`);
      changed();
      if (entry.attempt === 0 || entry.lastReported !== message) {
        entry.lastReported = message;
        await deps
          .reportLaunchFailed(profile.id, message)
          .catch((e) =>
            deps.log(`${label(entry)}: could not report the failed launch: ${(e as Error).message}`),
          );
      }
      scheduleRetry(entry);
      return;
    }
    entry.browser = browser;
    entry.startedAt = now();
    entry.state = 'running';
    entry.error = null;
    entry.lastReported = null;
    deps.log(`${label(entry)}: browser running (pid ${browser.pid ?? '?'})`);
    changed();
    watch(entry, browser);
  }

  async function importCookiesInto(entry: Entry<B>, browser: B): Promise<void> {
    const at = entry.profile.pendingCookiesAt ?? (entry.reimportCookies ? entry.cookiesAt : null);
    if (!at || (at === entry.cookiesAt && !entry.reimportCookies)) return;
    try {
      await deps.importCookies(entry.profile, browser);
      entry.cookiesAt = at;
      entry.cookiesImportedAt = now();
      entry.reimportCookies = false;
    } catch (error) {
      deps.log(`${label(entry)}: could not import its cookies: ${(error as Error).message}`);
    }
  }

  /** Closes the browser and, unless keepProxy, the proxy (its last bytes go to the meter). */
  async function shutDown(entry: Entry<B>, keepProxy: boolean): Promise<void> {
    clearTimeout(entry.retryTimer);
    entry.retryTimer = undefined;
    const browser = entry.browser;
    entry.browser = null;
    if (browser) await browser.close().catch((e) => deps.log(`${label(entry)}: ${(e as Error).message}`));
    if (!keepProxy && entry.proxy) {
      await entry.proxy.close().catch((e) => deps.log(`${label(entry)}: ${(e as Error).message}`));
      deps.meter.release(entry.profile.id);
      entry.proxy = null;
    }
  }

  return { label, enqueue, launchEntry, importCookiesInto, shutDown };
}
