import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AgentHandle, createAgent } from '../../desktop/src/agent/agent.ts';
import type { RunningProfile } from '../../desktop/src/agent/api.ts';
import { profileDir } from '../../desktop/src/agent/paths.ts';
import { accessTokenFor } from '../../desktop/src/agent/server-client.ts';
import {
  type AuthProxy,
  type LocalServer,
  startAuthProxy,
  startLocalServer,
} from '../../desktop/src/agent/test-support.ts';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { callAs, callAsAdmin, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import { type E2EBrowser, launchBrowser, openPage, signIn, waitForText } from './support/browser.ts';
import { until, utcTime } from './support/profile-run.ts';

/**
 * The desktop agent end to end (issue 7): the real server, the sandbox network, and the agent
 * launching two profile browsers with the built extension, each behind its own local upstream
 * proxy that requires credentials (one a manual proxy, one on the product's proxies). A campaign
 * runs through both; their cookies are imported so they start logged in; traffic is counted and
 * charged; machine data and the proxy timezone answer the page over the extension's bridge; a
 * browser killed from outside is restarted; a launch that fails shows PROFILE_START_ERROR_POPUP;
 * traffic running out stops the product-proxied profile and shows TRAFFIC_ENDED_POPUP.
 */

let app: E2EApp;
let sandbox: Sandbox;
let manualProxy: AuthProxy;
let reachlyProxy: AuthProxy;
let lookup: LocalServer;
let agent: AgentHandle | null = null;
let viewer: E2EBrowser | null = null;
let home: string;
const agentLog: string[] = [];

beforeAll(async () => {
  [app, sandbox, manualProxy, reachlyProxy, lookup] = await Promise.all([
    startE2EApp(),
    startSandbox({ seed: 7, people: 20 }),
    startAuthProxy('manual-user', 'manual-pass'),
    startAuthProxy('reachly-user', 'reachly-pass'),
    // A stand-in for ip-api.com, answering as it does.
    startLocalServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'success', timezone: 'Europe/Berlin' }));
    }),
  ]);
  home = mkdtempSync(path.join(tmpdir(), 'reachly-e2e-agent-'));
});
afterAll(async () => {
  await agent?.stop();
  await viewer?.close();
  await Promise.all([manualProxy?.close(), reachlyProxy?.close(), lookup?.close()]);
  await sandbox?.close();
  await app?.close();
  rmSync(home, { recursive: true, force: true });
});

