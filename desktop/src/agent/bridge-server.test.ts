import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT_TOKEN_HEADER,
  agentBridgePath,
  type BridgeVerb,
  bridgeResultSchemas,
} from '@reachly/shared/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentBridgeError } from './api.ts';
import { createBridgeHandler } from './bridge-handlers.ts';
import { type BridgeServer, startBridgeServer } from './bridge-server.ts';
import { collectMachineData, DESKTOP_VERSION } from './machine-data.ts';
import { type AuthProxy, type LocalServer, startAuthProxy, startLocalServer } from './test-support.ts';

/**
 * The loopback bridge the extension relays to: the token, payload checks, and each verb answered
 * as the extension expects (shared/src/bridge.ts result schemas).
 */

let bridge: BridgeServer;
let extensionDir: string;
let lookup: LocalServer;
let proxy: AuthProxy;
const signIns: string[] = [];
const logs: string[] = [];

beforeAll(async () => {
  extensionDir = mkdtempSync(path.join(tmpdir(), 'reachly-agent-ext-'));
  writeFileSync(
    path.join(extensionDir, 'manifest.json'),
    JSON.stringify({ manifest_version: 3, version: '0.3.1' }),
  );
  lookup = await startLocalServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'success', timezone: 'America/New_York' }));
  });
  proxy = await startAuthProxy('carol', 'pw');
  bridge = await startBridgeServer({
    log: (line) => logs.push(line),
    handle: createBridgeHandler({
      machineData: () => collectMachineData({ machineId: 'machine-1', extensionDir }),
      signIn: async (token) => {
        if (token === 'refused') throw new AgentBridgeError('The server refused this access token');
        signIns.push(token);
      },
      timezone: { lookupUrl: `${lookup.url}/json`, timeoutMs: 2000 },
      log: (line) => logs.push(line),
    }),
  });
});
afterAll(async () => {
  await bridge?.close();
  await proxy?.close();
  await lookup?.close();
  rmSync(extensionDir, { recursive: true, force: true });
});

async function post(verb: string, body: unknown, token: string | null = bridge.token) {
  const res = await fetch(`${bridge.url}/bridge/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [AGENT_TOKEN_HEADER]: token } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The answer as the page receives it must satisfy the shared result schema. */
function asPageResult(verb: BridgeVerb, body: Record<string, unknown>) {
  return bridgeResultSchemas[verb].parse({ requestId: 'r', ...body });
}

describe('bridge server', () => {
  it('listens on loopback with a random token', () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(bridge.token.length).toBeGreaterThanOrEqual(24);
    expect(agentBridgePath('page-loaded')).toBe('/bridge/page-loaded');
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect(await post('get-machine-data', {}, null)).toEqual({
      status: 401,
      body: { ok: false, error: 'The agent token is missing or wrong' },
    });
    expect((await post('get-machine-data', {}, `${bridge.token}x`)).status).toBe(401);
  });

  it('answers 400 with the problem for a bad payload, 404 for an unknown verb, 405 for GET', async () => {
    const bad = await post('get-proxy-timezone', { HTTPProxyAddress: 'no port here' });
    expect(bad).toEqual({
      status: 400,
      body: { ok: false, error: 'HTTPProxyAddress: Proxy address must look like host:port' },
    });
    expect((await post('start-app', {})).body.error).toMatch(/^accessToken: /);
    expect(await post('get-machine-data', '{oops')).toEqual({
      status: 400,
      body: { ok: false, error: 'The request is not JSON' },
    });
    expect((await post('launch-missiles', {})).status).toBe(404);
    const get = await fetch(`${bridge.url}/bridge/page-loaded`);
    expect(get.status).toBe(405);
  });

  it('answers get-machine-data', async () => {
    const res = await post('get-machine-data', {});
    expect(res.status).toBe(200);
    expect(asPageResult('get-machine-data', res.body)).toEqual({
      requestId: 'r',
      ok: true,
      machineId: 'machine-1',
      reachlyVersion: DESKTOP_VERSION,
      extensionVersion: '0.3.1',
      platform: process.platform === 'linux' ? 'linux' : expect.any(String),
      OS: `${os.type()} ${os.release()}`,
    });
  });

  it('answers get-proxy-timezone through the proxy, and refuses clearly', async () => {
    const res = await post('get-proxy-timezone', {
      HTTPProxyAddress: proxy.address,
      proxyLogin: 'carol',
      proxyPassword: 'pw',
    });
    expect(asPageResult('get-proxy-timezone', res.body)).toEqual({
      requestId: 'r',
      ok: true,
      timezone: 'America/New_York',
    });
    expect(proxy.log).toContain(`127.0.0.1:${lookup.port}`);

    const refused = await post('get-proxy-timezone', {
      HTTPProxyAddress: proxy.address,
      proxyLogin: 'carol',
    });
    expect(refused).toEqual({
      status: 200,
      body: { ok: false, error: `The proxy ${proxy.address} refused its login and password` },
    });
  });

  it('signs in on start-app, and answers the notices', async () => {
    expect(await post('start-app', { accessToken: 'token-9' })).toEqual({ status: 200, body: { ok: true } });
    expect(signIns).toEqual(['token-9']);
    expect(await post('start-app', { accessToken: 'refused' })).toEqual({
      status: 200,
      body: { ok: false, error: 'The server refused this access token' },
    });
    expect(asPageResult('page-loaded', (await post('page-loaded', {})).body).ok).toBe(true);
    expect(logs).toContain('the dashboard page loaded');
    expect((await post('show-update-alert', { offeredVersion: '9.9.9' })).body).toEqual({ ok: true });
  });
});
