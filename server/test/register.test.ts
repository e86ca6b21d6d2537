import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../src/db/knex.ts';
import { startTestServer, type TestServer, uniqueEmail } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface ErrorBody {
  error: { code: string; message: string; details?: { path: string[]; message: string }[] };
}

/** Row counts of every table a sign-up writes to. */
async function counts() {
  const db = server.database.db;
  const tables = [
    'users',
    'organizations',
    'organization_members',
    'licences',
    'traffic_allowances',
    'visit_counters',
  ];
  const entries = await Promise.all(
    tables.map(async (t) => [t, toCount((await db(t).count({ n: '*' }))[0]?.n)] as const),
  );
  return Object.fromEntries(entries);
}

describe('POST /api/register', () => {
  it('creates a user, an organisation, a 7-day trial licence and a trial traffic allowance', async () => {
    const email = uniqueEmail('new');
    const before = Date.now();
    const res = await server.client().post<{
      user: { email: string; accessToken: string; organizationId: number; license: Record<string, unknown> };
    }>('/api/register', {
      json: { email: email.toUpperCase(), password: 'password1', affiliateToken: 'aff-1' },
    });
    expect(res.status).toBe(201);
    const { user } = res.body;
    expect(user.email).toBe(email);
    expect(user.accessToken).toMatch(/^[0-9a-f]{64}$/);
    expect(user.license).toMatchObject({ plan: 'trial', isTrial: true });
    const till = Date.parse(String(user.license.licenseTill));
    const sevenDays = 7 * 24 * 3600 * 1000;
    expect(till).toBeGreaterThanOrEqual(before + sevenDays - 1000);
    expect(till).toBeLessThanOrEqual(Date.now() + sevenDays + 1000);

    const traffic = await server
      .client()
      .get('/api/traffic', { headers: { authorization: user.accessToken } });
    expect(traffic.body).toEqual({
      trafficLimit: '1073741824',
      usedTraffic: '0',
      remainingTraffic: '1073741824',
    });

    const db = server.database.db;
    const row = await db('users').where({ email }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.affiliate_token).toBe('aff-1');
    const membership = await db('organization_members').where({ user_id: row.id }).first();
    expect(membership).toMatchObject({ organization_id: user.organizationId, role: 'owner' });
  });

  it('joins the organisation an organizationToken names, without a second licence', async () => {
    const owner = await server.client().post<{ user: { organizationId: number } }>('/api/register', {
      json: { email: uniqueEmail('owner'), password: 'password1' },
    });
    const org = await server.database
      .db('organizations')
      .where({ id: owner.body.user.organizationId })
      .first();
    const before = await counts();
    const res = await server.client().post<{ user: { organizationId: number } }>('/api/register', {
      json: { email: uniqueEmail('member'), password: 'password1', organizationToken: org.invite_token },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.organizationId).toBe(owner.body.user.organizationId);
    const after = await counts();
    expect(after.organizations).toBe(before.organizations);
    expect(after.licences).toBe(before.licences);
    expect(after.users).toBe(Number(before.users) + 1);
  });

  it('counts singedUp and startedTrial visits for the day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const read = async (key: string) =>
      toCount(
        (await server.database.db('visit_counters').where({ key }).whereRaw('day = ?::date', [day]).first())
          ?.count,
      );
    const [signedUp, trials] = [await read('singedUp'), await read('startedTrial')];
    await server.client().post('/api/register', { json: { email: uniqueEmail(), password: 'password1' } });
    expect(await read('singedUp')).toBe(signedUp + 1);
    expect(await read('startedTrial')).toBe(trials + 1);
  });

  const bad: [string, unknown, number, string][] = [
    ['an invalid email', { email: 'not-an-email', password: 'password1' }, 400, 'email'],
    ['a password under 8 characters', { email: 'short@example.com', password: 'seven77' }, 400, 'password'],
    ['a missing password', { email: 'nopass@example.com' }, 400, 'password'],
    ['a non-string email', { email: 42, password: 'password1' }, 400, 'email'],
    ['an array body', [1, 2], 400, ''],
    [
      'an unknown organizationToken',
      { email: 'x1@example.com', password: 'password1', organizationToken: 'nope' },
      400,
      '',
    ],
  ];
  for (const [what, body, status, field] of bad) {
    it(`rejects ${what} with ${status} and writes nothing`, async () => {
      const before = await counts();
      const res = await server.client().post<ErrorBody>('/api/register', { json: body });
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe('BAD_REQUEST');
      if (field) expect(res.body.error.details?.[0]?.path).toEqual([field]);
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
      expect(await counts()).toEqual(before);
    });
  }

  it('rejects malformed JSON with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await server.client().post<ErrorBody>('/api/register', {
      raw: '{"email": "a@b.c", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The body is not valid JSON.' });
    expect(await counts()).toEqual(before);
  });

  it('rejects a body that is not JSON with 415 and one over 16 kB with 413, writing nothing', async () => {
    const before = await counts();
    const form = await server.client().post<ErrorBody>('/api/register', {
      form: { email: uniqueEmail(), password: 'password1' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await server.client().post<ErrorBody>('/api/register', {
      json: { email: uniqueEmail(), password: 'password1', affiliateToken: 'x'.repeat(20_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const empty = await server.client().post<ErrorBody>('/api/register');
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('rejects a taken email with 409, in any letter case, and writes nothing', async () => {
    const email = uniqueEmail('taken');
    expect(
      (await server.client().post('/api/register', { json: { email, password: 'password1' } })).status,
    ).toBe(201);
    const before = await counts();
    const res = await server.client().post<ErrorBody>('/api/register', {
      json: { email: email.toUpperCase(), password: 'another-password' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(await counts()).toEqual(before);
  });

  it('gives one of two simultaneous sign-ups with one email a 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2].map(() => server.client().post('/api/register', { json: { email, password: 'password1' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(toCount((await server.database.db('users').where({ email }).count({ n: '*' }))[0]?.n)).toBe(1);
  });
});

describe('rate limits', () => {
  // Starts a server of its own (with a low limit): its own budget for that start on a loaded machine.
  it('limit sign-ups and sign-ins per address with 429 in the error format', {
    timeout: 300_000,
  }, async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: '2' });
    try {
      const client = limited.client();
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await client.post('/api/register', { json: { email: uniqueEmail(), password: 'password1' } }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
      const signIns = [];
      for (let i = 0; i < 3; i += 1) signIns.push((await client.signIn('a@example.com', 'password1')).status);
      expect(signIns).toEqual([200, 200, 429]);
      const blocked = await client.post<ErrorBody>('/api/register', {
        json: { email: uniqueEmail(), password: 'password1' },
      });
      expect(blocked.body.error.code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });
});
