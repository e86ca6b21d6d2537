import type { AdapterStep, ExtensionSession } from '@reachly/shared/extension';
import type { ClaimTaskResponse, ExecutorTask } from '@reachly/shared/schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError, type ExecutorApi, type Outcome } from '../api-client.ts';
import { currentTaskItem, sessionItem } from '../storage.ts';
import { createLoop } from './loop.ts';
import type { StepRun } from './tab-driver.ts';

const session: ExtensionSession = {
  serverUrl: 'http://reachly.test',
  accessToken: 'token',
  profileId: 7,
  networkUrl: 'http://network.test',
};

const lead = {
  id: 3,
  profileUrl: 'http://network.test/people/ann',
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  hasMessageButton: true,
};
const task = (extra: Partial<ExecutorTask> = {}): ExecutorTask =>
  ({
    id: 11,
    campaignId: 5,
    profileId: 7,
    stepKey: 'welcomeMessage',
    attempt: 1,
    recheck: false,
    leaseUntil: '2026-06-01T10:05:00.000Z',
    action: 'welcomeMessage',
    lead,
    text: 'Hi Ann',
    sentBefore: 0,
    ...extra,
  }) as ExecutorTask;

const ready = (t: ExecutorTask): ClaimTaskResponse => ({
  task: t,
  reason: 'ready',
  retryAfterSeconds: 90,
  pausedUntil: null,
});
const none = (reason: ClaimTaskResponse['reason'], retryAfterSeconds = 60): ClaimTaskResponse => ({
  task: null,
  reason,
  retryAfterSeconds,
  pausedUntil: null,
});

function fakeApi(claims: ClaimTaskResponse[]) {
  const outcomes: { id: number; attempt: number; outcome: Outcome }[] = [];
  const events: unknown[] = [];
  const api = {
    claim: vi.fn(async () => claims.shift() ?? none('no-tasks')),
    started: vi.fn(async () => ({})),
    outcome: vi.fn(async (id: number, attempt: number, outcome: Outcome) => {
      outcomes.push({ id, attempt, outcome });
      return { id, status: 'done' as const, retryAfterSeconds: 90 };
    }),
    loginStatus: vi.fn(async () => ({})),
    campaign: vi.fn(async () => {
      throw new ApiError(0, 'NETWORK_ERROR', 'offline');
    }),
    events: vi.fn(async (e: unknown[]) => {
      events.push(...e);
      return { applied: e.length, ignored: 0 };
    }),
  };
  return { api: api as unknown as ExecutorApi, outcomes, events, mock: api };
}

function setup(claims: ClaimTaskResponse[], runs: (step: AdapterStep) => StepRun) {
  let clock = Date.parse('2026-06-01T10:00:00Z');
  const fake = fakeApi(claims);
  const scheduled: number[] = [];
  const steps: { url: string; step: AdapterStep }[] = [];
  const loop = createLoop({
    now: () => clock,
    api: () => fake.api,
    schedule: (ms) => scheduled.push(ms),
    entryUrl: (step, base) => `${base.origin}/${step.kind}`,
    runStep: async (url, step) => {
      steps.push({ url, step });
      return runs(step);
    },
  });
  return { loop, ...fake, scheduled, steps, advance: (ms: number) => (clock += ms) };
}

const healthy = { network: 'sandbox', healthy: true, loggedIn: true };
const done = (acted = 1): StepRun => ({ result: { status: 'done' }, acted, inspection: healthy });

beforeEach(() => fakeBrowser.reset());

