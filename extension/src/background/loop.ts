import type { AdapterStep, ExtensionSession, ExtensionState } from '@reachly/shared/extension';
import type { ExecutorTask } from '@reachly/shared/schemas';
import { ApiError, createExecutorApi, type ExecutorApi } from '../api-client.ts';
import {
  currentTaskItem,
  lastInboxCheckItem,
  nextTickItem,
  pausedItem,
  sessionItem,
  statusItem,
} from '../storage.ts';
import { readInbox } from './inbox-reader.ts';
import { createLoopStatus } from './loop-status.ts';
import { profileLabel } from './profile-label.ts';
import type { StepRun } from './tab-driver.ts';
import { describeTask, outcomeFor, stepForTask } from './task-runner.ts';

/**
 * The task loop of the background service worker (docs/design.md §4, §5), as wiring of small modules:
 * claim a task, run its step on the network's tab through the adapter, report the outcome, wait
 * the gap the server asked for. Its state lives in storage, and it is woken by alarms as well as
 * timers, so it survives the browser stopping the service worker: a task that was in flight is
 * run again under the same claim, and the adapter's look-before-act finds it done if it was.
 */

/** Incoming messages and acceptances are read this often while tasks keep the loop busy… */
const INBOX_INTERVAL_MS = 60_000;
/** …and this often while it has nothing to do (replies come in while the campaign waits). */
const IDLE_INBOX_INTERVAL_MS = 10_000;
/** When the server cannot be reached. */
const OFFLINE_RETRY_MS = 30_000;
/** Never wait longer than this between two looks at the server (a resumed campaign starts soon). */
const MAX_WAIT_MS = 5 * 60_000;
const MIN_WAIT_MS = 1_000;

export interface LoopDeps {
  runStep(entryUrl: string, step: AdapterStep): Promise<StepRun>;
  entryUrl(step: AdapterStep, base: URL): string;
  /** Schedules the next tick (a timer, with an alarm behind it). */
  schedule(ms: number): void;
  /** How long a person browsing by hand in this browser still holds the automation back (ms). */
  manualHoldMs?: () => number;
  now?: () => number;
  api?: (session: ExtensionSession) => ExecutorApi;
}

