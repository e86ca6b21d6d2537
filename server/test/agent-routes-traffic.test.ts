import { type ApiClient, contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  agentProfiles,
  createProfile,
  manual,
  newOrg,
  noProxy,
  reachly,
  reportTraffic,
  runningCampaign,
  TWO_53,
  trafficOf,
} from './helpers/agent-routes.ts';
import { seedLeads, startEngineServer } from './helpers/campaign-run.ts';
import { RecordingNetwork, ScriptedExecutor } from './helpers/executor.ts';
import { collect, nextEvent, type TestSocket } from './helpers/socket.ts';
import { callAs, expectRefused, expectRejected, type TestServer } from './helpers/test-server.ts';

/**
 * The desktop agent's traffic reports over real HTTP, a real socket.io client and the test database
 * (shared/src/schemas/agent.ts): bytes charged to the allowance, and the engine holding back
 * REACHLY profiles once traffic ended. 2026-06-01 is a Monday; the engine's clock stands at 09:30
 * UTC, inside default working hours.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
let adminCall: ApiClient['call'];
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startEngineServer(clock);
  adminCall = callAs(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const db = () => server.database.db;

describe('POST /api/agent/traffic', () => {
  it('charges the bytes of REACHLY profiles exactly, not those of manual or no proxy, and pushes the rest', async () => {
    const org = await newOrg(server, 'agent-traffic', sockets);
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
    const org = await newOrg(server, 'agent-traffic-max', sockets);
    const r = await createProfile(org.account, reachly('R'));
    const huge = (2n ** 62n - 1n).toString();
    const res = await reportTraffic(
      org.account,
      [1, 2, 3].map(() => ({ profileId: r, bytes: huge })),
    );
    expect(res.usedTraffic).toBe('9223372036854775807');
  });

  it('refuses bad bodies and profiles of another organisation, writing nothing', async () => {
    const org = await newOrg(server, 'agent-traffic-bad', sockets);
    const other = await newOrg(server, 'agent-traffic-other', sockets);
    const r = await createProfile(org.account, reachly('R'));
    const foreign = await createProfile(other.account, reachly('Foreign'));
    // Raw: some of these bodies are wrongly typed.
    const post = (json: unknown) => () => org.account.api.post(urlOf(contract.agent.traffic, {}), { json });
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
      await expectRejected(server, JSON.stringify(body), post(body), 400);
    }
    const error = await expectRefused(
      server,
      'a foreign profile',
      () =>
        reportTraffic(org.account, [
          { profileId: r, bytes: '1000' },
          { profileId: foreign, bytes: '1000' },
        ]),
      404,
    );
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: `Profile ${foreign} not found.`,
      details: { profileIds: [foreign] },
    });
    await expectRejected(
      server,
      'plain text',
      () =>
        org.account.api.post(urlOf(contract.agent.traffic, {}), {
          raw: 'reports',
          headers: { 'content-type': 'text/plain' },
        }),
      415,
    );
  });
});

describe('traffic ended', () => {
  it('holds back REACHLY profiles (nothing lost) while manual ones work, until a grant', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg(server, 'agent-ended', sockets);
    const r = await createProfile(org.account, reachly('R'));
    const m = await createProfile(org.account, manual('M'));
    await seedLeads(server, org.account.organizationId, org.collectionId, 6);
    await runningCampaign(org, 'Ended', [r, m]);
    const network = new RecordingNetwork();
    const reachlyExecutor = new ScriptedExecutor(org.account.call, r, network);
    const manualExecutor = new ScriptedExecutor(org.account.call, m, network);

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
    await adminCall(contract.admin.grantTraffic, {
      body: { email: org.account.email, bytes: (TWO_53 * 2n).toString(), mode: 'add' },
    });
    expect(BigInt((await pushed).remainingTraffic)).toBeGreaterThan(0n);
    const resumed = await reachlyExecutor.claim();
    expect(resumed.task?.id).toBe(held.task?.id);
    expect(resumed.task?.recheck).toBe(true);
  });
});
