import { type AgentProfile, type AgentProfilesResponse, mayRunOnTraffic } from '@reachly/shared/schemas';
import type { RunningProfile } from './api.ts';
import { createProfileLifecycle } from './profile-lifecycle.ts';
import type { Entry, SupervisedBrowser, Supervisor, SupervisorDeps } from './supervision.ts';

export {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  NO_PROXY_MESSAGE,
  type SupervisedBrowser,
  type Supervisor,
  type SupervisorDeps,
} from './supervision.ts';

const proxyKeyOf = (profile: AgentProfile) => JSON.stringify(profile.proxy);

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

export function createSupervisor<B extends SupervisedBrowser>(deps: SupervisorDeps<B>): Supervisor<B> {
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
  const { label, enqueue, launchEntry, importCookiesInto, shutDown } = createProfileLifecycle(deps, {
    stopped: () => stopped,
    changed,
  });

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
