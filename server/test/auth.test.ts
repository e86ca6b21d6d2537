import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, startTestServer, type TestServer, uniqueEmail } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const password = 'correct horse battery';

/** The cookie-authenticated routes below are raw requests: the typed client sends no cookie. */
const userUrl = urlOf(contract.user.get, {});

async function registered(email = uniqueEmail()) {
  // The typed client refuses any status but the contract's 201.
  return (await server.call(contract.auth.register, { body: { email, password } })).user;
}

describe('Auth.js endpoints at /api/auth', () => {
  it('lists the credentials provider and gives a csrf token', async () => {
    const client = server.client();
    const providers = await client.get<Record<string, { type: string }>>('/api/auth/providers');
    expect(providers.status).toBe(200);
    expect(providers.body.credentials?.type).toBe('credentials');
    const csrf = await client.get<{ csrfToken: string }>('/api/auth/csrf');
    expect(csrf.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an empty session without a cookie', async () => {
    const res = await server.client().get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('register → sign in → session → /api/user by cookie and by token → update → sign out', async () => {
    const user = await registered();
    const client = server.client();

    const signIn = await client.signIn(user.email, password);
    expect(signIn.status).toBe(200);
    expect(signIn.error).toBeNull();
    expect([...client.cookies.keys()]).toContain('authjs.session-token');

    const session = await client.get<{
      user: { email: string; id: string };
      accessToken: string;
      expires: string;
    }>('/api/auth/session');
    expect(session.body.user.email).toBe(user.email);
    expect(session.body.accessToken).toBe(user.accessToken);
    expect(Date.parse(session.body.expires)).toBeGreaterThan(Date.now());

    const byCookie = await client.get<{ email: string; id: number }>(userUrl);
    expect(byCookie.status).toBe(200);
    expect(byCookie.body).toMatchObject({ id: user.id, email: user.email, data: { email: user.email } });

    const byToken = await callAs(server.url, { authorization: user.accessToken })(contract.user.get);
    expect(byToken.id).toBe(user.id);
    const byBearer = await callAs(server.url, { authorization: `Bearer ${user.accessToken}` })(
      contract.user.get,
    );
    expect(byBearer.id).toBe(user.id);

    // POST session with csrfToken and data updates (refreshes) the session (spec §7).
    const { body: csrf } = await client.get<{ csrfToken: string }>('/api/auth/csrf');
    const updated = await client.post<{ user: { email: string } }>('/api/auth/session', {
      json: { csrfToken: csrf.csrfToken, data: { note: 'x' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user.email).toBe(user.email);

    const signOut = await client.signOut();
    expect(signOut.status).toBe(200);
    expect(signOut.body.url).toBeTypeOf('string');
    expect(client.cookies.has('authjs.session-token')).toBe(false);
    expect((await client.get(userUrl)).status).toBe(401);
    expect((await client.get('/api/auth/session')).body).toBeNull();
  });

  it('refuses a wrong password with CredentialsSignin and no session', async () => {
    const user = await registered();
    const client = server.client();
    const res = await client.signIn(user.email, 'wrong password!');
    expect(res.error).toBe('CredentialsSignin');
    expect(client.cookies.has('authjs.session-token')).toBe(false);
    expect((await client.get(userUrl)).status).toBe(401);
  });

  it('refuses an unknown email like a wrong password', async () => {
    const client = server.client();
    const res = await client.signIn(uniqueEmail('nobody'), password);
    expect(res.error).toBe('CredentialsSignin');
    expect(client.cookies.has('authjs.session-token')).toBe(false);
  });

  it('refuses a sign-in without the csrf token (MissingCSRF)', async () => {
    const user = await registered();
    const client = server.client();
    const res = await client.signIn(user.email, password, { csrf: false });
    expect(res.error).toBe('MissingCSRF');
    expect(client.cookies.has('authjs.session-token')).toBe(false);
  });

  it('accepts client log beacons at /api/auth/_log, form-encoded or JSON', async () => {
    const client = server.client();
    // A beacon is form-encoded: the typed client sends JSON only.
    const form = await client.post(urlOf(contract.auth.log, {}), {
      form: {
        level: 'error',
        code: 'CLIENT_FETCH_ERROR',
        message: '{"url":"/api/auth/session"}',
        client: 'true',
      },
    });
    expect(form.status).toBe(204);
    // The typed client refuses any status but the contract's 204.
    await server.call(contract.auth.log, {
      body: { level: 'warn', code: 'CLIENT_SESSION_ERROR', client: true },
    });
    // A wrongly typed body, sent raw.
    const bad = await client.post<{ error: { code: string } }>(urlOf(contract.auth.log, {}), {
      json: { level: 'shout', code: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
  });
});

describe('banned users', () => {
  it('are refused everywhere with 403, by token, by cookie and at sign-in', async () => {
    const user = await registered();
    const client = server.client();
    expect((await client.signIn(user.email, password)).error).toBeNull();
    await server.database.db('users').where({ id: user.id }).update({ is_banned: true });

    const byToken = callAs(server.url, { authorization: user.accessToken });
    for (const endpoint of [contract.user.get, contract.user.traffic, contract.user.prerender]) {
      await expect(byToken(endpoint), endpoint.path).rejects.toMatchObject({ status: 403, code: 'BANNED' });
      const byCookie = await client.get(urlOf(endpoint, {}));
      expect(byCookie.status, endpoint.path).toBe(403);
    }

    const again = await server.client().signIn(user.email, password);
    expect(again.error).toBe('CredentialsSignin');
    expect(again.url?.searchParams.get('code')).toBe('banned');
  });
});

describe('access tokens', () => {
  it('a token that does not exist answers 401 with the error body', async () => {
    // Raw: the whole error body is compared.
    const res = await server.client().get<{ error: { code: string; message: string } }>(userUrl, {
      headers: { authorization: 'Bearer 0000' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'This access token is not valid.' });
  });

  it('no token and no cookie answers 401 on private routes', async () => {
    for (const endpoint of [contract.user.get, contract.user.traffic]) {
      await expect(server.call(endpoint), endpoint.path).rejects.toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });
});
