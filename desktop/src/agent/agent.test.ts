import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MachineData, machineDataSchema, type UserResponse } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentHandle, createAgent } from './agent.ts';
import { AgentBridgeError } from './api.ts';
import { settingsFile } from './paths.ts';
import { type LocalServer, readText, startLocalServer, until } from './test-support.ts';

/**
 * The agent's sign-in as the page's start-app drives it, against a small stand-in for the server's
 * user routes (the real server is tests/e2e/agent.test.ts's): the token is checked, saved, machine
 * data sent, the same token again changes nothing, another token switches the session, a refused
 * one is answered clearly; the offered version raises show-update-alert; a restart signs in again.
 */

const TOKENS = new Map([
  ['good-1', 1],
  ['good-2', 2],
]);
let server: LocalServer;
let home: string;
let extensionDir: string;
const machineData: Array<{ token: string; data: MachineData }> = [];
const userCalls: string[] = [];

function user(id: number, token: string): UserResponse {
  return {
    id,
    email: `user${id}@example.com`,
    data: { email: `user${id}@example.com` },
    accessToken: token,
    isBanned: false,
    organizationId: id,
    license: { plan: 'trial', isTrial: true, licenseTill: null },
    areProfilesGiven: false,
    paymentTexts: [],
    offeredDesktopVersion: '99.0.0',
  };
}

beforeAll(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'reachly-agent-home-'));
  extensionDir = mkdtempSync(path.join(tmpdir(), 'reachly-agent-ext-'));
  writeFileSync(path.join(extensionDir, 'manifest.json'), JSON.stringify({ version: '0.1.0' }));
  server = await startLocalServer((req, res) => {
    void readText(req).then((text) => {
      const token = req.headers.authorization ?? '';
      const id = TOKENS.get(token);
      res.setHeader('content-type', 'application/json');
      if (!id) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Sign in first' } }));
        return;
      }
      if (req.url === '/api/user') {
        userCalls.push(token);
        res.end(JSON.stringify(user(id, token)));
      } else if (req.url === '/api/user/machineData' && req.method === 'PATCH') {
        machineData.push({ token, data: machineDataSchema.parse(JSON.parse(text)) });
        res.end(JSON.stringify({ ok: true }));
      } else if (req.url === '/api/agent/profiles') {
        res.end(
          JSON.stringify({
            profiles: [],
            traffic: { trafficLimit: '0', usedTraffic: '0', remainingTraffic: '0' },
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
      }
    });
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(extensionDir, { recursive: true, force: true });
});

describe('agent sign-in', () => {
  let agent: AgentHandle;
  const sessions: boolean[] = [];
  const alerts: string[] = [];

  it('answers machine data before any sign-in', async () => {
    agent = await createAgent({
      home,
      serverUrl: server.url,
      extensionDir,
      log: () => {},
      pollIntervalMs: 60_000,
    });
    agent.on('session-changed', ({ signedIn }) => sessions.push(signedIn));
    agent.on('show-update-alert', ({ offeredVersion }) => alerts.push(offeredVersion));
    const data = await agent.handleBridge('get-machine-data', {});
    const saved = JSON.parse(readFileSync(settingsFile(home), 'utf8'));
    expect(data).toMatchObject({
      machineId: saved.machineId,
      extensionVersion: '0.1.0',
      reachlyVersion: '0.1.0',
    });
    expect(saved).toMatchObject({ serverUrl: server.url, accessToken: null });
  });

  it('signs in on start-app: token saved, machine data sent, update offered', async () => {
    await expect(agent.handleBridge('start-app', { accessToken: 'good-1' })).resolves.toEqual({});
    expect(sessions).toEqual([true]);
    expect(JSON.parse(readFileSync(settingsFile(home), 'utf8')).accessToken).toBe('good-1');
    await until('machine data', () => machineData.length === 1);
    expect(machineData[0]).toEqual({ token: 'good-1', data: await agent.machineData() });
    await until('the update alert', () => alerts.length === 1);
    expect(alerts).toEqual(['99.0.0']);
  });

  it('changes nothing for the same token, switches for another, refuses a bad one', async () => {
    const calls = userCalls.length;
    await agent.handleBridge('start-app', { accessToken: 'good-1' });
    expect(userCalls.length).toBe(calls);
    expect(sessions).toEqual([true]);

    await agent.handleBridge('start-app', { accessToken: 'good-2' });
    expect(sessions).toEqual([true, false, true]);
    await until('machine data of the new session', () => machineData.some((m) => m.token === 'good-2'));

    const refused = agent.handleBridge('start-app', { accessToken: 'stolen' });
    await expect(refused).rejects.toBeInstanceOf(AgentBridgeError);
    await expect(refused).rejects.toThrow('The server refused this access token');
    expect(sessions).toEqual([true, false, true]);
    expect(JSON.parse(readFileSync(settingsFile(home), 'utf8')).accessToken).toBe('good-2');
    await agent.stop();
    expect(sessions).toEqual([true, false, true, false]);
  });

  it('signs in again from its settings after a restart, with the same machine id', async () => {
    const before = JSON.parse(readFileSync(settingsFile(home), 'utf8')).machineId;
    const again = await createAgent({ home, extensionDir, log: () => {}, pollIntervalMs: 60_000 });
    try {
      await until('machine data after the restart', () => machineData.length >= 3);
      expect(machineData.at(-1)).toMatchObject({ token: 'good-2', data: { machineId: before } });
    } finally {
      await again.stop();
    }
  });
});

describe('agent log file', () => {
  it('writes every line to <home>/logs/agent.log as well as the console, the token redacted', async () => {
    const logHome = mkdtempSync(path.join(tmpdir(), 'reachly-agent-log-'));
    const console: string[] = [];
    const agent = await createAgent({
      home: logHome,
      serverUrl: server.url,
      accessToken: 'good-1',
      extensionDir,
      log: (line) => console.push(line),
      pollIntervalMs: 60_000,
    });
    try {
      expect(agent.logFile).toBe(path.join(logHome, 'logs', 'agent.log'));
      agent.log('the page sent good-1 through http://proxy-user:proxy-pass@127.0.0.1:8080');
      const file = readFileSync(path.join(logHome, 'logs', 'agent.log'), 'utf8');
      expect(file).toContain(`signed in to ${server.url} as user1@example.com`);
      expect(file).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z the page sent \[redacted\] through http:\/\/\[redacted\]@127/m,
      );
      expect(file).not.toContain('good-1');
      expect(file).not.toContain('proxy-pass');
      expect(console).toContain('the page sent [redacted] through http://[redacted]@127.0.0.1:8080');
    } finally {
      await agent.stop();
      rmSync(logHome, { recursive: true, force: true });
    }
  });
});
