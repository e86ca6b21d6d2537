import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentProfile, AgentProfilesResponse, AgentTrafficBody } from '@reachly/shared/schemas';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningProfile } from './api.ts';
import { launchProfileBrowser, type ProfileBrowser } from './browser.ts';
import { startForwardingProxy } from './forwarding-proxy.ts';
import { profileUserDataDir } from './paths.ts';
import {
  backoffDelay,
  createSupervisor,
  NO_PROXY_MESSAGE,
  type SupervisedBrowser,
  type Supervisor,
} from './supervisor.ts';
import { until } from './test-support.ts';
import { createTrafficMeter } from './traffic-meter.ts';

/**
 * The supervisor: backoff arithmetic, which profiles it runs (traffic), and with a real short-lived
 * Chromium: a browser killed from outside is restarted, a launch that fails is reported once and
 * tried again later on a growing delay, a profile no longer wanted is stopped.
 */

const home = mkdtempSync(path.join(tmpdir(), 'reachly-agent-supervisor-'));
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

let nextId = 100;
function profile(fields: Partial<AgentProfile> = {}): AgentProfile {
  nextId += 1;
  return {
    id: nextId,
    name: `Profile ${nextId}`,
    proxySource: 'NOT_USE',
    proxyType: null,
    proxy: null,
    proxyTimezone: null,
    campaignIds: [1],
    pausedUntil: null,
    pendingCookiesAt: null,
    ...fields,
  };
}
const traffic = (remaining: string) => ({
  trafficLimit: '100',
  usedTraffic: '0',
  remainingTraffic: remaining,
});

function harness<B extends SupervisedBrowser>(
  launch: (p: AgentProfile, proxyUrl: string | null) => Promise<B>,
  initial: AgentProfilesResponse,
  importCookies: (p: AgentProfile, browser: B) => Promise<void> = async () => {},
) {
  let answer = initial;
  const logs: string[] = [];
  const failures: Array<{ profileId: number; message: string }> = [];
  const reports: AgentTrafficBody[] = [];
  let states: RunningProfile[] = [];
  const meter = createTrafficMeter({
    report: async (body) => {
      reports.push(body);
      return traffic('100');
    },
    intervalMs: 60_000,
  });
  const supervisor: Supervisor<B> = createSupervisor<B>({
    fetchProfiles: async () => answer,
    startProxy: (upstream) => startForwardingProxy(upstream),
    launch: (p, proxy) => launch(p, proxy?.url ?? null),
    prepare: async () => {},
    importCookies,
    reportLaunchFailed: async (profileId, message) => {
      failures.push({ profileId, message });
    },
    meter,
    onChange: (s) => {
      states = s;
    },
    log: (line) => logs.push(line),
    backoff: { baseMs: 100, capMs: 400, stableMs: 60_000 },
    pollIntervalMs: 60_000,
  });
  stops.push(() => supervisor.stop());
  return {
    supervisor,
    logs,
    failures,
    reports,
    states: () => states,
    want(next: AgentProfilesResponse) {
      answer = next;
      return supervisor.check('test');
    },
  };
}

let chromiumPath = '/usr/bin/chromium';
const realBrowser = (p: AgentProfile, proxyUrl: string | null): Promise<ProfileBrowser> =>
  launchProfileBrowser(
    { chromiumPath, headless: true, extensionDir: null },
    { userDataDir: profileUserDataDir(home, p.id), proxyUrl, directUrls: [] },
  );

/** A stand-in browser for the checks that need no Chromium. */
function fakeBrowser(): SupervisedBrowser & { exit(): void } {
  let exit = () => {};
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    exit = () => resolve({ code: 0, signal: null });
  });
  return { pid: null, exited, exit: () => exit(), close: async () => exit() };
}

