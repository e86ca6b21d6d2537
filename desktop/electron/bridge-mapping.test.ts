import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BridgeRequestMap, BridgeResponseMap, BridgeVerb } from '@reachly/shared/bridge';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentBridgeError,
  type AgentEventName,
  type AgentEvents,
  type ReachlyAgent,
} from '../src/agent/api.ts';
import { type BridgeInvoke, createDesktopBridgeApi, mapBridge, versionFromArgv } from './bridge-mapping.ts';
import {
  BRIDGE_INVOKE_CHANNEL,
  BRIDGE_PUSH_CHANNEL,
  forwardAgentPushes,
  PAGE_VERBS,
  registerBridgeIpc,
  VERSION_ARGUMENT,
} from './ipc.ts';
import { createTestIpc, type TestIpc } from './testing/ipc.ts';

/**
 * The preload's mapping under Node: a real EventTarget is the page's window, the page's side is
 * the dashboard's own bridgeRequest, and main's side is registerBridgeIpc over an IPC pair that
 * clones like Electron's. The agent is a small stand-in here; agent-bridge.test.ts uses the real one.
 */

/** Node ≥ 19 has CustomEvent; @types/node 20 does not declare it. */
declare const CustomEvent: new <T>(type: string, init?: { detail?: T }) => Event & { readonly detail: T };
type CustomEvent = Event & { readonly detail: unknown };

const machine = {
  machineId: 'machine-1',
  reachlyVersion: '1.4.0',
  extensionVersion: null,
  platform: 'linux',
  OS: 'Linux 6.1',
};

type Listeners = { [E in AgentEventName]: Set<(payload: AgentEvents[E]) => void> };

/** An agent that answers from a table and records what it was asked. */
function standInAgent() {
  const asked: { verb: BridgeVerb; payload: unknown }[] = [];
  const listeners: Listeners = {
    'show-update-alert': new Set(),
    'profiles-changed': new Set(),
    'session-changed': new Set(),
  };
  const agent: ReachlyAgent & {
    asked: typeof asked;
    emit<E extends AgentEventName>(e: E, p: AgentEvents[E]): void;
  } = {
    asked,
    async handleBridge<V extends BridgeVerb>(verb: V, payload: BridgeRequestMap[V]) {
      asked.push({ verb, payload });
      if (verb === 'get-machine-data') return machine as BridgeResponseMap[V];
      if (verb === 'get-proxy-timezone') {
        const { proxyLogin } = payload as BridgeRequestMap['get-proxy-timezone'];
        if (proxyLogin === 'wrong')
          throw new AgentBridgeError('The proxy 10.0.0.1:8080 refused its login and password');
        if (proxyLogin === 'crash') throw new TypeError('Cannot read properties of undefined');
        return { timezone: 'Europe/Berlin' } as BridgeResponseMap[V];
      }
      return {} as BridgeResponseMap[V];
    },
    runningProfiles: () => [],
    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>;
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners[event] as Set<(p: typeof payload) => void>) listener(payload);
    },
    stop: async () => {},
  };
  return agent;
}

type PageWindow = EventTarget & { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
type BridgeRequestFn = <V extends BridgeVerb>(
  verb: V,
  payload: BridgeRequestMap[V],
  timeoutMs?: number,
) => Promise<BridgeResponseMap[V]>;

/** The dashboard's own page side (dashboard/src/shell/bridge.ts), which reads the global `window`. */
const dashboardBridge = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dashboard/src/shell/bridge.ts',
);
let bridgeRequest: BridgeRequestFn;

let page: PageWindow;
let ipc: TestIpc;
let agent: ReturnType<typeof standInAgent>;
let disposers: (() => void)[];
const errors: unknown[] = [];

function wireShell() {
  const invoke: BridgeInvoke = (verb, payload) => ipc.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload);
  disposers.push(
    registerBridgeIpc(ipc.ipcMain, agent, {
      isTrustedSender: (event) => event.senderFrame?.url.startsWith('http://localhost:3000/') ?? false,
      logError: (_message, error) => errors.push(error),
    }),
    forwardAgentPushes(agent, (push) => ipc.send(BRIDGE_PUSH_CHANNEL, push)),
    mapBridge({
      target: page,
      invoke,
      onPush: (listener) => ipc.on(BRIDGE_PUSH_CHANNEL, (_e, push) => listener(push)),
    }),
  );
  return invoke;
}

/** Fires a raw page event and resolves with the detail of the first `name` event that follows. */
function nextEvent(name: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    page.addEventListener(
      name,
      (event) => resolve((event as CustomEvent).detail as Record<string, unknown>),
      {
        once: true,
      },
    );
  });
}