export function createLoop(deps: LoopDeps) {
  const now = deps.now ?? Date.now;
  const apiFor = deps.api ?? ((s: ExtensionSession) => createExecutorApi(s));
  let running = false;
  /** The last claim found nothing to do (kept in memory: a restarted worker just reads a little later). */
  let idle = false;

  const { note, patchStatus, countDone, noteCampaign, noteLogin } = createLoopStatus(now);

  async function waitFor(ms: number) {
    const wait = Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, ms));
    await nextTickItem.setValue(now() + wait);
    deps.schedule(wait);
  }

  function baseOf(session: ExtensionSession, task?: ExecutorTask): URL {
    if (session.networkUrl) return new URL(session.networkUrl);
    if (task && 'lead' in task) return new URL(task.lead.profileUrl);
    if (task && task.action === 'joinGroups') return new URL(task.groupUrl);
    if (task && task.action === 'collect' && task.source.kind === 'group')
      return new URL(task.source.groupUrl);
    throw new Error('The network URL is unknown: the launcher did not give one');
  }

  /** Runs a claimed task and reports its outcome; answers the wait the server asked for (ms). */
  async function work(session: ExtensionSession, api: ExecutorApi, task: ExecutorTask): Promise<number> {
    await currentTaskItem.setValue(task);
    await noteCampaign(api, task);
    await patchStatus({
      currentTask: {
        id: task.id,
        action: task.action,
        campaignId: task.campaignId,
        label: describeTask(task),
      },
      waiting: null,
    });
    let run: StepRun;
    try {
      if (task.action === 'manualMessage') await api.manualStarted(task.id, task.attempt);
      else await api.started(task.id, task.attempt);
      const step = stepForTask(task);
      run = await deps.runStep(deps.entryUrl(step, baseOf(session, task)), step);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Another claim took over (our lease lapsed): drop it, nothing was done by this run.
        await currentTaskItem.setValue(null);
        await patchStatus({ currentTask: null });
        return 0;
      }
      if (error instanceof ApiError && error.status === 0) throw error;
      run = { result: { status: 'failed', error: (error as Error).message }, acted: 0, inspection: null };
    }
    await noteLogin(api, run);
    const outcome = outcomeFor(task, run);
    let retryMs = 0;
    try {
      const answer =
        task.action === 'manualMessage'
          ? await api.manualOutcome(task.id, task.attempt, outcome)
          : await api.outcome(task.id, task.attempt, outcome);
      retryMs = answer.retryAfterSeconds * 1000;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
    }
    await currentTaskItem.setValue(null);
    await patchStatus({ currentTask: null });
    if (outcome.status === 'done') {
      await countDone(task);
      await note(
        'info',
        `${describeTask(task)}: done${outcome.data.alreadyDone ? ' (already done on the page)' : ''}`,
      );
    } else if (outcome.status === 'restricted') {
      await note('error', `${outcome.signal}: ${outcome.message}`);
    } else {
      await note(
        'warning',
        `${describeTask(task)}: ${outcome.status === 'skipped' ? outcome.reason : outcome.error}`,
      );
    }
    return retryMs;
  }

  /** One pass: resume or claim, work, report, then schedule the next pass. Never two at once. */
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      const session = await sessionItem.getValue();
      if (!session || (await pausedItem.getValue())) return;
      const due = await nextTickItem.getValue();
      if (due > now() && !(await currentTaskItem.getValue())) {
        deps.schedule(due - now());
        return;
      }
      const api = apiFor(session);
      try {
        // A task in flight when the worker stopped: run it again under the same claim.
        const resumed = await currentTaskItem.getValue();
        if (resumed) {
          await note('info', `Resuming ${describeTask(resumed)}`);
          await waitFor(await work(session, api, resumed));
          return;
        }
        const sinceInbox = now() - (await lastInboxCheckItem.getValue());
        if (sinceInbox >= INBOX_INTERVAL_MS || (idle && sinceInbox >= IDLE_INBOX_INTERVAL_MS)) {
          await lastInboxCheckItem.setValue(now());
          await readInbox(deps, session, api, note);
        }
        const hold = deps.manualHoldMs?.() ?? 0;
        if (hold > 0) {
          await patchStatus({
            waiting: { reason: 'manual-surfing', until: new Date(now() + hold).toISOString() },
          });
          await waitFor(hold);
          return;
        }
        const claim = await api.claim();
        await patchStatus({ pausedUntil: claim.pausedUntil });
        idle = !claim.task && claim.reason === 'no-tasks';
        if (!claim.task) {
          // Nothing planned yet: look again soon (and read the inbox), whatever the server's default.
          const wait = idle
            ? Math.min(claim.retryAfterSeconds * 1000, IDLE_INBOX_INTERVAL_MS)
            : claim.retryAfterSeconds * 1000;
          await patchStatus({
            waiting: { reason: claim.reason, until: new Date(now() + wait).toISOString() },
          });
          await waitFor(wait);
          return;
        }
        await waitFor(await work(session, api, claim.task));
      } catch (error) {
        await note('error', (error as Error).message);
        await waitFor(OFFLINE_RETRY_MS);
      }
    } finally {
      running = false;
    }
  }

  /**
   * The server said work is due or the rules changed: look now instead of at the end of the wait
   * (the claim still keeps the gap between actions). A task in progress finishes first.
   */
  async function wake(reason: string) {
    if (!(await sessionItem.getValue()) || (await pausedItem.getValue())) return;
    idle = false;
    if (!(await currentTaskItem.getValue())) await nextTickItem.setValue(0);
    await lastInboxCheckItem.setValue(0);
    await note('info', `Woken by the server: ${reason}`);
    if (!running) deps.schedule(0);
  }

  async function state(): Promise<ExtensionState> {
    const session = await sessionItem.getValue();
    return {
      ...(await statusItem.getValue()),
      session: session
        ? {
            serverUrl: session.serverUrl,
            profileId: session.profileId,
            profileName: session.profileName ?? null,
          }
        : null,
      paused: await pausedItem.getValue(),
    };
  }

  async function setPaused(paused: boolean): Promise<ExtensionState> {
    await pausedItem.setValue(paused);
    await note('info', paused ? 'Paused from the popup' : 'Resumed from the popup');
    if (!paused) {
      await nextTickItem.setValue(0);
      deps.schedule(0);
    }
    return state();
  }

  async function signIn(session: ExtensionSession) {
    await sessionItem.setValue(session);
    await nextTickItem.setValue(0);
    await lastInboxCheckItem.setValue(0);
    await note('info', `Connected to ${session.serverUrl} as ${profileLabel(session)}`);
    deps.schedule(0);
  }

  async function signOut(): Promise<ExtensionState> {
    await sessionItem.setValue(null);
    await currentTaskItem.setValue(null);
    await patchStatus({ currentTask: null, waiting: null });
    await note('info', 'Signed out');
    return state();
  }

  return { tick, wake, state, setPaused, signIn, signOut };
}
