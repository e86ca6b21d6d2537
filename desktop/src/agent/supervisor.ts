import {
  type AgentProfile,
  type AgentProfilesResponse,
  type AgentProxy,
  mayRunOnTraffic,
} from '@reachly/shared/schemas';
import type { RunningProfile } from './api.ts';
import type { ForwardingProxy } from './forwarding-proxy.ts';
import type { TrafficMeter } from './traffic-meter.ts';

/**
 * Keeps the running profile browsers equal to the wanted ones: the profiles GET /api/agent/profiles
 * lists (some running campaign works them) that may run on the organisation's traffic
 * (mayRunOnTraffic: a profile on the product's proxies stops when no traffic is left). A missing
 * one is started (its forwarding proxy, then its browser, then cookies and the extension's
 * session), one no longer wanted is stopped (browser closed, proxy closed, its last bytes handed to
 * the traffic meter). A browser that exits on its own is restarted after a backoff that doubles up
 * to a cap and starts over once a browser ran for a stable period; a launch that fails is
 * reported (POST /api/agent/launch-failed, once per streak or new message) and tried again on the
 * same backoff, never in a tight loop. Checks run one at a time, on request (socket pushes) and on
 * a slow poll.
 */

/** The part of a launched browser the supervisor needs (browser.ts ProfileBrowser has it). */
export interface SupervisedBrowser {
  readonly pid: number | null;
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  close(): Promise<void>;
}

export interface BackoffOptions {
  /** First delay after a crash or failed launch. */
  baseMs: number;
  /** The longest delay. */
  capMs: number;
  /** A browser that ran this long before exiting counts as a fresh start (the backoff starts over). */
  stableMs: number;
}

/**
 * Chromium writes its cookie store to disk about every 30 s: a browser killed sooner after an
 * import may come back without the cookies, so they are imported again at its restart.
 */
export const COOKIE_FLUSH_WINDOW_MS = 60_000;

export const NO_PROXY_MESSAGE =
  'The profile has no proxy address yet, and it does not start without its proxy';

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 5 * 60_000, stableMs: 2 * 60_000 };

/** The delay before attempt number `attempt` (0-based) of a streak: base · 2^attempt, at most cap. */
export function backoffDelay(
  attempt: number,
  { baseMs, capMs }: Pick<BackoffOptions, 'baseMs' | 'capMs'>,
): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

export interface SupervisorDeps<B extends SupervisedBrowser> {
  fetchProfiles: () => Promise<AgentProfilesResponse>;
  startProxy: (upstream: AgentProxy) => Promise<ForwardingProxy>;
  /** Launches the profile's browser behind its proxy (null: none). */
  launch: (profile: AgentProfile, proxy: ForwardingProxy | null) => Promise<B>;
  /** After a launch (and the cookies): the extension's session. A failure counts as a failed launch. */
  prepare: (profile: AgentProfile, browser: B) => Promise<void>;
  /** Imports the profile's pending cookies (after a launch, or when pendingCookiesAt changes). */
  importCookies: (profile: AgentProfile, browser: B) => Promise<void>;
  reportLaunchFailed: (profileId: number, message: string) => Promise<void>;
  meter: TrafficMeter;
  onChange: (profiles: RunningProfile[]) => void;
  log: (line: string) => void;
  backoff?: BackoffOptions;
  /** The slow poll that catches what the socket missed. */
  pollIntervalMs: number;
  now?: () => number;
}

interface Entry<B> {
  profile: AgentProfile;
  proxyKey: string;
  state: RunningProfile['state'];
  proxy: ForwardingProxy | null;
  browser: B | null;
  restarts: number;
  /** Consecutive crashes or failed launches (the backoff's attempt number). */
  attempt: number;
  error: string | null;
  lastReported: string | null;
  startedAt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  removed: boolean;
  /** The pendingCookiesAt last imported, and when (agent clock). */
  cookiesAt: string | null;
  cookiesImportedAt: number;
  /** Import the stored set again at the next launch (the browser died before writing it to disk). */
  reimportCookies: boolean;
  /** Start, stop and restart of one profile run one after another. */
  queue: Promise<void>;
}

export interface Supervisor<B extends SupervisedBrowser> {
  /** Asks for a check of the wanted profiles; resolves when the check (or the one running) is done. */
  check(reason?: string): Promise<void>;
  start(): void;
  running(): RunningProfile[];
  browserOf(profileId: number): B | null;
  /** Stops every browser and proxy. */
  stop(): Promise<void>;
}

const proxyKeyOf = (profile: AgentProfile) => JSON.stringify(profile.proxy);

function describeExit({ code, signal }: { code: number | null; signal: string | null }): string {
  return signal ? `The browser was ended (${signal})` : `The browser exited (code ${code})`;
}

