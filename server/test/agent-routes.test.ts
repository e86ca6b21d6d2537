import { contract, urlOf } from '@reachly/shared/contract';
import { agentProfilesResponseSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  agentProfiles,
  createProfile,
  logsOf,
  manual,
  newOrg,
  noProxy,
  reachly,
  runningCampaign,
  steps,
  trafficOf,
} from './helpers/agent-routes.ts';
import { startEngineServer } from './helpers/campaign-run.ts';
import type { HttpResponse } from './helpers/http-client.ts';
import { collect, nextEvent, type TestSocket } from './helpers/socket.ts';
import { expectRefused, expectRejected, type TestServer } from './helpers/test-server.ts';

/**
 * The desktop agent's routes over real HTTP, a real socket.io client and the test database
 * (shared/src/schemas/agent.ts): the profiles that need a browser, launch failures, and another
 * organisation's profiles on every agent route. Traffic is in agent-routes-traffic.test.ts, cookies
 * in agent-routes-cookies.test.ts. 2026-06-01 is a Monday; the engine's clock stands at 09:30 UTC,
 * inside default working hours.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const db = () => server.database.db;

describe('GET /api/agent/profiles', () => {
  it("lists the profiles of running campaigns with their clear proxies, pauses and the organisation's traffic", async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg(server, 'agent-list', sockets);
    const a = await createProfile(org.account, { ...manual('Manual A'), proxyTimezone: 'Europe/Berlin' });
    const b = await createProfile(org.account, noProxy('No proxy B'));
    const c = await createProfile(org.account, reachly('Reachly C'));
    const idle = await createProfile(org.account, reachly('Idle D'));
    const one = await runningCampaign(org, 'One', [a, b]);
    const two = await runningCampaign(org, 'Two', [a]);
    // C only works a campaign that is paused; D works none.
    const paused = await runningCampaign(org, 'Paused', [c]);
    await org.account.call(contract.campaigns.pause, { params: { id: paused } });
    await org.account.call(contract.campaigns.create, {
      body: { name: 'Draft', collectionId: org.collectionId, profileIds: [idle], steps },
    });
    await db()('profiles').where({ id: a }).update({ paused_until: '2026-06-02T00:00:00Z' });
    await db()('profiles').where({ id: b }).update({ paused_until: '2026-05-31T00:00:00Z' });

    const body = await agentProfiles(org.account);
    expect(body.profiles).toEqual([
      {
        id: a,
        name: 'Manual A',
        proxySource: 'MANUAL',
        proxyType: 'manual',
        proxy: { address: 'http://proxy.example.com:3128', login: 'bob', password: 's3cret:with@signs' },
        proxyTimezone: 'Europe/Berlin',
        campaignIds: [one, two],
        pausedUntil: '2026-06-02T00:00:00.000Z',
        pendingCookiesAt: null,
      },
      {
        id: b,
        name: 'No proxy B',
        proxySource: 'NOT_USE',
        proxyType: null,
        proxy: null,
        proxyTimezone: null,
        campaignIds: [one],
        pausedUntil: null,
        pendingCookiesAt: null,
      },
    ]);
    expect(body.traffic).toEqual(await trafficOf(org.account));

    // Starting C's campaign again brings C in, with the product's proxy and its password.
    await org.account.call(contract.campaigns.start, { params: { id: paused } });
    const again = await agentProfiles(org.account);
    expect(again.profiles.map((p) => p.id)).toEqual([a, b, c]);
    expect(again.profiles[2]?.proxy).toEqual({
      address: 'gate.reachly.example:7000',
      login: 'rl-user',
      password: 'rl-secret',
    });
  });

  it('answers an empty list when no campaign runs, and 401 without a token', async () => {
    const org = await newOrg(server, 'agent-empty', sockets);
    await createProfile(org.account, reachly('Unused'));
    const body = await agentProfiles(org.account);
    expect(body.profiles).toEqual([]);
    await expect(server.call(contract.agent.profiles)).rejects.toMatchObject({ status: 401 });
    // The page's session works as well as the token (raw: by the session cookie).
    const browser = server.client();
    expect((await browser.signIn(org.account.email, org.account.password)).error).toBeNull();
    const bySession = await browser.get(urlOf(contract.agent.profiles, {}));
    expect(agentProfilesResponseSchema.parse(bySession.body).profiles).toEqual([]);
  });

  it('still answers when a stored proxy password cannot be opened (a changed key)', async () => {
    const org = await newOrg(server, 'agent-badkey', sockets);
    const good = await createProfile(org.account, manual('Good'));
    const broken = await createProfile(org.account, manual('Broken'));
    await runningCampaign(org, 'Keys', [good, broken]);
    await db()('profiles').where({ id: broken }).update({ proxy_password_encrypted: 'AAAA:BBBB:CCCC' });
    const body = await agentProfiles(org.account);
    expect(body.profiles.map((p) => [p.name, p.proxy?.password])).toEqual([
      ['Good', 's3cret:with@signs'],
      ['Broken', null],
    ]);
  });
});

describe('POST /api/agent/launch-failed', () => {
  it('writes a LAUNCH_FAILED row in each running campaign of the profile, pushed with a notice', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg(server, 'agent-launch', sockets);
    const p = await createProfile(org.account, manual('Launcher'));
    const one = await runningCampaign(org, 'One', [p]);
    const two = await runningCampaign(org, 'Two', [p]);
    const paused = await runningCampaign(org, 'Paused', [p]);
    await org.account.call(contract.campaigns.pause, { params: { id: paused } });
    const rows = collect(org.socket, 'campaign-log-created');
    const notice = nextEvent(org.socket, 'campaign-notice');

    const res = await org.account.call(contract.agent.launchFailed, {
      body: { profileId: p, message: '  Chromium exited with code 1  ' },
    });
    expect(res).toEqual({ ok: true });
    const message = 'Profile "Launcher" could not start: Chromium exited with code 1';
    expect(await notice).toMatchObject({ type: 'LAUNCH_FAILED', level: 'danger', profileId: p, message });
    const launchRows = () => rows.filter((r) => (r as { type: string }).type === 'LAUNCH_FAILED');
    await expect.poll(() => launchRows().length).toBe(2);
    expect(launchRows()).toEqual([
      expect.objectContaining({ campaignId: one, profileId: p, type: 'LAUNCH_FAILED', message }),
      expect.objectContaining({ campaignId: two, profileId: p, type: 'LAUNCH_FAILED', message }),
    ]);
    expect((await logsOf(server, one)).filter((l) => l.type === 'LAUNCH_FAILED')).toEqual([
      { type: 'LAUNCH_FAILED', profile_id: p, message },
    ]);
    expect((await logsOf(server, paused)).filter((l) => l.type === 'LAUNCH_FAILED')).toEqual([]);

    // The campaign's log shows it to the page.
    const logs = await org.account.call(contract.campaigns.logs, {
      params: { id: two },
      query: { lastId: -1, limit: 10 },
    });
    expect(logs.logs[0]).toMatchObject({ type: 'LAUNCH_FAILED', message });
  });

  it('refuses bad bodies and profiles of another organisation, writing nothing', async () => {
    const org = await newOrg(server, 'agent-launch-bad', sockets);
    const other = await newOrg(server, 'agent-launch-other', sockets);
    const p = await createProfile(org.account, manual('Mine'));
    await runningCampaign(org, 'Mine', [p]);
    const foreign = await createProfile(other.account, manual('Theirs'));
    await runningCampaign(other, 'Theirs', [foreign]);
    // Raw: some of these bodies are wrongly typed.
    for (const json of [
      {},
      { profileId: p },
      { profileId: p, message: '   ' },
      { profileId: p, message: 'x'.repeat(2001) },
      { profileId: -1, message: 'x' },
    ]) {
      const post = () => org.account.api.post(urlOf(contract.agent.launchFailed, {}), { json });
      await expectRejected(server, JSON.stringify(json), post, 400);
    }
    const launchFailed = (profileId: number) => () =>
      org.account.call(contract.agent.launchFailed, { body: { profileId, message: 'x' } });
    await expectRefused(server, 'a foreign profile', launchFailed(foreign), 404);
    await expectRefused(server, 'a missing profile', launchFailed(2_000_000_000), 404);
  });
});

describe("another organisation's profiles", () => {
  it('answer 404 on every agent route, write nothing and never show up', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const owner = await newOrg(server, 'agent-owner', sockets);
    const stranger = await newOrg(server, 'agent-stranger', sockets);
    const p = await createProfile(owner.account, manual('Owner-only profile'));
    await runningCampaign(owner, 'Owner campaign', [p]);
    const params = { id: p };
    const { pendingCookiesAt } = await owner.account.call(contract.profiles.storeCookies, {
      params,
      body: { cookies: [{ name: 'c_user', value: 'owner-secret', domain: '.network.example' }] },
    });

    // Typed inputs, raw answers: each answer's text is read for the owner's cookie.
    const { api } = stranger.account;
    const requests: [string, () => Promise<HttpResponse>][] = [
      [
        'traffic',
        () => api.send(contract.agent.traffic, { body: { reports: [{ profileId: p, bytes: '1' }] } }),
      ],
      [
        'launch-failed',
        () => api.send(contract.agent.launchFailed, { body: { profileId: p, message: 'x' } }),
      ],
      [
        'store cookies',
        () =>
          api.send(contract.profiles.storeCookies, {
            params,
            body: { cookies: [{ name: 'a', value: 'b', domain: '.x' }] },
          }),
      ],
      ['cookies', () => api.send(contract.agent.cookies, { params })],
      [
        'cookies-imported',
        () =>
          api.send(contract.agent.cookiesImported, {
            params,
            body: { storedAt: pendingCookiesAt as string, imported: 1 },
          }),
      ],
    ];
    for (const [label, request] of requests) {
      const res = await expectRejected(server, label, request, 404);
      expect(res.text).not.toContain('owner-secret');
    }
    const list = await agentProfiles(stranger.account);
    expect(list.profiles).toEqual([]);
    expect((await agentProfiles(owner.account)).profiles.map((x) => x.name)).toEqual(['Owner-only profile']);
  });
});
