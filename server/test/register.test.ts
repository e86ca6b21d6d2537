import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../src/db/knex.ts';
import { callAs, startTestServer, statusOf, type TestServer, uniqueEmail } from './helpers/test-server.ts';

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

/** The raw requests below send bodies the typed client cannot: wrongly typed, not JSON, or none. */
const registerUrl = urlOf(contract.auth.register, {});

describe('POST /api/register', () => {
  it('creates a user, an organisation, a 7-day trial licence and a trial traffic allowance', async () => {
    const email = uniqueEmail('new');
    const before = Date.now();
    // The typed client refuses any status but the contract's 201.
    const { user } = await server.call(contract.auth.register, {
      body: { email: email.toUpperCase(), password: 'password1', affiliateToken: 'aff-1' },
    });
    expect(user.email).toBe(email);
    expect(user.accessToken).toMatch(/^[0-9a-f]{64}$/);
    expect(user.license).toMatchObject({ plan: 'trial', isTrial: true });
    const till = Date.parse(String(user.license.licenseTill));
    const sevenDays = 7 * 24 * 3600 * 1000;
    expect(till).toBeGreaterThanOrEqual(before + sevenDays - 1000);
    expect(till).toBeLessThanOrEqual(Date.now() + sevenDays + 1000);

    const traffic = await callAs(server.url, { authorization: user.accessToken })(contract.user.traffic);
    expect(traffic).toEqual({
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
    const owner = await server.call(contract.auth.register, {
      body: { email: uniqueEmail('owner'), password: 'password1' },
    });
    const org = await server.database.db('organizations').where({ id: owner.user.organizationId }).first();
    const before = await counts();
    const member = await server.call(contract.auth.register, {
      body: { email: uniqueEmail('member'), password: 'password1', organizationToken: org.invite_token },
    });
    expect(member.user.organizationId).toBe(owner.user.organizationId);
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
    await server.call(contract.auth.register, { body: { email: uniqueEmail(), password: 'password1' } });
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
      // Raw: some of these bodies are wrongly typed, and the answer's text is read for a stack trace.
      const res = await server.client().post<ErrorBody>(registerUrl, { json: body });
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe('BAD_REQUEST');
      if (field) expect(res.body.error.details?.[0]?.path).toEqual([field]);
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
      expect(await counts()).toEqual(before);
    });
  }

  it('rejects malformed JSON with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await server.client().post<ErrorBody>(registerUrl, {
      raw: '{"email": "a@b.c", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The body is not valid JSON.' });
    expect(await counts()).toEqual(before);
  });

  it('rejects a body that is not JSON with 415 and one over 16 kB with 413, writing nothing', async () => {
    const before = await counts();
    const form = await server.client().post<ErrorBody>(registerUrl, {
      form: { email: uniqueEmail(), password: 'password1' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expect(
      server.call(contract.auth.register, {
        body: { email: uniqueEmail(), password: 'password1', affiliateToken: 'x'.repeat(20_000) },
      }),
    ).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const empty = await server.client().post<ErrorBody>(registerUrl);
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('rejects a taken email with 409, in any letter case, and writes nothing', async () => {
    const email = uniqueEmail('taken');
    await server.call(contract.auth.register, { body: { email, password: 'password1' } });
    const before = await counts();
    await expect(
      server.call(contract.auth.register, {
        body: { email: email.toUpperCase(), password: 'another-password' },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await counts()).toEqual(before);
  });

  it('gives one of two simultaneous sign-ups with one email a 409', async () => {
    const email = uniqueEmail('race');
    const statuses = await Promise.all(
      [1, 2].map(() =>
        statusOf(
          contract.auth.register,
          server.call(contract.auth.register, { body: { email, password: 'password1' } }),
        ),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409]);
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
      const register = () =>
        limited.call(contract.auth.register, { body: { email: uniqueEmail(), password: 'password1' } });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push(await statusOf(contract.auth.register, register()));
      expect(statuses).toEqual([201, 201, 429]);
      const signIns = [];
      for (let i = 0; i < 3; i += 1) signIns.push((await client.signIn('a@example.com', 'password1')).status);
      expect(signIns).toEqual([200, 200, 429]);
      await expect(register()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});