beforeEach(async () => {
  page = Object.assign(new EventTarget(), { setTimeout, clearTimeout });
  (globalThis as { window?: unknown }).window = page;
  bridgeRequest ??= ((await import(dashboardBridge)) as { bridgeRequest: BridgeRequestFn }).bridgeRequest;
  ipc = createTestIpc();
  agent = standInAgent();
  disposers = [];
  errors.length = 0;
});
afterEach(() => {
  for (const dispose of disposers) dispose();
  delete (globalThis as { window?: unknown }).window;
});

describe('page → preload → main → agent and back', () => {
  it("answers every page verb through the dashboard's own bridgeRequest", async () => {
    wireShell();
    await expect(bridgeRequest('get-machine-data', {})).resolves.toEqual(machine);
    await expect(
      bridgeRequest('get-proxy-timezone', {
        HTTPProxyAddress: '10.0.0.1:8080',
        proxyLogin: 'ann',
        proxyPassword: 'pw',
      }),
    ).resolves.toEqual({ timezone: 'Europe/Berlin' });
    // Notices have no timeout of their own (the page does not wait); these wait for the answer anyway.
    await expect(bridgeRequest('start-app', { accessToken: 'token-1' }, 5000)).resolves.toEqual({});
    await expect(bridgeRequest('page-loaded', {}, 5000)).resolves.toEqual({});
    expect(agent.asked).toEqual([
      { verb: 'get-machine-data', payload: {} },
      {
        verb: 'get-proxy-timezone',
        payload: { HTTPProxyAddress: '10.0.0.1:8080', proxyLogin: 'ann', proxyPassword: 'pw' },
      },
      { verb: 'start-app', payload: { accessToken: 'token-1' } },
      { verb: 'page-loaded', payload: {} },
    ]);
    expect(PAGE_VERBS).toEqual(['get-machine-data', 'get-proxy-timezone', 'start-app', 'page-loaded']);
  });

  it('answers each request under its own requestId, also when several are in flight', async () => {
    wireShell();
    const results = [nextEvent('reachly-get-machine-data-result'), nextEvent('reachly-start-app-result')];
    page.dispatchEvent(
      new CustomEvent('reachly-start-app', { detail: { requestId: 'b', accessToken: 't' } }),
    );
    page.dispatchEvent(new CustomEvent('reachly-get-machine-data', { detail: { requestId: 'a' } }));
    expect(await Promise.all(results)).toEqual([
      { requestId: 'a', ok: true, ...machine },
      { requestId: 'b', ok: true },
    ]);
  });

  it("turns the agent's refusal into the page's error, and an unexpected failure into a short one", async () => {
    wireShell();
    const request = (proxyLogin: string) =>
      bridgeRequest('get-proxy-timezone', {
        HTTPProxyAddress: '10.0.0.1:8080',
        proxyLogin,
        proxyPassword: 'x',
      });
    await expect(request('wrong')).rejects.toThrow('The proxy 10.0.0.1:8080 refused its login and password');
    await expect(request('crash')).rejects.toThrow('The desktop app could not answer get-proxy-timezone');
    expect(errors).toEqual([expect.any(TypeError)]);
  });

  it('answers a request with a bad detail with a failure under its requestId, without asking main', async () => {
    wireShell();
    const result = nextEvent('reachly-get-proxy-timezone-result');
    page.dispatchEvent(
      new CustomEvent('reachly-get-proxy-timezone', { detail: { requestId: 'r1', HTTPProxyAddress: 42 } }),
    );
    expect(await result).toEqual({
      requestId: 'r1',
      ok: false,
      error: expect.stringMatching(/^Invalid get-proxy-timezone request: /),
    });
    const tooLong = nextEvent('reachly-start-app-result');
    page.dispatchEvent(
      new CustomEvent('reachly-start-app', { detail: { requestId: 'r2', accessToken: 'x'.repeat(2000) } }),
    );
    expect(await tooLong).toMatchObject({ requestId: 'r2', ok: false });
    expect(agent.asked).toEqual([]);
  });

  it('ignores events no one could match an answer to (no detail, no requestId), and never throws into the page', async () => {
    wireShell();
    const answers: unknown[] = [];
    page.addEventListener('reachly-get-machine-data-result', (e) => answers.push((e as CustomEvent).detail));
    expect(() => page.dispatchEvent(new Event('reachly-get-machine-data'))).not.toThrow();
    page.dispatchEvent(new CustomEvent('reachly-get-machine-data', { detail: 'nonsense' }));
    page.dispatchEvent(new CustomEvent('reachly-get-machine-data', { detail: { requestId: 7 } }));
    // A real request afterwards is answered, and it is the only answer.
    await bridgeRequest('get-machine-data', {});
    expect(answers).toHaveLength(1);
    expect(agent.asked).toHaveLength(1);
  });

  it('fails clearly when main has no handler or answers nonsense', async () => {
    const invoke: BridgeInvoke = (verb, payload) => ipc.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload);
    disposers.push(mapBridge({ target: page, invoke, onPush: () => () => {} }));
    await expect(bridgeRequest('get-machine-data', {})).rejects.toThrow(
      /No handler registered for 'reachly:bridge'/,
    );

    ipc.ipcMain.handle(BRIDGE_INVOKE_CHANNEL, () => 'surprise');
    await expect(bridgeRequest('get-machine-data', {})).rejects.toThrow(
      'The desktop app answered get-machine-data without a result',
    );
  });

  it('refuses pages of another origin in main', async () => {
    wireShell();
    ipc.frame.url = 'https://evil.example/';
    await expect(bridgeRequest('start-app', { accessToken: 'stolen' }, 5000)).rejects.toThrow(
      'Only the Reachly dashboard may talk to the desktop app',
    );
    expect(agent.asked).toEqual([]);
  });
});

