import { type ClientInput, contract } from '@reachly/shared/contract';
import {
  agentCookiesResponseSchema,
  agentProfilesResponseSchema,
  apiErrorSchema,
  profileCookiesStateSchema,
} from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { seedLeads, startCampaign, startEngineServer } from './helpers/campaign-run.ts';
import { RecordingNetwork, ScriptedExecutor } from './helpers/executor.ts';
import { HttpClient, type RequestOptions } from './helpers/http-client.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import { collect, connectSocket, nextEvent, type TestSocket } from './helpers/socket.ts';
import { registerAccount, type TestAccount, type TestServer } from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

/**
 * The desktop agent's routes over real HTTP, a real socket.io client and the test database
 * (shared/src/schemas/agent.ts): the profiles that need a browser, traffic reports charged to the
 * allowance, the engine holding back REACHLY profiles once traffic ended, launch failures, cookies.
 * 2026-06-01 is a Monday; the engine's clock stands at 09:30 UTC, inside default working hours.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
let admin: HttpClient;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startEngineServer(clock);
  admin = new HttpClient(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const db = () => server.database.db;
const TWO_53 = 2n ** 53n;

interface Org {
  account: TestAccount;
  collectionId: number;
  socket: TestSocket;
}

async function newOrg(prefix: string): Promise<Org> {
  const account = await registerAccount(server, prefix);
  const collectionId = await seedCollection(server, account.organizationId, `${prefix} leads`);
  const { socket, error } = await connectSocket(server.url, {
    token: account.accessToken,
    organizationId: account.organizationId,
  });
  if (error) throw error;
  sockets.push(socket);
  return { account, collectionId, socket };
}

type ProfileInput = ClientInput<typeof contract.profiles.create>['body'];

/** A profile made through POST /api/profiles, so its proxy password is sealed as in real use. */
async function createProfile(account: TestAccount, body: ProfileInput): Promise<number> {
  return (await account.call(contract.profiles.create, { body: { proxyTimezone: 'UTC', ...body } })).id;
}

const reachly = (name: string): ProfileInput => ({
  name,
  proxySource: 'REACHLY',
  proxyType: 'residential',
  HTTPProxyAddress: 'gate.reachly.example:7000',
  proxyLogin: 'rl-user',
  proxyPassword: 'rl-secret',
});
const manual = (name: string): ProfileInput => ({
  name,
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'http://proxy.example.com:3128',
  proxyLogin: 'bob',
  proxyPassword: 's3cret:with@signs',
});
const noProxy = (name: string): ProfileInput => ({ name, proxySource: 'NOT_USE', proxyTimezone: null });

const steps = [{ type: 'friendRequest' as const }];
const gapSeconds = { min: 60, max: 60 };

async function runningCampaign(org: Org, name: string, profileIds: number[]): Promise<number> {
  return (
    await startCampaign(org.account, { name, collectionId: org.collectionId, profileIds, steps, gapSeconds })
  ).id;
}

async function agentProfiles(account: TestAccount) {
  return account.call(contract.agent.profiles);
}

async function trafficOf(account: TestAccount) {
  return account.call(contract.user.traffic);
}

/** POST /api/agent/traffic as the account: the organisation's traffic after the reports. */
async function reportTraffic(account: TestAccount, reports: { profileId: number; bytes: string }[]) {
  return account.call(contract.agent.traffic, { body: { reports } });
}

/** Asserts the request is refused with `status` and the error body, and that it wrote nothing. */
async function expectRefused(
  account: TestAccount,
  method: string,
  path: string,
  options: RequestOptions,
  status: number,
) {
  const before = await writeSignature(db());
  const res = await account.api.request(method, path, options);
  expect(res.status, `${method} ${path} ${res.text}`).toBe(status);
  expect(apiErrorSchema.safeParse(res.body).success, res.text).toBe(true);
  expect(await writeSignature(db()), `${method} ${path} wrote`).toBe(before);
  return res;
}

async function logsOf(campaignId: number) {
  return (await db()('campaign_logs')
    .where({ campaign_id: campaignId })
    .orderBy('id')
    .select('type', 'profile_id', 'message')) as { type: string; profile_id: number; message: string }[];
}

