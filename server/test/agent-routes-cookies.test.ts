import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  agentProfiles,
  createProfile,
  logsOf,
  manual,
  newOrg,
  noProxy,
  runningCampaign,
} from './helpers/agent-routes.ts';
import { startEngineServer } from './helpers/campaign-run.ts';
import { collect, type TestSocket } from './helpers/socket.ts';
import { expectRefused, expectRejected, type TestServer } from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

/**
 * The cookies a page stores for a profile's browser and the desktop agent imports, over real HTTP,
 * a real socket.io client and the test database (shared/src/schemas/agent.ts): sealed at rest,
 * fetched, acknowledged once, refused when stale or bad. 2026-06-01 is a Monday; the engine's clock
 * stands at 09:30 UTC, inside default working hours.
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

describe('cookies', () => {
  const cookie = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    value: `value-of-${name}`,
    domain: '.network.example',
    ...extra,
  });

  it('round trip: stored sealed, pending, fetched, a stale acknowledgement refused, imported once', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await newOrg(server, 'agent-cookies', sockets);
    const p = await createProfile(org.account, manual('Cookie jar'));
    const campaign = await runningCampaign(org, 'Cookies', [p]);

    const params = { id: p };
    const firstState = await org.account.call(contract.profiles.storeCookies, {
      params,
      body: {
        cookies: [
          cookie('c_user', { expirationDate: 1893456000, secure: true, sameSite: 'no_restriction' }),
          cookie('xs', { httpOnly: true }),
        ],
      },
    });
    expect(firstState).toEqual({ profileId: p, count: 2, pendingCookiesAt: expect.any(String) });
    const stored = await db()('profile_cookies').where({ profile_id: p }).first();
    expect(stored.cookies_encrypted).not.toContain('value-of');
    expect((await agentProfiles(org.account)).profiles[0]?.pendingCookiesAt).toBe(
      firstState.pendingCookiesAt,
    );

    const fetched = await org.account.call(contract.agent.cookies, { params });
    expect(fetched).toEqual({
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
    const secondState = await org.account.call(contract.profiles.storeCookies, {
      params,
      body: { cookies: [cookie('a'), cookie('b'), cookie('c')] },
    });
    expect(secondState.count).toBe(3);
    expect(Date.parse(secondState.pendingCookiesAt ?? '')).toBeGreaterThan(
      Date.parse(firstState.pendingCookiesAt ?? ''),
    );
    const imported = (storedAt: string | null, count: number) => () =>
      org.account.call(contract.agent.cookiesImported, {
        params,
        body: { storedAt: storedAt as string, imported: count },
      });
    const stale = await expectRefused(
      server,
      'a stale acknowledgement',
      imported(firstState.pendingCookiesAt, 2),
      409,
    );
    expect(stale.code).toBe('CONFLICT');

    const rows = collect(org.socket, 'campaign-log-created');
    expect(await imported(secondState.pendingCookiesAt, 3)()).toEqual({ ok: true });
    await expect.poll(() => rows.length).toBe(1);
    expect(rows[0]).toMatchObject({
      campaignId: campaign,
      profileId: p,
      type: 'COOKIES',
      message: 'Imported 3 cookies',
    });
    expect((await logsOf(server, campaign)).filter((l) => l.type === 'COOKIES')).toEqual([
      { type: 'COOKIES', profile_id: p, message: 'Imported 3 cookies' },
    ]);
    expect((await agentProfiles(org.account)).profiles[0]?.pendingCookiesAt).toBeNull();

    // The same acknowledgement again (a retry) changes nothing; the set can still be read.
    const before = await writeSignature(db());
    await imported(secondState.pendingCookiesAt, 3)();
    expect(await writeSignature(db())).toBe(before);
    const reread = await org.account.call(contract.agent.cookies, { params });
    expect(reread.cookies.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });

  it('answers 404 with no cookies stored, and refuses bad bodies writing nothing', async () => {
    const org = await newOrg(server, 'agent-cookies-bad', sockets);
    const p = await createProfile(org.account, noProxy('Empty jar'));
    const params = { id: p };
    await expect(org.account.call(contract.agent.cookies, { params })).rejects.toMatchObject({ status: 404 });
    await expectRefused(
      server,
      'nothing to acknowledge',
      () =>
        org.account.call(contract.agent.cookiesImported, {
          params,
          body: { storedAt: '2026-06-01T09:30:00.000Z', imported: 1 },
        }),
      404,
    );
    // Raw: some of these bodies are wrongly typed.
    const put = (json: unknown) => () =>
      org.account.api.request('PUT', urlOf(contract.profiles.storeCookies, { params }), { json });
    for (const body of [
      {},
      { cookies: [] },
      { cookies: [{ name: '', value: 'x', domain: '.x' }] },
      { cookies: [{ name: 'a', value: 'x' }] },
      { cookies: [{ name: 'a', value: 'x', domain: '.x', expirationDate: -5 }] },
      { cookies: [{ name: 'a', value: 'x', domain: '.x', sameSite: 'sometimes' }] },
      { cookies: Array.from({ length: 501 }, (_, i) => cookie(`c${i}`)) },
    ]) {
      await expectRejected(server, JSON.stringify(body).slice(0, 80), put(body), 400);
    }
    const store = (id: number | string, cookies: ReturnType<typeof cookie>[]) => () =>
      org.account.call(contract.profiles.storeCookies, { params: { id }, body: { cookies } });
    await expectRefused(server, 'a bad id', store('abc', [cookie('a')]), 400);
    // Over the body limit (512 KB).
    const big = Array.from({ length: 200 }, (_, i) => cookie(`big${i}`, { value: 'v'.repeat(4000) }));
    await expectRefused(server, 'over the limit', store(p, big), 413);
    for (const json of [
      {},
      { storedAt: 'yesterday', imported: 1 },
      { storedAt: '2026-06-01T09:30:00Z', imported: -1 },
    ]) {
      const post = () => org.account.api.post(urlOf(contract.agent.cookiesImported, { params }), { json });
      await expectRejected(server, JSON.stringify(json), post, 400);
    }
  });
});
