import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { recordFigure } from './helpers/figures.ts';
import { countRows, registerAccount, startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The security suite's own checks: nothing secret in the server's log, the anonymous routes limited
 * per address (429 with Retry-After), the server's counters closed to visitors, private answers never
 * cached, sign-out ending every session and the token, the page's headers and cookie flags, and no
 * server-side fetch a user can point at an address. Its figures join the table the server projects
 * print at the end (helpers/figures-setup.ts).
 */

let server: TestServer;
let log = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  // debug: the most the server ever logs.
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logger: createLogger('debug', sink) });
});
afterAll(async () => {
  await server?.close();
});

describe('the server log', () => {
  it('holds no access token, session cookie, password or proxy password of a whole session', async () => {
    const account = await registerAccount(server, 'logged');
    const proxyPassword = `proxy-secret-${Date.now()}`;
    const browser = server.client();
    expect((await browser.signIn(account.email, account.password)).error).toBeNull();
    const cookie = browser.cookies.get('authjs.session-token');
    expect(cookie).toBeTruthy();

    // By cookie and by token, good and bad calls, a token in the query, a proxy with a password.
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await account.api.get('/api/collections')).status).toBe(200);
    await account.api.get(`/api/user?token=${account.accessToken}&password=${account.password}`);
    const created = await account.api.post<{ id: number }>('/api/profiles', {
      json: {
        name: 'Logged proxy',
        proxySource: 'MANUAL',
        HTTPProxyAddress: 'http://10.0.0.1:8080',
        proxyLogin: 'bob',
        proxyPassword,
      },
    });
    expect(created.status).toBe(201);
    await account.api.post('/api/profiles', { json: { name: 42, proxyPassword } });
    await server.client().get('/api/user', { headers: { authorization: `Bearer ${account.accessToken}x` } });
    await browser.post('/api/auth/_log', {
      json: { level: 'error', code: 'x', message: 'client log' },
    });
    await server.client().signIn(account.email, 'wrong password!');
    expect((await browser.signOut()).status).toBe(200);

    const lines = log.split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes('/api/collections'))).toBe(true);
    const secrets = [account.accessToken, cookie as string, account.password, proxyPassword];
    const hits = lines.filter((line) => secrets.some((secret) => line.includes(secret)));
    recordFigure('logHits', hits.length);
    recordFigure('logLines', lines.length);
    expect(hits).toEqual([]);
  });
});

