import type { ExecutorTask } from '@reachly/shared/schemas';
import { CAMPAIGN_ACTIONS, type CampaignAction, DEFAULT_DAILY_CAPS } from '@reachly/shared/schemas';
import type { ExecutorApi } from '../api-client.ts';
import { statusItem, todayDateItem } from '../storage.ts';
import type { StepRun } from './tab-driver.ts';

/** The popup's last events are this many. */
const MAX_EVENTS = 10;

/**
 * What the popup shows of the loop (its status in storage): the last events, today's counts, the
 * current campaign and its caps, the profile's log-in state (which the server hears of too).
 */
export function createLoopStatus(now: () => number) {
  async function note(level: 'info' | 'warning' | 'error', message: string) {
    const status = await statusItem.getValue();
    const lastEvents = [{ at: new Date(now()).toISOString(), level, message }, ...status.lastEvents].slice(
      0,
      MAX_EVENTS,
    );
    await statusItem.setValue({ ...status, lastEvents });
  }

  async function patchStatus(patch: Partial<Awaited<ReturnType<typeof statusItem.getValue>>>) {
    await statusItem.setValue({ ...(await statusItem.getValue()), ...patch });
  }

  async function countDone(task: ExecutorTask) {
    // A person's message from the inbox counts against no campaign's cap.
    if (task.action === 'manualMessage') return;
    const date = new Date(now()).toISOString().slice(0, 10);
    const status = await statusItem.getValue();
    const today = (await todayDateItem.getValue()) === date ? status.today : {};
    await todayDateItem.setValue(date);
    await patchStatus({ today: { ...today, [task.action]: (today[task.action] ?? 0) + 1 } });
  }

  /** The task's campaign and its caps, fetched when the campaign changes (the popup shows them). */
  async function noteCampaign(api: ExecutorApi, task: ExecutorTask) {
    if (task.action === 'manualMessage') return;
    const { campaign } = await statusItem.getValue();
    if (campaign?.id === task.campaignId) return;
    try {
      const c = await api.campaign(task.campaignId);
      const caps = Object.fromEntries(
        CAMPAIGN_ACTIONS.map((a) => [a, c.dailyCaps[a] ?? DEFAULT_DAILY_CAPS[a]]),
      ) as Record<CampaignAction, number>;
      await patchStatus({ campaign: { id: c.id, name: c.name, caps } });
    } catch {
      // The popup shows the counts without caps; the work goes on.
    }
  }

  /** Keeps the popup's and the server's log-in state in step with what the network's page showed. */
  async function noteLogin(api: ExecutorApi, run: StepRun) {
    if (!run.inspection?.healthy) return;
    const checkpoint = run.result.status === 'restricted' && /checkpoint/i.test(run.result.message);
    const state = checkpoint ? 'checkpoint' : run.inspection.loggedIn ? 'logged-in' : 'logged-out';
    const { loginState } = await statusItem.getValue();
    if (loginState === state) return;
    await patchStatus({ loginState: state === 'checkpoint' ? 'logged-out' : state });
    await api.loginStatus(state).catch(() => {
      // The next change tries again; the task's outcome matters more.
    });
  }

  return { note, patchStatus, countDone, noteCampaign, noteLogin };
}

export type LoopStatus = ReturnType<typeof createLoopStatus>;