/** Logs in to the sandbox over HTTP, as a cookie exporter would have it: the session cookie. */
async function sandboxSessionCookie(login: string, password: string): Promise<string> {
  await sandbox.admin.createAccount({ login, password, name: `Agent ${login}` });
  const res = await fetch(`${sandbox.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password, next: '/feed' }),
    redirect: 'manual',
  });
  const cookie = /sn_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 303 || !cookie) throw new Error(`sandbox login failed: ${res.status}`);
  return cookie;
}

const profileOf = (id: number) => (agent?.runningProfiles() ?? []).find((p) => p.profileId === id);

/** Asks the page (and through it the extension and the agent) over the bridge, as the dashboard does. */
function askBridge(page: Page, verb: string, payload: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(
    (v, p) =>
      new Promise<unknown>((resolve) => {
        const requestId = `e2e-${v}`;
        window.addEventListener(`reachly-${v}-result`, (e) => resolve((e as CustomEvent).detail), {
          once: true,
        });
        window.dispatchEvent(new CustomEvent(`reachly-${v}`, { detail: { requestId, ...p } }));
      }),
    verb,
    payload,
  );
}

describe('the desktop agent', () => {
  it('runs a campaign through two proxied profile browsers, keeps them up, and stops on traffic', async () => {
    // The account, its two sandbox-logged-in profiles, leads and a campaign.
    const account = await registerAccount(app, 'agent');
    const call = callAs(app, account);
    const manualLogin = `agent-manual-${process.pid}`;
    const reachlyLogin = `agent-reachly-${process.pid}`;
    const [manualCookie, reachlyCookie] = await Promise.all([
      sandboxSessionCookie(manualLogin, 'pw-manual'),
      sandboxSessionCookie(reachlyLogin, 'pw-reachly'),
    ]);
    const manual = await call(contract.profiles.create, {
      body: {
        name: 'Manual proxy profile',
        loginStatus: 'logged-in',
        proxySource: 'MANUAL',
        HTTPProxyAddress: manualProxy.address,
        proxyLogin: 'manual-user',
        proxyPassword: 'manual-pass',
        proxyTimezone: 'UTC',
      },
    });
    const reachly = await call(contract.profiles.create, {
      body: {
        name: 'Reachly proxy profile',
        loginStatus: 'logged-in',
        proxySource: 'REACHLY',
        HTTPProxyAddress: `http://reachly-user:reachly-pass@${reachlyProxy.address}`,
        proxyTimezone: 'UTC',
      },
    });
    for (const [profile, value] of [
      [manual, manualCookie],
      [reachly, reachlyCookie],
    ] as const) {
      await call(contract.profiles.storeCookies, {
        params: { id: profile.id },
        body: { cookies: [{ name: 'sn_session', value, domain: '127.0.0.1', path: '/', httpOnly: true }] },
      });
    }
    const people = (await sandbox.admin.people()).filter((p) => !p.sendsRequests).slice(0, 4);
    for (const p of people) await sandbox.admin.setBehaviour(p.slug, { acceptAfterMs: null, reply: null });
    const collection = await call(contract.collections.create, { body: { name: 'Agent leads' } });
    await call(contract.leads.create, {
      body: {
        collectionId: collection.id,
        leads: people.map((p: PersonSummary) => ({
          profileUrl: `${sandbox.url}${p.url}`,
          name: p.name,
          firstName: p.name.split(' ')[0],
          hasMessageButton: p.hasMessageButton,
        })),
      },
    });
    const campaign = await call(contract.campaigns.create, {
      body: {
        name: 'Agent outreach',
        collectionId: collection.id,
        profileIds: [manual.id, reachly.id],
        steps: [{ type: 'friendRequest' }],
        dailyCaps: { friendRequest: 100 },
        workingHours: { start: utcTime(-3), end: utcTime(3) },
        gapSeconds: { min: 1, max: 2 },
      },
    });
    await call(contract.campaigns.start, { params: { id: campaign.id } });
    const usedBefore = BigInt((await call(contract.user.traffic)).usedTraffic);

    // The agent, signed in as `npm run agent -- --server … --email … --password …` does.
    const accessToken = await accessTokenFor(app.url, account.email, account.password);
    expect(accessToken).toBe(account.user.accessToken);
    await expect(accessTokenFor(app.url, account.email, 'not-the-password')).rejects.toThrow(
      /Sign-in refused/,
    );
    agent = await createAgent({
      home,
      serverUrl: app.url,
      accessToken,
      networkUrl: sandbox.url,
      extensionDir: inject('extensionDir'),
      headless: true,
      trafficIntervalMs: 1000,
      pollIntervalMs: 5000,
      timezoneLookupUrl: `${lookup.url}/json/?fields=status,timezone`,
      backoff: { baseMs: 500, capMs: 5000, stableMs: 60_000 },
      log: (line) => agentLog.push(line),
    });
    const failure = () => `agent log:\n${agentLog.join('\n')}`;

    await until('both profile browsers', async () =>
      [manual.id, reachly.id].every((id) => profileOf(id)?.state === 'running'),
    ).catch((e) => {
      throw new Error(`${(e as Error).message}\n${failure()}`);
    });
    expect(profileOf(manual.id)?.proxyPort).toEqual(expect.any(Number));
    expect(profileOf(reachly.id)?.proxyPort).toEqual(expect.any(Number));

    // Cookies imported once: nothing pending any more.
    await until('the cookies imported', async () => {
      const { profiles } = await call(contract.agent.profiles);
      return profiles.length === 2 && profiles.every((p) => p.pendingCookiesAt === null);
    });

    // The campaign runs through both: friend requests from both sandbox accounts, each profile
    // reaching the sandbox through its own proxy (the upstream logs prove it).
    const sandboxHost = new URL(sandbox.url).host;
    await until(
      'friend requests from both profiles',
      async () => {
        const received = await Promise.all(people.map((p) => sandbox.admin.receivedBy(p.slug)));
        const from = received.flatMap((r) => r.requests.map((q) => q.from));
        return from.includes(manualLogin) && from.includes(reachlyLogin);
      },
      120_000,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}\n${failure()}`);
    });
    expect(manualProxy.log).toContain(sandboxHost);
    expect(reachlyProxy.log).toContain(sandboxHost);
    // The server is reached directly, never through a profile's proxy.
    const serverHost = new URL(app.url).host;
    expect(manualProxy.log).not.toContain(serverHost);
    expect(reachlyProxy.log).not.toContain(serverHost);

    // Traffic through the product's proxy is counted and charged.
    await until('traffic charged', async () => {
      const traffic = await call(contract.user.traffic);
      return BigInt(traffic.usedTraffic) > usedBefore;
    });

    // The bridge: the dashboard opened in the manual profile's browser asks the agent through the extension.
    const manualBrowser = agent.browserOf(manual.id);
    if (!manualBrowser) throw new Error('no browser for the manual profile');
    const dashboard = await (manualBrowser.browser as unknown as Browser).newPage();
    await dashboard.goto(`${app.url}/signin`);
    const machine = await until('machine data over the bridge', async () => {
      const answer = (await askBridge(dashboard, 'get-machine-data', {})) as { ok: boolean };
      return answer.ok ? answer : null;
    });
    expect(machine).toEqual({
      requestId: 'e2e-get-machine-data',
      ok: true,
      ...(await agent.machineData()),
      extensionVersion: '0.1.0',
    });
    expect(machine).toMatchObject({ reachlyVersion: '0.1.0', platform: 'linux' });
    const timezone = await askBridge(dashboard, 'get-proxy-timezone', {
      HTTPProxyAddress: manualProxy.address,
      proxyLogin: 'manual-user',
      proxyPassword: 'manual-pass',
    });
    expect(timezone).toEqual({ requestId: 'e2e-get-proxy-timezone', ok: true, timezone: 'Europe/Berlin' });
    expect(manualProxy.log).toContain(new URL(lookup.url).host);
    const wrong = (await askBridge(dashboard, 'get-proxy-timezone', {
      HTTPProxyAddress: manualProxy.address,
      proxyLogin: 'manual-user',
      proxyPassword: 'not-it',
    })) as { ok: boolean; error: string };
    expect(wrong).toMatchObject({
      ok: false,
      error: `The proxy ${manualProxy.address} refused its login and password`,
    });
    await dashboard.close();

    // A browser killed from outside is restarted, still logged in to the network.
    const killed = manualBrowser.pid as number;
    process.kill(killed, 'SIGKILL');
    await until('the restarted browser', async () => {
      const p = profileOf(manual.id);
      return p?.state === 'running' && p.restarts === 1 && agent?.browserOf(manual.id)?.pid !== killed;
    });
    const restarted = agent.browserOf(manual.id);
    if (!restarted) throw new Error('no restarted browser');
    const feed = await (restarted.browser as unknown as Browser).newPage();
    await feed.goto(`${sandbox.url}/feed`);
    await feed.waitForSelector('[data-testid=current-account]');
    await feed.close();

    // The dashboard, as the user watches it.
    viewer = await launchBrowser();
    const page = await openPage(viewer.browser);
    await signIn(page, app, account);

    // A profile whose browser cannot start: reported, and the page says why.
    const broken = await call(contract.profiles.create, {
      body: { name: 'Broken profile', loginStatus: 'logged-in' },
    });
    // Its user-data-dir is a file: Chromium cannot open it.
    mkdirSync(profileDir(home, broken.id), { recursive: true });
    writeFileSync(path.join(profileDir(home, broken.id), 'user-data'), 'not a folder');
    const emptyCollection = await call(contract.collections.create, { body: { name: 'Empty' } });
    const second = await call(contract.campaigns.create, {
      body: {
        name: 'Broken launch',
        collectionId: emptyCollection.id,
        profileIds: [broken.id],
        steps: [{ type: 'friendRequest' }],
      },
    });
    await call(contract.campaigns.start, { params: { id: second.id } });
    await page.waitForSelector('[data-testid=popup-PROFILE_START_ERROR_POPUP]', { timeout: 30_000 });
    expect(await page.$eval('[data-testid=profile-start-error-reason]', (e) => e.textContent)).toContain(
      'Profile "Broken profile" could not start',
    );
    // The agent tries again on its backoff (500 ms here), so by now it may be on its next attempt;
    // either way the profile is not running, the tray keeps the reason, and the log says so.
    expect(profileOf(broken.id)?.state).not.toBe('running');
    expect(profileOf(broken.id)?.error).toBeTruthy();
    expect(
      agentLog.some((line) => line.startsWith(`profile ${broken.id} (Broken profile): launch failed`)),
    ).toBe(true);
    await page.$$eval('[data-testid=popup-PROFILE_START_ERROR_POPUP] button', (buttons) =>
      (buttons.find((b) => b.textContent === 'Close') as HTMLButtonElement | undefined)?.click(),
    );
    await call(contract.campaigns.stop, { params: { id: second.id } });
    await until('the broken profile let go', async () => !profileOf(broken.id));

    // Traffic runs out: a small allowance left, used up by the product-proxied profile's browsing.
    const used = BigInt((await call(contract.user.traffic)).usedTraffic);
    await callAsAdmin(app)(contract.admin.grantTraffic, {
      body: { email: account.email, bytes: (used + 2000n).toString(), mode: 'set' },
    });
    await page.waitForSelector('[data-testid=popup-TRAFFIC_ENDED_POPUP]', { timeout: 90_000 });
    await waitForText(page, 'Your proxy traffic has run out');
    await until('the product-proxied profile stopped', async () => !profileOf(reachly.id), 30_000);
    const running: RunningProfile[] = agent.runningProfiles();
    expect(running.map((p) => [p.profileId, p.state])).toEqual([[manual.id, 'running']]);
    expect(agentLog).toContain(`profile ${reachly.id} (Reachly proxy profile): stopping (no traffic left)`);

    // Nothing lost: once it stopped, what the server charged is what went through its proxy (the
    // upstream sees the same bytes but for the headers the forwarding proxy rewrites: within 10 %).
    // The manual proxy's traffic is the user's own and charged nothing.
    const traffic = await call(contract.user.traffic);
    expect(BigInt(traffic.remainingTraffic)).toBeLessThanOrEqual(0n);
    const charged = Number(BigInt(traffic.usedTraffic) - usedBefore);
    expect(charged).toBeGreaterThan(0.9 * reachlyProxy.bytes());
    expect(charged).toBeLessThan(1.1 * reachlyProxy.bytes());

    // The agent's whole log of the run holds neither the access token nor a proxy password.
    const secrets = [accessToken, 'manual-pass'];
    expect(agentLog.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  }, 300_000);
});