export function createSupervisor<B extends SupervisedBrowser>(deps: SupervisorDeps<B>): Supervisor<B> {
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const now = deps.now ?? Date.now;
  const entries = new Map<number, Entry<B>>();
  let stopped = false;
  let checking: Promise<void> | null = null;
  let again = false;
  let poll: ReturnType<typeof setInterval> | undefined;

  const snapshot = (): RunningProfile[] =>
    [...entries.values()]
      .map((e) => ({
        profileId: e.profile.id,
        name: e.profile.name,
        state: e.state,
        proxyPort: e.proxy?.port ?? null,
        restarts: e.restarts,
        error: e.error,
      }))
      .sort((a, b) => a.profileId - b.profileId);
  const changed = () => deps.onChange(snapshot());
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
      if (!entry.removed && !stopped) void enqueue(entry, () => launchEntry(entry));
    }, delay);
  }

  function watch(entry: Entry<B>, browser: B): void {
    void browser.exited.then((exit) => {
      if (entry.browser !== browser || entry.removed || stopped) return;
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
    if (entry.removed || stopped || entry.browser) return;
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
      if (entry.removed || stopped) {
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

  async function removeEntry(entry: Entry<B>, why: string): Promise<void> {
    entry.removed = true;
    clearTimeout(entry.retryTimer);
    entry.state = 'stopping';
    changed();
    await enqueue(entry, async () => {
      deps.log(`${label(entry)}: stopping (${why})`);
      await shutDown(entry, false);
    });
    // Its last bytes are reported before it leaves the list (the agent's own stop reports once for all).
    if (!stopped) await deps.meter.flush();
    if (entries.get(entry.profile.id) === entry) entries.delete(entry.profile.id);
    changed();
  }

  async function reconcile(): Promise<void> {
    let answer: AgentProfilesResponse;
    try {
      answer = await deps.fetchProfiles();
    } catch (error) {
      // The server may be away for a while: running browsers keep running.
      deps.log(`could not read the profiles to run: ${(error as Error).message}`);
      return;
    }
    if (stopped) return;
    const wanted = new Map<number, AgentProfile>();
    const outOfTraffic = new Set<number>();
    for (const profile of answer.profiles) {
      if (mayRunOnTraffic(profile, answer.traffic.remainingTraffic)) wanted.set(profile.id, profile);
      else outOfTraffic.add(profile.id);
    }
    const work: Promise<void>[] = [];
    for (const entry of entries.values()) {
      if (!entry.removed && !wanted.has(entry.profile.id)) {
        work.push(
          removeEntry(entry, outOfTraffic.has(entry.profile.id) ? 'no traffic left' : 'no running campaign'),
        );
      }
    }
    for (const profile of wanted.values()) {
      const entry = entries.get(profile.id);
      if (!entry || entry.removed) {
        const fresh: Entry<B> = {
          profile,
          proxyKey: proxyKeyOf(profile),
          state: 'starting',
          proxy: null,
          browser: null,
          restarts: 0,
          attempt: 0,
          error: null,
          lastReported: null,
          startedAt: 0,
          retryTimer: undefined,
          removed: false,
          cookiesAt: null,
          cookiesImportedAt: 0,
          reimportCookies: false,
          queue: entry?.queue ?? Promise.resolve(),
        };
        entries.set(profile.id, fresh);
        work.push(enqueue(fresh, () => launchEntry(fresh)));
        continue;
      }
      const proxyChanged = entry.proxyKey !== proxyKeyOf(profile);
      entry.profile = profile;
      entry.proxyKey = proxyKeyOf(profile);
      if (proxyChanged) {
        work.push(
          enqueue(entry, async () => {
            deps.log(`${label(entry)}: proxy changed, starting again`);
            await shutDown(entry, false);
            entry.attempt = 0;
            await launchEntry(entry);
          }),
        );
      } else if (entry.browser && profile.pendingCookiesAt && profile.pendingCookiesAt !== entry.cookiesAt) {
        work.push(
          enqueue(entry, async () => {
            if (entry.browser) await importCookiesInto(entry, entry.browser);
          }),
        );
      }
    }
    changed();
    await Promise.all(work);
  }

  const supervisor: Supervisor<B> = {
    check(reason) {
      if (stopped) return Promise.resolve();
      if (checking) {
        again = true;
        return checking;
      }
      if (reason) deps.log(`checking the profiles to run (${reason})`);
      checking = (async () => {
        do {
          again = false;
          await reconcile();
        } while (again && !stopped);
      })().finally(() => {
        checking = null;
      });
      return checking;
    },
    start() {
      if (poll || stopped) return;
      poll = setInterval(() => void supervisor.check(), deps.pollIntervalMs);
      poll.unref?.();
      void supervisor.check('start');
    },
    running: snapshot,
    browserOf: (profileId) => entries.get(profileId)?.browser ?? null,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await checking?.catch(() => undefined);
      await Promise.all([...entries.values()].map((entry) => removeEntry(entry, 'the agent stops')));
    },
  };
  return supervisor;
}
