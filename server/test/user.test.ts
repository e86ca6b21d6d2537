import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, startTestServer, type TestServer, uniqueEmail } from './helpers/test-server.ts';

let server: TestServer;
const dashboardDir = mkdtempSync(path.join(tmpdir(), 'reachly-dash-'));
mkdirSync(path.join(dashboardDir, 'assets'));
writeFileSync(
  path.join(dashboardDir, 'index.html'),
  '<!doctype html><title>Reachly</title><div id="root"></div>',
);
writeFileSync(path.join(dashboardDir, 'assets', 'app.js'), 'console.log(1)');

beforeAll(async () => {
  server = await startTestServer({
    DASHBOARD_DIR: dashboardDir,
    PAYMENT_ZELLE_TEXT: 'Zelle: billing@company.test',
    PAYMENT_CARD_TEXT: 'Card: 4111 1111 1111 1111',
  });
});
afterAll(() => server?.close());

async function newUser() {
  const { user } = await server.call(contract.auth.register, {
    body: { email: uniqueEmail(), password: 'password1' },
  });
  return { ...user, call: callAs(server.url, { authorization: user.accessToken }) };
}

describe('GET /api/user', () => {
  it('answers the user of spec §3 with the licence, matching the shared schema', async () => {
    const user = await newUser();
    // The typed client parses the answer with the shared schema (and refuses a status other than 200).
    const parsed = await user.call(contract.user.get);
    expect(parsed.isBanned).toBe(false);
    expect(parsed.areProfilesGiven).toBe(false);
    expect(parsed.paymentTexts.map((p) => p.method).sort()).toEqual(['CARD_NUMBER', 'ZELLE']);
    expect(parsed.license.isTrial).toBe(true);
  });

  it('shows areProfilesGiven once the organisation has a profile', async () => {
    const user = await newUser();
    await server.database.db('profiles').insert({ organization_id: user.organizationId, name: 'P1' });
    expect((await user.call(contract.user.get)).areProfilesGiven).toBe(true);
  });
});

describe('GET /api/traffic', () => {
  it('answers limit and used bytes as big-integer strings, and what remains', async () => {
    const user = await newUser();
    // Beyond 2^53: the values must survive as exact integers.
    await server.database
      .db('traffic_allowances')
      .where({ organization_id: user.organizationId })
      .update({ traffic_limit: '9007199254740993000', used_traffic: '1000' });
    expect(await user.call(contract.user.traffic)).toEqual({
      trafficLimit: '9007199254740993000',
      usedTraffic: '1000',
      remainingTraffic: '9007199254740992000',
    });
  });
});

describe('GET /api/globalPrerenderData', () => {
  it('answers {user: null} without a token', async () => {
    expect(await server.call(contract.user.prerender)).toEqual({ user: null });
  });

  it("answers the token's user", async () => {
    const user = await newUser();
    expect((await user.call(contract.user.prerender)).user?.accessToken).toBe(user.accessToken);
  });

  it('answers 401 for a token that does not exist', async () => {
    await expect(
      callAs(server.url, { authorization: 'deadbeef' })(contract.user.prerender),
    ).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('the app around the API', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
    // Routes and methods the contract does not have: the literal URLs are the point.
    for (const [method, p] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/user'],
      ['DELETE', '/api/register'],
    ] as const) {
      const res = await server.client().request<{ error: { code: string } }>(method, p);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('serves the built dashboard at / and for client-side routes, with helmet headers', async () => {
    const root = await server.client().get('/');
    expect(root.status).toBe(200);
    expect(root.text).toContain('<div id="root"></div>');
    expect(root.headers.get('x-content-type-options')).toBe('nosniff');
    expect(root.headers.get('content-security-policy')).toContain("default-src 'self'");
    // A plain-http self-hosted server must not send its page's scripts to https.
    expect(root.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect((await server.client().get('/funnel/board')).text).toContain('<div id="root"></div>');
    expect((await server.client().get('/assets/app.js')).text).toBe('console.log(1)');
  });

  it('never answers with a stack trace', async () => {
    // A body that is not JSON, sent raw.
    const res = await server.client().post(urlOf(contract.auth.register, {}), {
      raw: '\u0000{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/node_modules|\.ts:\d+|at \w+ \(/);
  });
});