describe('main → page notices', () => {
  it("turns the agent's show-update-alert into the window event the page listens to", async () => {
    wireShell();
    const alert = nextEvent('reachly-show-update-alert');
    agent.emit('show-update-alert', { offeredVersion: '2.0.0' });
    expect(await alert).toEqual({ requestId: expect.any(String), offeredVersion: '2.0.0' });
    // The mapping does not take its own notice for a page request.
    expect(agent.asked).toEqual([]);
  });

  it('drops a push that is not a known notice with a valid payload', async () => {
    wireShell();
    const seen: unknown[] = [];
    page.addEventListener('reachly-show-update-alert', (e) => seen.push((e as CustomEvent).detail));
    ipc.send(BRIDGE_PUSH_CHANNEL, { verb: 'show-update-alert', payload: { offeredVersion: '' } });
    ipc.send(BRIDGE_PUSH_CHANNEL, { verb: 'start-app', payload: { accessToken: 't' } });
    ipc.send(BRIDGE_PUSH_CHANNEL, null);
    agent.emit('show-update-alert', { offeredVersion: '3.0.0' });
    expect(seen).toEqual([{ requestId: expect.any(String), offeredVersion: '3.0.0' }]);
  });
});

describe('the disposer', () => {
  it('removes every listener: requests go unanswered and notices stop', async () => {
    wireShell();
    for (const dispose of disposers.splice(0)) dispose();
    const seen: string[] = [];
    for (const name of [
      'reachly-get-machine-data-result',
      'reachly-page-loaded-result',
      'reachly-show-update-alert',
    ]) {
      page.addEventListener(name, () => seen.push(name));
    }
    page.dispatchEvent(new CustomEvent('reachly-get-machine-data', { detail: { requestId: 'x' } }));
    page.dispatchEvent(new CustomEvent('reachly-page-loaded', { detail: { requestId: 'y' } }));
    agent.emit('show-update-alert', { offeredVersion: '2.0.0' });
    ipc.send(BRIDGE_PUSH_CHANNEL, { verb: 'show-update-alert', payload: { offeredVersion: '2.0.0' } });
    // A request through IPC itself finds no handler: main's side was removed too.
    await expect(ipc.invoke(BRIDGE_INVOKE_CHANNEL, 'get-machine-data', {})).rejects.toThrow('No handler');
    expect(seen).toEqual([]);
    expect(agent.asked).toEqual([]);
  });
});

describe('window.reachlyDesktop', () => {
  it('carries the version main passed, the platform, and typed requests', async () => {
    const invoke = wireShell();
    const api = createDesktopBridgeApi({
      invoke,
      argv: ['/opt/Reachly/reachly', '--type=renderer', `${VERSION_ARGUMENT}1.4.0`],
      platform: 'linux',
    });
    expect(api.version).toBe('1.4.0');
    expect(api.platform).toBe('linux');
    await expect(api.request('get-machine-data', {})).resolves.toEqual(machine);
    await expect(
      api.request('get-proxy-timezone', {
        HTTPProxyAddress: '10.0.0.1:8080',
        proxyLogin: null,
        proxyPassword: null,
      }),
    ).resolves.toEqual({ timezone: 'Europe/Berlin' });
  });

  it('rejects with the reason: refused, invalid, unknown verb', async () => {
    const api = createDesktopBridgeApi({ invoke: wireShell(), argv: [], platform: 'darwin' });
    expect(api.version).toBe('');
    await expect(
      api.request('get-proxy-timezone', {
        HTTPProxyAddress: '10.0.0.1:8080',
        proxyLogin: 'wrong',
        proxyPassword: null,
      }),
    ).rejects.toThrow('refused its login and password');
    await expect(api.request('start-app', { accessToken: '' })).rejects.toThrow(
      /^Invalid start-app request: /,
    );
    await expect(api.request('show-update-alert' as never, {} as never)).rejects.toThrow(
      'Unknown bridge request show-update-alert',
    );
    expect(agent.asked).toHaveLength(1);
  });

  it('reads the version switch only', () => {
    expect(versionFromArgv(['--reachly-version=2.1.0-beta.1'])).toBe('2.1.0-beta.1');
    expect(versionFromArgv(['--reachly-versionx', 'reachly-version=1'])).toBe('');
  });
});
