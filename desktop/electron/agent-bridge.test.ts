import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BridgeRequestMap } from '@reachly/shared/bridge';
import { Server as ProxyServer } from 'proxy-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentHandle, createAgent } from '../src/agent/agent.ts';
import { createDesktopBridgeApi, mapBridge } from './bridge-mapping.ts';
import { BRIDGE_INVOKE_CHANNEL, BRIDGE_PUSH_CHANNEL, forwardAgentPushes, registerBridgeIpc } from './ipc.ts';
import { createTestIpc } from './testing/ipc.ts';

/**
 * The shell's bridge in front of the real agent (desktop/src/agent/agent.ts), all on loopback: the
 * page's events go through the preload's mapping and main's IPC handler to createAgent, which
 * looks a proxy's timezone up through a real proxy that wants credentials (a local fake lookup
 * service answers), answers machine data, and refuses start-app when the server cannot be reached.
 */

declare const CustomEvent: new <T>(type: string, init?: { detail?: T }) => Event & { readonly detail: T };

let home: string;
let agent: AgentHandle;
let lookup: Server;
let proxy: ProxyServer;
const proxied: string[] = [];
const page = new EventTarget();
let stopShell: () => void;
let ipc: ReturnType<typeof createTestIpc>;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'reachly-shell-'));
  lookup = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'success', timezone: 'Asia/Tokyo' }));
  });
  const lookupUrl = await listen(lookup);
  proxy = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      if (username !== 'ann' || password !== 'secret') return { requestAuthentication: true };
      proxied.push(`${hostname}:${port}`);
      return {};
    },
  });
  proxy.on('requestFailed', () => {});
  await proxy.listen();
  agent = await createAgent({
    home,
    serverUrl: 'http://127.0.0.1:9', // nothing listens: start-app must fail clearly
    extensionDir: null,
    version: '7.1.0',
    timezoneLookupUrl: `${lookupUrl}/json`,
    log: () => {},
  });
  ipc = createTestIpc('http://127.0.0.1:9/');
  const unregister = registerBridgeIpc(ipc.ipcMain, agent);
  const unforward = forwardAgentPushes(agent, (push) => ipc.send(BRIDGE_PUSH_CHANNEL, push));
  const unmap = mapBridge({
    target: page,
    invoke: (verb, payload) => ipc.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload),
    onPush: (listener) => ipc.on(BRIDGE_PUSH_CHANNEL, (_event, push) => listener(push)),
  });
  stopShell = () => {
    unmap();
    unforward();
    unregister();
  };
});
afterAll(async () => {
  stopShell?.();
  await agent?.stop();
  await proxy?.close(true);
  await new Promise((resolve) => lookup?.close(resolve));
  await rm(home, { recursive: true, force: true });
});

let requests = 0;
/** What the page does (dashboard/src/shell/bridge.ts): fire the event, wait for the answer with the same id. */
function ask<V extends keyof BridgeRequestMap>(verb: V, payload: BridgeRequestMap[V]) {
  const requestId = `page-${++requests}`;
  return new Promise<Record<string, unknown>>((resolve) => {
    const onResult = (event: Event) => {
      const detail = (event as Event & { detail: Record<string, unknown> }).detail;
      if (detail.requestId !== requestId) return;
      page.removeEventListener(`reachly-${verb}-result`, onResult);
      resolve(detail);
    };
    page.addEventListener(`reachly-${verb}-result`, onResult);
    page.dispatchEvent(new CustomEvent(`reachly-${verb}`, { detail: { requestId, ...payload } }));
  });
}

describe('the shell bridge in front of the real agent', () => {
  it('answers machine data with the version the shell gave the agent', async () => {
    expect(await ask('get-machine-data', {})).toMatchObject({
      ok: true,
      reachlyVersion: '7.1.0',
      machineId: expect.any(String),
      platform: expect.any(String),
    });
  });

  it("looks a manual proxy's timezone up through that proxy, with its credentials", async () => {
    const proxyAddress = `127.0.0.1:${proxy.port}`;
    expect(
      await ask('get-proxy-timezone', {
        HTTPProxyAddress: proxyAddress,
        proxyLogin: 'ann',
        proxyPassword: 'secret',
      }),
    ).toEqual({ requestId: expect.any(String), ok: true, timezone: 'Asia/Tokyo' });
    expect(proxied).toHaveLength(1);

    const refused = await ask('get-proxy-timezone', {
      HTTPProxyAddress: proxyAddress,
      proxyLogin: 'ann',
      proxyPassword: 'wrong',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining('refused its login and password'),
    });
    expect(proxied).toHaveLength(1);
  });

  it("gives the page the agent's reason when start-app cannot sign in", async () => {
    expect(await ask('start-app', { accessToken: 'some-token' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The server could not be reached/),
    });
  });

  it('serves window.reachlyDesktop from the same agent', async () => {
    const api = createDesktopBridgeApi({
      invoke: (verb, payload) => ipc.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload),
      argv: ['--reachly-version=7.1.0'],
      platform: process.platform,
    });
    await expect(api.request('get-machine-data', {})).resolves.toMatchObject({ reachlyVersion: '7.1.0' });
  });
});
