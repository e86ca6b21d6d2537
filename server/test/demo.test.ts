import { randomBytes } from 'node:crypto';
import { type ApiClient, contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceOf } from '../src/demo/index.ts';
import { ManualClock } from '../src/engine/index.ts';
import { HttpClient } from './helpers/http-client.ts';
import {
  callAs,
  countRows,
  createCollection,
  registerAccount,
  startTestServer,
  type TestServer,
} from './helpers/test-server.ts';

const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
// Starting a server on PGlite takes most of a minute on a loaded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({}, { engine: { clock } });
}, 180_000);
afterAll(() => server?.close());

const visitor = () => randomBytes(16).toString('hex');

/** A demo session: `call`, the typed client as the demo user; `api`, raw for a body off the contract. */
async function demoSession(visitorId: string) {
  const session = await server.call(contract.demo.session, { body: { visitorId } });
  const headers = { authorization: session.accessToken };
  return { ...session, api: new HttpClient(server.url, headers), call: callAs(server.url, headers) };
}

const demo = () => demoServiceOf(server.running.ctx);

async function statusCounts(call: ApiClient['call']): Promise<Record<string, number>> {
  const res = await call(contract.conversations.list); // no status: every column grouped, with the counts
  if ('hasMore' in res) throw new Error('not the grouped board');
  return res.statusCounts;
}

/** Waits for the fire-and-forget "last seen" write of a demo user's request. */
async function lastSeen(organizationId: number): Promise<number> {
  const row = await server.database.db('demo_sessions').where({ organization_id: organizationId }).first();
  return new Date(row.last_seen_at).getTime();
}