describe('anonymous routes', () => {
  it('answer 429 with Retry-After past the per-address limit, each route on its own counter', async () => {
    const limited = await startTestServer(
      { AUTH_RATE_LIMIT: '3', PUBLIC_RATE_LIMIT: '3' },
      { database: server.database },
    );
    try {
      const client = limited.client();
      const routes: [string, () => Promise<{ status: number; headers: Headers; text: string }>][] = [
        ['register', () => client.post('/api/register', { json: { email: 'x', password: 'y' } })],
        ['sign-in', () => client.post('/api/auth/callback/credentials', { form: { email: 'x' } })],
        ['summary', () => client.post('/api/summary', { json: { key: 'uniqueVisits' } })],
        ['emit', () => client.post('/api/emit', { json: { type: 'clientLoaded' } })],
        ['download', () => client.get('/api/downloadApp?os=linux')],
      ];
      let refused = 0;
      for (const [name, call] of routes) {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const res = await call();
          statuses.push(res.status);
          if (res.status === 429) {
            refused += 1;
            expect(Number(res.headers.get('retry-after')), name).toBeGreaterThan(0);
            expect(JSON.parse(res.text).error.code, name).toBe('TOO_MANY_REQUESTS');
          }
        }
        expect(statuses.slice(0, 3), name).not.toContain(429);
        expect(statuses.slice(3), name).toEqual([429, 429]);
      }
      recordFigure('limited429', refused);
      recordFigure('anonymousRoutes', routes.length);
    } finally {
      await limited.close();
    }
  });

  it("never raise the server's own counters, and count a visitor once a day", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const count = async (key: string) =>
      Number(
        (await server.database.db('visit_counters').where({ key }).whereRaw('day = ?::date', [day]).first())
          ?.count ?? 0,
      );
    const keys = ['purchasedTotal', 'purchasedFirstTime', 'startedTrial', 'singedUp'];
    const before = await Promise.all(keys.map(count));
    const visitor = server.client();
    for (let i = 0; i < 50; i += 1) {
      for (const key of keys) {
        expect((await visitor.post('/api/summary', { json: { key } })).status).toBe(403);
      }
    }
    const after = await Promise.all(keys.map(count));
    recordFigure(
      'counterRaises',
      after.reduce((sum, n, i) => sum + n - (before[i] ?? 0), 0),
    );
    expect(after).toEqual(before);

    const agent = { 'user-agent': `once-a-day-${Date.now()}` };
    const visits = await count('uniqueVisits');
    const events = await countRows(server, 'client_events', { type: 'firstVisitClient' });
    for (let i = 0; i < 50; i += 1) {
      expect(
        (await visitor.post('/api/summary', { json: { key: 'uniqueVisits' }, headers: agent })).status,
      ).toBe(200);
      await visitor.post('/api/emit', { json: { type: 'firstVisitClient' }, headers: agent });
    }
    expect(await count('uniqueVisits')).toBe(visits + 1);
    expect(await countRows(server, 'client_events', { type: 'firstVisitClient' })).toBe(events + 1);
    // An event type the page never sends is refused, not stored.
    const unknown = await visitor.post('/api/emit', { json: { type: 'purchasedTotal' } });
    expect(unknown.status).toBe(400);
  });
});