describe('GET /api/agent/profiles', () => {
  it("lists the profiles of running campaigns with their clear proxies, pauses and the organisation's traffic", async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg('agent-list');
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
    const org = await newOrg('agent-empty');
    await createProfile(org.account, reachly('Unused'));
    const body = await agentProfiles(org.account);
    expect(body.profiles).toEqual([]);
    expect((await server.client().get('/api/agent/profiles')).status).toBe(401);
    // The page's session works as well as the token.
    const browser = server.client();
    expect((await browser.signIn(org.account.email, org.account.password)).error).toBeNull();
    expect(
      agentProfilesResponseSchema.parse((await browser.get('/api/agent/profiles')).body).profiles,
    ).toEqual([]);
  });

  it('still answers when a stored proxy password cannot be opened (a changed key)', async () => {
    const org = await newOrg('agent-badkey');
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

describe('POST /api/agent/traffic', () => {
  it('charges the bytes of REACHLY profiles exactly, not those of manual or no proxy, and pushes the rest', async () => {
    const org = await newOrg('agent-traffic');
    const r = await createProfile(org.account, reachly('R'));
    const m = await createProfile(org.account, manual('M'));
    const n = await createProfile(org.account, noProxy('N'));
    const before = await trafficOf(org.account);
    const updates = collect(org.socket, 'PROXY_TRAFFIC_UPDATE');

    const pushed = nextEvent(org.socket, 'PROXY_TRAFFIC_UPDATE');
    const res = await reportTraffic(org.account, [
      { profileId: r, bytes: (TWO_53 + 1n).toString() },
      { profileId: m, bytes: '5000' },
      { profileId: r, bytes: '7' },
      { profileId: n, bytes: '100' },
    ]);
    const used = BigInt(before.usedTraffic) + TWO_53 + 8n;
    const remaining = (BigInt(before.trafficLimit) - used).toString();
    expect(res).toEqual({
      trafficLimit: before.trafficLimit,
      usedTraffic: used.toString(),
      remainingTraffic: remaining,
    });
    expect(await pushed).toEqual({ remainingTraffic: remaining });
    expect(await trafficOf(org.account)).toEqual(res);

    // The user's own proxy traffic charges nothing and pushes nothing.
    const own = await reportTraffic(org.account, [
      { profileId: m, bytes: '123456789' },
      { profileId: n, bytes: '1' },
    ]);
    expect(own).toEqual(res);
    const next = nextEvent(org.socket, 'PROXY_TRAFFIC_UPDATE');
    await reportTraffic(org.account, [{ profileId: r, bytes: '2' }]);
    expect(await next).toEqual({ remainingTraffic: (BigInt(remaining) - 2n).toString() });
    expect(updates).toHaveLength(2);

    // Reports arriving at once all count.
    const start = BigInt((await trafficOf(org.account)).usedTraffic);
    await Promise.all(
      Array.from({ length: 10 }, () => reportTraffic(org.account, [{ profileId: r, bytes: '1000' }])),
    );
    expect(BigInt((await trafficOf(org.account)).usedTraffic) - start).toBe(10_000n);
  });

  it('stops at the largest storable amount instead of failing', async () => {
    const org = await newOrg('agent-traffic-max');
    const r = await createProfile(org.account, reachly('R'));
    const huge = (2n ** 62n - 1n).toString();
    const res = await reportTraffic(
      org.account,
      [1, 2, 3].map(() => ({ profileId: r, bytes: huge })),
    );
    expect(res.usedTraffic).toBe('9223372036854775807');
  });

  it('refuses bad bodies and profiles of another organisation, writing nothing', async () => {
    const org = await newOrg('agent-traffic-bad');
    const other = await newOrg('agent-traffic-other');
    const r = await createProfile(org.account, reachly('R'));
    const foreign = await createProfile(other.account, reachly('Foreign'));
    const post = (json: unknown): RequestOptions => ({ json });
    for (const body of [
      {},
      { reports: [] },
      { reports: [{ profileId: r }] },
      { reports: [{ profileId: r, bytes: 'abc' }] },
      { reports: [{ profileId: r, bytes: '1.5' }] },
      { reports: [{ profileId: r, bytes: '-1' }] },
      { reports: [{ profileId: r, bytes: 12 }] },
      { reports: [{ profileId: r, bytes: (2n ** 62n).toString() }] },
      { reports: [{ profileId: 'x', bytes: '1' }] },
    ]) {
      await expectRefused(org.account, 'POST', '/api/agent/traffic', post(body), 400);
    }
    const res = await expectRefused(
      org.account,
      'POST',
      '/api/agent/traffic',
      post({
        reports: [
          { profileId: r, bytes: '1000' },
          { profileId: foreign, bytes: '1000' },
        ],
      }),
      404,
    );
    expect(res.body).toMatchObject({
      error: {
        code: 'NOT_FOUND',
        message: `Profile ${foreign} not found.`,
        details: { profileIds: [foreign] },
      },
    });
    await expectRefused(
      org.account,
      'POST',
      '/api/agent/traffic',
      { raw: 'reports', headers: { 'content-type': 'text/plain' } },
      415,
    );
  });
});

describe('traffic ended', () => {
  it('holds back REACHLY profiles (nothing lost) while manual ones work, until a grant', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg('agent-ended');
    const r = await createProfile(org.account, reachly('R'));
    const m = await createProfile(org.account, manual('M'));
    await seedLeads(server, org.account.organizationId, org.collectionId, 6);
    await runningCampaign(org, 'Ended', [r, m]);
    const network = new RecordingNetwork();
    const reachlyExecutor = new ScriptedExecutor(org.account.api, r, network);
    const manualExecutor = new ScriptedExecutor(org.account.api, m, network);

    // R holds a claim when the traffic runs out; it never reports.
    const held = await reachlyExecutor.claim();
    expect(held.task?.action).toBe('friendRequest');
    const limit = BigInt((await trafficOf(org.account)).trafficLimit);
    const ended = await reportTraffic(org.account, [{ profileId: r, bytes: (limit + TWO_53).toString() }]);
    expect(BigInt(ended.remainingTraffic)).toBeLessThan(0n);
    const pendingBefore = await db()('campaign_tasks')
      .where({ profile_id: r, status: 'pending' })
      .count({ n: '*' });

    // The lease lapses; R is told to wait, M gets its work.
    clock.advance({ seconds: 301 });
    const refused = await reachlyExecutor.claim();
    expect(refused).toEqual({
      task: null,
      reason: 'traffic-ended',
      retryAfterSeconds: 60,
      pausedUntil: null,
    });
    expect((await manualExecutor.step()).task?.profileId).toBe(m);
    expect(
      await db()('campaign_tasks').where({ profile_id: r, status: 'pending' }).count({ n: '*' }),
    ).toEqual(pendingBefore);
    const profiles = await agentProfiles(org.account);
    expect(profiles.traffic.remainingTraffic).toBe(ended.remainingTraffic);

    // A grant refills the allowance: the lapsed claim comes back with recheck, then the rest flows.
    const pushed = nextEvent(org.socket, 'PROXY_TRAFFIC_UPDATE');
    const grant = await admin.post('/api/admin/traffic', {
      json: { email: org.account.email, bytes: (TWO_53 * 2n).toString(), mode: 'add' },
    });
    expect(grant.status, grant.text).toBe(200);
    expect(BigInt((await pushed).remainingTraffic)).toBeGreaterThan(0n);
    const resumed = await reachlyExecutor.claim();
    expect(resumed.task?.id).toBe(held.task?.id);
    expect(resumed.task?.recheck).toBe(true);
  });
});

describe('POST /api/agent/launch-failed', () => {
  it('writes a LAUNCH_FAILED row in each running campaign of the profile, pushed with a notice', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg('agent-launch');
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
    expect((await logsOf(one)).filter((l) => l.type === 'LAUNCH_FAILED')).toEqual([
      { type: 'LAUNCH_FAILED', profile_id: p, message },
    ]);
    expect((await logsOf(paused)).filter((l) => l.type === 'LAUNCH_FAILED')).toEqual([]);

    // The campaign's log shows it to the page.
    const logs = await org.account.call(contract.campaigns.logs, {
      params: { id: two },
      query: { lastId: -1, limit: 10 },
    });
    expect(logs.logs[0]).toMatchObject({ type: 'LAUNCH_FAILED', message });
  });

  it('refuses bad bodies and profiles of another organisation, writing nothing', async () => {
    const org = await newOrg('agent-launch-bad');
    const other = await newOrg('agent-launch-other');
    const p = await createProfile(org.account, manual('Mine'));
    await runningCampaign(org, 'Mine', [p]);
    const foreign = await createProfile(other.account, manual('Theirs'));
    await runningCampaign(other, 'Theirs', [foreign]);
    for (const json of [
      {},
      { profileId: p },
      { profileId: p, message: '   ' },
      { profileId: p, message: 'x'.repeat(2001) },
      { profileId: -1, message: 'x' },
    ]) {
      await expectRefused(org.account, 'POST', '/api/agent/launch-failed', { json }, 400);
    }
    await expectRefused(
      org.account,
      'POST',
      '/api/agent/launch-failed',
      { json: { profileId: foreign, message: 'x' } },
      404,
    );
    await expectRefused(
      org.account,
      'POST',
      '/api/agent/launch-failed',
      { json: { profileId: 2_000_000_000, message: 'x' } },
      404,
    );
  });
});

describe('cookies', () => {
  const cookie = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    value: `value-of-${name}`,
    domain: '.network.example',
    ...extra,
  });

  it('round trip: stored sealed, pending, fetched, a stale acknowledgement refused, imported once', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg('agent-cookies');
    const p = await createProfile(org.account, manual('Cookie jar'));
    const campaign = await runningCampaign(org, 'Cookies', [p]);

    const first = await org.account.api.request('PUT', `/api/profiles/${p}/cookies`, {
      json: {
        cookies: [
          cookie('c_user', { expirationDate: 1893456000, secure: true, sameSite: 'no_restriction' }),
          cookie('xs', { httpOnly: true }),
        ],
      },
    });
    expect(first.status, first.text).toBe(200);
    const firstState = profileCookiesStateSchema.parse(first.body);
    expect(firstState).toEqual({ profileId: p, count: 2, pendingCookiesAt: expect.any(String) });
    const stored = await db()('profile_cookies').where({ profile_id: p }).first();
    expect(stored.cookies_encrypted).not.toContain('value-of');
    expect((await agentProfiles(org.account)).profiles[0]?.pendingCookiesAt).toBe(
      firstState.pendingCookiesAt,
    );

    const fetched = await org.account.api.get(`/api/agent/profiles/${p}/cookies`);
    expect(fetched.status).toBe(200);
    expect(agentCookiesResponseSchema.parse(fetched.body)).toEqual({
      cookies: [
        {
          ...cookie('c_user'),
          path: '/',
          expirationDate: 1893456000,
          httpOnly: false,
          secure: true,
          sameSite: 'no_restriction',
        },
        { ...cookie('xs'), path: '/', httpOnly: true, secure: false },
      ],
      storedAt: firstState.pendingCookiesAt,
    });

    // A newer set arrives (the same instant on the engine's clock): it gets a later version.
    const second = await org.account.api.request('PUT', `/api/profiles/${p}/cookies`, {
      json: { cookies: [cookie('a'), cookie('b'), cookie('c')] },
    });
    const secondState = profileCookiesStateSchema.parse(second.body);
    expect(secondState.count).toBe(3);
    expect(Date.parse(secondState.pendingCookiesAt ?? '')).toBeGreaterThan(
      Date.parse(firstState.pendingCookiesAt ?? ''),
    );
    const stale = await expectRefused(
      org.account,
      'POST',
      `/api/agent/profiles/${p}/cookies-imported`,
      { json: { storedAt: firstState.pendingCookiesAt, imported: 2 } },
      409,
    );
    expect((stale.body as { error: { code: string } }).error.code).toBe('CONFLICT');

    const rows = collect(org.socket, 'campaign-log-created');
    const ok = await org.account.api.post(`/api/agent/profiles/${p}/cookies-imported`, {
      json: { storedAt: secondState.pendingCookiesAt, imported: 3 },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    await expect.poll(() => rows.length).toBe(1);
    expect(rows[0]).toMatchObject({
      campaignId: campaign,
      profileId: p,
      type: 'COOKIES',
      message: 'Imported 3 cookies',
    });
    expect((await logsOf(campaign)).filter((l) => l.type === 'COOKIES')).toEqual([
      { type: 'COOKIES', profile_id: p, message: 'Imported 3 cookies' },
    ]);
    expect((await agentProfiles(org.account)).profiles[0]?.pendingCookiesAt).toBeNull();

    // The same acknowledgement again (a retry) changes nothing; the set can still be read.
    const before = await writeSignature(db());
    const again = await org.account.api.post(`/api/agent/profiles/${p}/cookies-imported`, {
      json: { storedAt: secondState.pendingCookiesAt, imported: 3 },
    });
    expect(again.status).toBe(200);
    expect(await writeSignature(db())).toBe(before);
    const reread = agentCookiesResponseSchema.parse(
      (await org.account.api.get(`/api/agent/profiles/${p}/cookies`)).body,
    );
    expect(reread.cookies.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });

  it('answers 404 with no cookies stored, and refuses bad bodies writing nothing', async () => {
    const org = await newOrg('agent-cookies-bad');
    const p = await createProfile(org.account, noProxy('Empty jar'));
    expect((await org.account.api.get(`/api/agent/profiles/${p}/cookies`)).status).toBe(404);
    await expectRefused(
      org.account,
      'POST',
      `/api/agent/profiles/${p}/cookies-imported`,
      { json: { storedAt: '2026-06-01T09:30:00.000Z', imported: 1 } },
      404,
    );
    const put = (json: unknown): RequestOptions => ({ json });
    for (const body of [
      {},
      { cookies: [] },
      { cookies: [{ name: '', value: 'x', domain: '.x' }] },
      { cookies: [{ name: 'a', value: 'x' }] },
      { cookies: [{ name: 'a', value: 'x', domain: '.x', expirationDate: -5 }] },
      { cookies: [{ name: 'a', value: 'x', domain: '.x', sameSite: 'sometimes' }] },
      { cookies: Array.from({ length: 501 }, (_, i) => cookie(`c${i}`)) },
    ]) {
      await expectRefused(org.account, 'PUT', `/api/profiles/${p}/cookies`, put(body), 400);
    }
    await expectRefused(
      org.account,
      'PUT',
      `/api/profiles/abc/cookies`,
      put({ cookies: [cookie('a')] }),
      400,
    );
    // Over the body limit (512 KB).
    const big = Array.from({ length: 200 }, (_, i) => cookie(`big${i}`, { value: 'v'.repeat(4000) }));
    await expectRefused(org.account, 'PUT', `/api/profiles/${p}/cookies`, put({ cookies: big }), 413);
    for (const json of [
      {},
      { storedAt: 'yesterday', imported: 1 },
      { storedAt: '2026-06-01T09:30:00Z', imported: -1 },
    ]) {
      await expectRefused(org.account, 'POST', `/api/agent/profiles/${p}/cookies-imported`, { json }, 400);
    }
  });
});

describe("another organisation's profiles", () => {
  it('answer 404 on every agent route, write nothing and never show up', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const owner = await newOrg('agent-owner');
    const stranger = await newOrg('agent-stranger');
    const p = await createProfile(owner.account, manual('Owner-only profile'));
    await runningCampaign(owner, 'Owner campaign', [p]);
    const put = await owner.account.api.request('PUT', `/api/profiles/${p}/cookies`, {
      json: { cookies: [{ name: 'c_user', value: 'owner-secret', domain: '.network.example' }] },
    });
    const { pendingCookiesAt } = profileCookiesStateSchema.parse(put.body);

    const requests: [string, string, RequestOptions][] = [
      ['POST', '/api/agent/traffic', { json: { reports: [{ profileId: p, bytes: '1' }] } }],
      ['POST', '/api/agent/launch-failed', { json: { profileId: p, message: 'x' } }],
      ['PUT', `/api/profiles/${p}/cookies`, { json: { cookies: [{ name: 'a', value: 'b', domain: '.x' }] } }],
      ['GET', `/api/agent/profiles/${p}/cookies`, {}],
      [
        'POST',
        `/api/agent/profiles/${p}/cookies-imported`,
        { json: { storedAt: pendingCookiesAt, imported: 1 } },
      ],
    ];
    for (const [method, path, options] of requests) {
      const res = await expectRefused(stranger.account, method, path, options, 404);
      expect(res.text).not.toContain('owner-secret');
    }
    const list = await agentProfiles(stranger.account);
    expect(list.profiles).toEqual([]);
    expect((await agentProfiles(owner.account)).profiles.map((x) => x.name)).toEqual(['Owner-only profile']);
  });
});