describe('backoffDelay', () => {
  it('doubles from the base up to the cap', () => {
    const options = { baseMs: 1000, capMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => backoffDelay(a, options))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('supervisor', () => {
  it('runs the wanted profiles that may run on the traffic left, with a proxy when they have one', async () => {
    const launched: Array<{ id: number; proxyUrl: string | null }> = [];
    const reachly = profile({
      proxySource: 'REACHLY',
      proxyType: 'residential',
      proxy: { address: '127.0.0.1:9', login: 'u', password: 'p' },
    });
    const manual = profile({
      proxySource: 'MANUAL',
      proxyType: 'manual',
      proxy: { address: '127.0.0.1:9', login: null, password: null },
    });
    const none = profile();
    const h = harness(
      async (p, proxyUrl) => {
        launched.push({ id: p.id, proxyUrl });
        return fakeBrowser();
      },
      { profiles: [reachly, manual, none], traffic: traffic('0') },
    );
    await h.supervisor.check('test');
    expect(launched.map((l) => l.id).sort()).toEqual([manual.id, none.id]);
    expect(launched.find((l) => l.id === manual.id)?.proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(launched.find((l) => l.id === none.id)?.proxyUrl).toBeNull();
    expect(h.states().map((s) => [s.profileId, s.state])).toEqual([
      [manual.id, 'running'],
      [none.id, 'running'],
    ]);
    expect(h.states()[0]?.proxyPort).toEqual(expect.any(Number));

    // Traffic granted: the product-proxied profile starts too; then its campaign ends.
    await h.want({ profiles: [reachly, manual, none], traffic: traffic('5000') });
    expect(h.states().map((s) => s.profileId)).toEqual([reachly.id, manual.id, none.id]);
    await h.want({ profiles: [manual], traffic: traffic('5000') });
    expect(h.states().map((s) => s.profileId)).toEqual([manual.id]);
    expect(h.logs).toContain(`profile ${reachly.id} (${reachly.name}): stopping (no running campaign)`);
  });

  it('does not start a profile meant for a proxy that has none, and says why', async () => {
    const launched: number[] = [];
    const noAddress = profile({ proxySource: 'REACHLY', proxyType: 'residential', proxy: null });
    const h = harness(
      async (p) => {
        launched.push(p.id);
        return fakeBrowser();
      },
      { profiles: [noAddress], traffic: traffic('5000') },
    );
    await h.supervisor.check('test');
    expect(launched).toEqual([]);
    expect(h.states()[0]).toMatchObject({ state: 'failed', error: NO_PROXY_MESSAGE });
    expect(h.failures).toEqual([{ profileId: noAddress.id, message: NO_PROXY_MESSAGE }]);
  });

  it('imports pending cookies before the session, again when stored anew, and after an early crash', async () => {
    const browsers: Array<ReturnType<typeof fakeBrowser>> = [];
    const imports: Array<{ id: number; browser: number }> = [];
    const p = profile({ pendingCookiesAt: '2026-01-01T00:00:00.000Z' });
    const h = harness(
      async () => {
        browsers.push(fakeBrowser());
        return browsers.at(-1) as ReturnType<typeof fakeBrowser>;
      },
      { profiles: [p], traffic: traffic('100') },
      async (profile, browser) => {
        imports.push({
          id: profile.id,
          browser: browsers.indexOf(browser as ReturnType<typeof fakeBrowser>),
        });
      },
    );
    await h.supervisor.check('test');
    expect(imports).toEqual([{ id: p.id, browser: 0 }]);
    // Imported and acknowledged: no longer pending; a check changes nothing.
    const done = { ...p, pendingCookiesAt: null };
    await h.want({ profiles: [done], traffic: traffic('100') });
    expect(imports).toHaveLength(1);
    // A new set stored while the browser runs.
    await h.want({
      profiles: [{ ...p, pendingCookiesAt: '2026-01-02T00:00:00.000Z' }],
      traffic: traffic('100'),
    });
    expect(imports).toEqual([
      { id: p.id, browser: 0 },
      { id: p.id, browser: 0 },
    ]);
    await h.want({ profiles: [done], traffic: traffic('100') });
    // The browser dies before Chromium wrote the cookies to disk: the restart imports them again.
    browsers[0]?.exit();
    await until('the restart', () => browsers.length === 2 && h.states()[0]?.state === 'running');
    expect(imports.at(-1)).toEqual({ id: p.id, browser: 1 });
    expect(imports).toHaveLength(3);
  });

  it('restarts a browser killed from outside, and stops one no longer wanted', async () => {
    const p = profile();
    const h = harness(realBrowser, { profiles: [p], traffic: traffic('100') });
    await h.supervisor.check('test');
    const first = h.supervisor.browserOf(p.id);
    expect(first?.pid).toEqual(expect.any(Number));
    expect(h.states()).toEqual([
      { profileId: p.id, name: p.name, state: 'running', proxyPort: null, restarts: 0, error: null },
    ]);

    process.kill(first?.pid as number, 'SIGKILL');
    const second = await until('the restart', () => {
      const b = h.supervisor.browserOf(p.id);
      return b && b !== first && h.states()[0]?.state === 'running' ? b : null;
    });
    expect(await first?.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(second.pid).not.toBe(first?.pid);
    expect(h.states()[0]).toMatchObject({ restarts: 1, state: 'running', error: null });

    // Killed again before it ran a stable while: the next delay is longer.
    process.kill(second.pid as number, 'SIGKILL');
    await until(
      'the second restart',
      () => h.states()[0]?.restarts === 2 && h.states()[0]?.state === 'running',
    );
    const waits = h.logs.filter((l) => l.includes('trying again in'));
    expect(waits).toEqual([
      `profile ${p.id} (${p.name}): trying again in 0.1 s`,
      `profile ${p.id} (${p.name}): trying again in 0.2 s`,
    ]);
    expect(h.logs).toContain(`profile ${p.id} (${p.name}): The browser was ended (SIGKILL)`);

    const last = h.supervisor.browserOf(p.id);
    await h.want({ profiles: [], traffic: traffic('100') });
    expect(h.states()).toEqual([]);
    expect(await last?.exited).toMatchObject({ signal: null });
    expect(h.failures).toEqual([]);
  });

  it('reports a failed launch once and tries again later on a growing delay', async () => {
    chromiumPath = '/nonexistent/chromium';
    const p = profile();
    const h = harness(realBrowser, { profiles: [p], traffic: traffic('100') });
    try {
      await h.supervisor.check('test');
      expect(h.states()[0]).toMatchObject({
        state: 'failed',
        error: expect.stringContaining('/nonexistent/chromium'),
      });
      await until('three more attempts', () => h.logs.filter((l) => l.includes('launch failed')).length >= 4);
      expect(h.failures).toHaveLength(1);
      expect(h.failures[0]).toEqual({
        profileId: p.id,
        message: expect.stringContaining('/nonexistent/chromium'),
      });
      const waits = h.logs.filter((l) => l.includes('trying again in')).slice(0, 4);
      expect(waits.map((l) => l.replace(/.*trying again in /, ''))).toEqual([
        '0.1 s',
        '0.2 s',
        '0.4 s',
        '0.4 s',
      ]);

      // Chromium is back: the next attempt runs it.
      chromiumPath = '/usr/bin/chromium';
      await until('the browser', () => h.states()[0]?.state === 'running', 20_000);
      expect(h.states()[0]).toMatchObject({ error: null, restarts: 0 });
    } finally {
      chromiumPath = '/usr/bin/chromium';
    }
  });
});
