import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  expectRefused,
  expectRejected,
  registerAccount,
  startTestServer,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * POST /api/summary, the anonymous visit counters (issue 19): once per visitor, key and day; only
 * the visit keys; the purchase counters written by the server when a licence is bought; a limit per
 * address.
 */
let server: TestServer;
const LIMIT = 40;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_RATE_LIMIT: String(LIMIT) });
});
afterAll(() => server?.close());

const today = () => new Date().toISOString().slice(0, 10);
async function counter(key: string): Promise<number> {
  const row = await server.database
    .db('visit_counters')
    .where({ key })
    .whereRaw('day = ?::date', [today()])
    .first();
  return Number(row?.count ?? 0);
}

describe('POST /api/summary', () => {
  it('counts each key at most once per visitor and day, whatever the visitor repeats', async () => {
    const visits = await counter('uniqueVisits');
    const newVisits = await counter('uniqueNewVisits');
    const visitor = callAs(server.url, { 'user-agent': `repeat-visitor-${Date.now()}` });
    for (let i = 0; i < 5; i += 1) {
      await visitor(contract.public.summary, { body: { key: 'uniqueVisits' } });
      await visitor(contract.public.summary, { body: { key: 'uniqueNewVisits' } });
    }
    expect(await counter('uniqueVisits')).toBe(visits + 1);
    expect(await counter('uniqueNewVisits')).toBe(newVisits + 1);
  });

  it.each(['purchasedTotal', 'purchasedFirstTime', 'startedTrial', 'singedUp'] as const)(
    'never lets a visitor write %s (403, nothing written)',
    async (key) => {
      await expectRefused(server, key, () => server.call(contract.public.summary, { body: { key } }), 403);
    },
  );

  it.each([
    ['an unknown key', { key: 'pageViews' }],
    ['no key', {}],
    ['a key of the wrong type', { key: 7 }],
  ])('refuses %s with 400 and writes nothing', async (label, json) => {
    await expectRejected(server, label, () => server.client().post('/api/summary', { json }), 400);
  });

  it('counts a purchase when the server grants a paid licence: the first once, every one in the total', async () => {
    const account = await registerAccount(server, 'buyer');
    const total = await counter('purchasedTotal');
    const first = await counter('purchasedFirstTime');
    const admin = callAs(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
    const grant = (isTrial: boolean) =>
      admin(contract.admin.grantLicence, {
        body: { email: account.email, plan: 'pro', licenseTill: '2030-01-01T00:00:00.000Z', isTrial },
      });
    await grant(true);
    expect([await counter('purchasedTotal'), await counter('purchasedFirstTime')]).toEqual([total, first]);
    await grant(false);
    await grant(false);
    expect([await counter('purchasedTotal'), await counter('purchasedFirstTime')]).toEqual([
      total + 2,
      first + 1,
    ]);
  });

  it(`answers 429 after ${LIMIT} calls a minute from one address, with Retry-After`, async () => {
    // Every test of this file shares 127.0.0.1: keep calling until the limit is reached.
    const client = server.client();
    let refused: Awaited<ReturnType<typeof client.post>> | undefined;
    for (let i = 0; i <= LIMIT && !refused; i += 1) {
      const res = await client.post('/api/summary', {
        json: { key: 'uniqueVisits' },
        headers: { 'user-agent': `limit-${i}` },
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