describe('sessions', () => {
  it('mark every API answer no-store', async () => {
    const account = await registerAccount(server, 'nostore');
    for (const path of [
      '/api/user',
      '/api/collections',
      '/api/profiles',
      '/api/campaigns',
      '/api/nothing-here',
    ]) {
      const res = await account.api.get(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('end at sign-out everywhere: the old cookie and the old access token answer 401', async () => {
    const account = await registerAccount(server, 'signout');
    const browser = server.client();
    expect((await browser.signIn(account.email, account.password)).error).toBeNull();
    const other = server.client();
    expect((await other.signIn(account.email, account.password)).error).toBeNull();
    const stolen = browser.cookies.get('authjs.session-token') as string;
    expect((await browser.get('/api/user')).status).toBe(200);

    expect((await browser.signOut()).status).toBe(200);
    const replay = server.client();
    replay.cookies.set('authjs.session-token', stolen);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await replay.get('/api/auth/session')).body).toBeNull();
    // The other browser's session and the old token end too.
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await account.api.get('/api/user')).status).toBe(401);

    // A new sign-in works and carries a new token.
    const again = server.client();
    expect((await again.signIn(account.email, account.password)).error).toBeNull();
    const session = await again.get<{ accessToken: string }>('/api/auth/session');
    expect(session.body.accessToken).toMatch(/^[0-9a-f]{64}$/);
    expect(session.body.accessToken).not.toBe(account.accessToken);
    expect((await again.get('/api/user')).status).toBe(200);
  });

  it('end at a password change everywhere, and only with the right current password', async () => {
    const account = await registerAccount(server, 'newpass');
    const browser = server.client();
    expect((await browser.signIn(account.email, account.password)).error).toBeNull();
    const before = (await server.database.db('users').where({ email: account.email }).first('password_hash'))
      .password_hash as string;

    // Bad bodies and a wrong current password: 400, nothing changes, every session goes on.
    for (const json of [
      {},
      { currentPassword: account.password },
      { currentPassword: account.password, newPassword: 'short' },
      { currentPassword: account.password, newPassword: account.password },
      { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' },
    ]) {
      const res = await browser.post('/api/user/password', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(
      (await server.database.db('users').where({ email: account.email }).first('password_hash'))
        .password_hash,
    ).toBe(before);
    expect((await account.api.get('/api/user')).status).toBe(200);

    const changed = await browser.post('/api/user/password', {
      json: { currentPassword: account.password, newPassword: 'a-new-password-1' },
    });
    expect(changed.status).toBe(200);
    // This browser, the token (desktop app, extension) and the old password are all out.
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await account.api.get('/api/user')).status).toBe(401);
    expect((await server.client().signIn(account.email, account.password)).error).not.toBeNull();
    const again = server.client();
    expect((await again.signIn(account.email, 'a-new-password-1')).error).toBeNull();
    expect((await again.get('/api/user')).status).toBe(200);
  });
});

describe('headers', () => {
  it('send a CSP without inline script, and HSTS only over HTTPS', async () => {
    const page = await server.client().get('/collections');
    const csp = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Behind a TLS proxy on this machine (X-Forwarded-Proto from loopback is trusted).
    const secure = await server.client().get('/collections', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });

  it('set the session cookie HttpOnly and SameSite=Lax, and Secure behind HTTPS', async () => {
    const account = await registerAccount(server, 'cookies');
    const { body } = await server.client().get<{ csrfToken: string }>('/api/auth/csrf');
    expect(body.csrfToken).toBeTruthy();
    const plain = server.client();
    const res = await plain.signIn(account.email, account.password);
    const cookies = res.headers.getSetCookie().filter((c) => c.includes('session-token='));
    expect(cookies.length).toBe(1);
    expect(cookies[0]).toMatch(/HttpOnly/i);
    expect(cookies[0]).toMatch(/SameSite=Lax/i);
    expect(cookies[0]).not.toMatch(/;\s*Secure/i);

    const tls = server.client();
    const csrf = await tls.get<{ csrfToken: string }>('/api/auth/csrf', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    const signIn = await tls.post('/api/auth/callback/credentials', {
      form: {
        email: account.email,
        password: account.password,
        csrfToken: csrf.body.csrfToken,
        json: 'true',
      },
      headers: { 'X-Auth-Return-Redirect': '1', 'x-forwarded-proto': 'https' },
    });
    const secure = signIn.headers.getSetCookie().filter((c) => c.includes('session-token='));
    expect(secure.length).toBe(1);
    expect(secure[0]).toMatch(/^__Secure-authjs\.session-token=/);
    expect(secure[0]).toMatch(/;\s*Secure/i);
    expect(secure[0]).toMatch(/HttpOnly/i);
  });
});

describe('server-side requests', () => {
  it('go only to addresses the operator configures, never to one a user supplies', () => {
    // Every outgoing call of the server's code, each with the configuration that names its address.
    // A user's proxy is used by the desktop agent on the user's own machine (its time-zone lookup
    // included), never fetched by the server.
    const allowed: Record<string, string> = {
      'admin/cli.ts': 'ADMIN_URL (the operator’s command line)',
    };
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
    const outgoing = /\bfetch\(|https?\.request\(|https?\.get\(|net\.connect\(|new WebSocket\(|axios|undici/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (name.endsWith('.ts') && outgoing.test(readFileSync(file, 'utf8'))) {
          found.push(path.relative(src, file).split(path.sep).join('/'));
        }
      }
    };
    walk(src);
    // The AI provider calls AI_BASE_URL, an operator's setting read from the environment only.
    const unexpected = found.filter((file) => !allowed[file] && !file.startsWith('ai/'));
    recordFigure('ssrfCallSites', unexpected.length);
    expect(unexpected).toEqual([]);
    for (const file of found.filter((f) => f.startsWith('ai/'))) {
      expect(readFileSync(path.join(src, file), 'utf8'), file).not.toMatch(/req\.body|req\.query/);
    }
  });
});