describe('the task loop', () => {
  it('does nothing without a session', async () => {
    const { loop, mock } = setup([], () => done());
    await loop.tick();
    expect(mock.claim).not.toHaveBeenCalled();
  });

  it("names the profile as Reachly does (the name handed over with the session), else 'Profile <id>'", async () => {
    const { loop } = setup([], () => done());
    await loop.signIn({ ...session, profileName: 'Anna (sales)' });
    const state = await loop.state();
    expect(state.session).toEqual({
      serverUrl: session.serverUrl,
      profileId: 7,
      profileName: 'Anna (sales)',
    });
    expect(state.lastEvents[0]?.message).toBe('Connected to http://reachly.test as Anna (sales)');
    await loop.signIn(session);
    expect((await loop.state()).lastEvents[0]?.message).toBe('Connected to http://reachly.test as Profile 7');
  });

  it('claims, runs the step on the network, reports done and waits the gap the server asked for', async () => {
    const { loop, outcomes, steps, scheduled, mock } = setup([ready(task())], () => done());
    await loop.signIn(session);
    scheduled.length = 0;
    await loop.tick();
    expect(steps.find((s) => s.step.kind === 'message')).toEqual({
      url: 'http://network.test/message',
      step: { kind: 'message', profileUrl: lead.profileUrl, text: 'Hi Ann', sentBefore: 0 },
    });
    expect(outcomes).toEqual([{ id: 11, attempt: 1, outcome: { status: 'done', data: { text: 'Hi Ann' } } }]);
    expect(scheduled).toEqual([90_000]);
    const state = await loop.state();
    expect(state.today).toEqual({ welcomeMessage: 1 });
    // The network showed the profile logged in: the popup and the server know it, once.
    expect(state.loginState).toBe('logged-in');
    expect(mock.loginStatus).toHaveBeenCalledWith('logged-in');
    expect(state.currentTask).toBeNull();
    expect(state.lastEvents[0]?.message).toBe('Message to Ann Lee: done');
  });

  it('resumes the task in flight after the worker restarts, under the same claim, without acting twice', async () => {
    await sessionItem.setValue(session);
    await currentTaskItem.setValue(task({ attempt: 2 }));
    // The page shows the message already sent: the step answers done with no click.
    const { loop, outcomes, mock } = setup([], () => done(0));
    await loop.tick();
    expect(mock.claim).not.toHaveBeenCalled();
    expect(outcomes).toEqual([
      { id: 11, attempt: 2, outcome: { status: 'done', data: { text: 'Hi Ann', alreadyDone: true } } },
    ]);
    expect(await currentTaskItem.getValue()).toBeNull();
  });

  it('stays still while paused from the popup, and picks up on resume', async () => {
    const { loop, mock } = setup([ready(task())], () => done());
    await loop.signIn(session);
    await loop.setPaused(true);
    await loop.tick();
    expect(mock.claim).not.toHaveBeenCalled();
    expect((await loop.state()).paused).toBe(true);
    await loop.setPaused(false);
    await loop.tick();
    expect(mock.claim).toHaveBeenCalledTimes(1);
  });

  it('waits at most 10 s when there is nothing to do, then reads acceptances and messages', async () => {
    const { loop, events, advance, scheduled } = setup(
      [none('no-tasks', 60), none('no-tasks', 60)],
      (step) => {
        if (step.kind === 'readFriends')
          return { result: { status: 'done', accepted: [lead.profileUrl] }, acted: 0, inspection: healthy };
        if (step.kind === 'readInbox')
          return {
            result: { status: 'done', threads: ['http://network.test/messages/ann'] },
            acted: 0,
            inspection: healthy,
          };
        return {
          result: {
            status: 'done',
            messages: [{ profileUrl: lead.profileUrl, text: 'Hello!', sentAt: '2026-06-01T09:59:00.000Z' }],
          },
          acted: 0,
          inspection: healthy,
        };
      },
    );
    await loop.signIn(session);
    await loop.tick(); // reads the inbox first (never read yet), then finds no task
    expect(events).toHaveLength(2);
    scheduled.length = 0;
    advance(10_000);
    await loop.tick();
    expect(scheduled).toEqual([10_000]);
    expect(events).toEqual([
      { kind: 'friendAccepted', profileUrl: lead.profileUrl },
      { kind: 'message', profileUrl: lead.profileUrl, text: 'Hello!', sentAt: '2026-06-01T09:59:00.000Z' },
      { kind: 'friendAccepted', profileUrl: lead.profileUrl },
      { kind: 'message', profileUrl: lead.profileUrl, text: 'Hello!', sentAt: '2026-06-01T09:59:00.000Z' },
    ]);
  });

  it('reports a failed health check as a DANGER signal and never clicks on an unknown layout', async () => {
    const { loop, outcomes } = setup([ready(task())], () => ({
      result: { status: 'failed', error: 'Unknown page layout' },
      acted: 0,
      inspection: {
        network: 'sandbox',
        healthy: false,
        healthMessage: 'Unknown page layout',
        loggedIn: true,
      },
    }));
    await loop.signIn(session);
    await loop.tick();
    expect(outcomes[0]?.outcome).toEqual({
      status: 'restricted',
      signal: 'DANGER',
      message: 'Health check failed: Unknown page layout',
    });
  });

  it('drops a task whose claim was taken over (409) and goes on', async () => {
    const { loop, mock } = setup([ready(task())], () => done());
    mock.outcome.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'claimed again'));
    await loop.signIn(session);
    await loop.tick();
    expect(await currentTaskItem.getValue()).toBeNull();
    expect((await loop.state()).lastEvents[0]?.level).toBe('info');
  });

  it('never sleeps more than five minutes, whatever the server says, and a wake-up push makes it look at once', async () => {
    const { loop, scheduled, mock } = setup([none('daily-cap', 12.7 * 3600), ready(task())], () => done());
    await loop.signIn(session);
    await loop.tick();
    expect(scheduled.at(-1)).toBe(5 * 60_000);
    scheduled.length = 0;
    await loop.wake('new leads');
    expect(scheduled).toEqual([0]);
    await loop.tick();
    expect(mock.claim).toHaveBeenCalledTimes(2);
    expect((await loop.state()).lastEvents.map((e) => e.message)).toContain('Woken by the server: new leads');
  });

  it('reports the friend requests people sent the profile, for campaigns that accept them', async () => {
    const { loop, events } = setup([none('no-tasks', 60)], (step) =>
      step.kind === 'readFriends'
        ? {
            result: {
              status: 'done',
              incoming: [{ profileUrl: 'http://network.test/people/bo', name: 'Bo' }],
            },
            acted: 0,
            inspection: healthy,
          }
        : { result: { status: 'done' }, acted: 0, inspection: healthy },
    );
    await loop.signIn(session);
    await loop.tick();
    expect(events).toEqual([
      { kind: 'friendRequestReceived', profileUrl: 'http://network.test/people/bo', name: 'Bo' },
    ]);
  });
});