describe('POST /api/demo/session', () => {
  it('signs a visitor into a demo organisation seeded with the sample data', async () => {
    const session = await demoSession(visitor());
    expect(session.accessToken).toMatch(/^demo_[0-9a-f]{64}$/);
    expect(new Date(session.resetsAt).getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    const { call } = session;

    const user = await call(contract.user.get);
    expect(user.email).toBe('demo@reachly.example');
    expect(user.data.email).toBe('demo@reachly.example');
    expect(user.license.isTrial).toBe(true);

    const collections = await call(contract.collections.list);
    expect(collections.map((c) => c.name).sort()).toEqual([
      'Austin realtors',
      'SaaS founders',
      'Wedding photographers',
      'Yoga studio owners',
    ]);
    expect(await countRows(server, 'leads', { organization_id: session.organizationId })).toBe(120);

    expect(await statusCounts(call)).toEqual({
      sent: 12,
      replied: 9,
      qualified: 7,
      interested: 6,
      'call-to-action-sent': 5,
      booked: 4,
      'website-link-sent': 4,
      'contact-later': 5,
      'not-interested': 5,
      unqualified: 3,
    });

    const profiles = await call(contract.profiles.list, { query: { limit: 100 } });
    expect(profiles.total).toBe(8);
    const names = profiles.profiles.map((p) => p.name);
    expect(names).toContain('Emma Carter');
    expect(names).toContain('Noah Fischer');
    expect(profiles.profiles.find((p) => p.name === 'Sofia Ramirez')?.hasProxyPassword).toBe(true);

    const campaigns = await call(contract.campaigns.list);
    expect(campaigns.map((c) => c.status).sort()).toEqual(['draft', 'paused', 'running']);
    const running = campaigns.find((c) => c.status === 'running');
    if (!running) throw new Error('no running campaign');
    const params = { id: running.id };
    const logs = await call(contract.campaigns.logs, { params, query: { limit: 100 } });
    const types = new Set(logs.logs.map((l) => l.type));
    expect(types).toContain('SENT_FRIEND_REQUEST');
    expect(types).toContain('RESTRICTION');
    const stats = await call(contract.campaigns.stats, { params });
    expect(stats.byStep.find((s) => s.stepKey === 'friendRequest')?.count).toBeGreaterThan(10);
    const funnel = await call(contract.campaigns.funnel, { params });
    expect(funnel.totals.requests).toBeGreaterThan(10);
    expect(funnel.totals.accepted).toBeGreaterThan(0);
    expect(funnel.totals.replies).toBeGreaterThan(0);
  });

  it('keeps one demo organisation per visitor', async () => {
    const id = visitor();
    const first = await demoSession(id);
    const again = await demoSession(id);
    expect(again.organizationId).toBe(first.organizationId);
    expect(again.accessToken).toBe(first.accessToken);
    const other = await demoSession(visitor());
    expect(other.organizationId).not.toBe(first.organizationId);
    expect(await countRows(server, 'demo_sessions', { organization_id: first.organizationId })).toBe(1);
    // Each visitor's changes are their own.
    const [collection] = await first.call(contract.collections.list);
    if (!collection) throw new Error('no sample collection');
    await first.call(contract.collections.remove, { params: { id: collection.id } });
    expect(await first.call(contract.collections.list)).toHaveLength(3);
    expect(await other.call(contract.collections.list)).toHaveLength(4);
  });

  it('refuses a visitor id that is not random hex', async () => {
    await expect(server.call(contract.demo.session, { body: { visitorId: 'me' } })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('the demo timers (on the server clock)', () => {
  it('puts the sample data back every 30 minutes of its life, same organisation and token', async () => {
    const id = visitor();
    const session = await demoSession(id);
    const query = { status: 'sent', limit: 1 }; // (the query type names only the fields both forms share)
    const sent = await session.call(contract.conversations.list, { query });
    if (!('hasMore' in sent)) throw new Error('not a column of the board');
    const card = sent.conversations[0];
    await server.database.db('conversations').where({ id: card?.id }).update({ status: 'booked' });
    await server.database.db('collections').where({ organization_id: session.organizationId }).delete();
    expect((await statusCounts(session.call)).sent ?? 0).toBe(0);

    clock.advance({ minutes: 29 });
    expect((await demo().sweep()).reset).toBe(0);
    clock.advance({ minutes: 1 });
    const swept = await demo().sweep();
    expect(swept.reset).toBeGreaterThanOrEqual(1);
    expect((await statusCounts(session.call)).sent).toBe(12);
    expect(await session.call(contract.collections.list)).toHaveLength(4);
    const again = await demoSession(id);
    expect(again.organizationId).toBe(session.organizationId);
  });

  it('deletes a demo organisation after 2 hours without a request, and not before', async () => {
    const session = await demoSession(visitor());
    clock.advance({ minutes: 90 });
    await session.call(contract.collections.list); // a request of the demo user: it touches last seen
    const touchedAt = clock.now().getTime();
    await expect.poll(() => lastSeen(session.organizationId)).toBe(touchedAt);
    clock.advance({ minutes: 90 });
    await demo().sweep();
    expect(await countRows(server, 'organizations', { id: session.organizationId })).toBe(1);

    clock.advance({ minutes: 31 });
    const swept = await demo().sweep();
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await countRows(server, 'organizations', { id: session.organizationId })).toBe(0);
    expect(await countRows(server, 'collections', { organization_id: session.organizationId })).toBe(0);
    expect(await countRows(server, 'users', { access_token: session.accessToken })).toBe(0);
    await expect(session.call(contract.user.get)).rejects.toMatchObject({ status: 401 });
  });
});

describe('what a demo user may not do', () => {
  it('cannot change a password, reach the admin, agent or executor API, or buy', async () => {
    const { api, call } = await demoSession(visitor());
    await expect(
      call(contract.user.changePassword, { body: { currentPassword: 'x', newPassword: 'new-password-123' } }),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    // Raw: the demo token with the admin token, and a body not in the contract's form.
    const admin = await api.post(urlOf(contract.admin.grantLicence, {}), {
      json: { email: 'demo@reachly.example', days: 30 },
      headers: { 'x-admin-token': server.config.ADMIN_TOKEN },
    });
    expect(admin.status).toBe(403);
    await expect(call(contract.agent.profiles)).rejects.toMatchObject({ status: 403 });
    await expect(call(contract.executor.claim, { body: { profileId: 1 } })).rejects.toMatchObject({
      status: 403,
    });
    // Buying is paying by the texts of the buy pages: the demo's say that nothing is paid here,
    // with no made-up card number or address.
    const user = await call(contract.user.get);
    const texts = user.paymentTexts.map((p) => p.text);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toContain('not in the demo');
      expect(text).not.toMatch(/\d{4} \d{4}|@/);
    }
  });

  it('cannot sign in with a password', async () => {
    const session = await demoSession(visitor());
    const user = await server.database.db('users').where({ access_token: session.accessToken }).first();
    expect(user.password_hash.startsWith('$argon2')).toBe(false);
  });
});

describe('demo and real accounts', () => {
  it("leave the real account's data and the site's figures untouched", async () => {
    const account = await registerAccount(server, 'real');
    await createCollection(account, 'My leads');
    const counters = await server.database.db('visit_counters').select('*').orderBy('key');
    const before = await account.call(contract.collections.list);

    const session = await demoSession(visitor());
    await session.call(contract.collections.list);
    await session.call(contract.public.summary, { body: { key: 'uniqueVisits' } });
    clock.advance({ minutes: 30 });
    await demo().sweep();
    clock.advance({ hours: 3 });
    await demo().sweep();

    expect(await account.call(contract.collections.list)).toEqual(before);
    expect(await server.database.db('visit_counters').select('*').orderBy('key')).toEqual(counters);
    expect(await countRows(server, 'organizations', { id: account.organizationId })).toBe(1);
  });
});

describe('the rate limit', () => {
  it('counts new demo organisations per address like sign-ups; a known visitor is not counted', async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: '2' }, { engine: { clock } });
    try {
      const post = (visitorId: string) => limited.call(contract.demo.session, { body: { visitorId } });
      const known = visitor();
      // The typed client refuses any status but the contract's 200.
      await post(known);
      await post(visitor());
      await expect(post(visitor())).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      await post(known);
    } finally {
      await limited.close();
    }
  }, 180_000);
});
