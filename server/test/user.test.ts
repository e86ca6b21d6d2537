import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globalPrerenderDataSchema, trafficSchema, userSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, uniqueEmail } from './helpers/test-server.ts';

let server: TestServer;
const dashboardDir = mkdtempSync(path.join(tmpdir(), 'reachly-dash-'));
mkdirSync(path.join(dashboardDir, 'assets'));
writeFileSync(
  path.join(dashboardDir, 'index.html'),
  '<!doctype html><title>Reachly</title><div id="root"></div>',
);
writeFileSync(path.join(dashboardDir, 'assets', 'app.js'), 'console.log(1)');

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_DIR: dashboardDir });
});
afterAll(() => server?.close());

async function newUser() {
  const res = await server
    .client()
    .post<{ user: { accessToken: string; organizationId: number } }>('/api/register', {
      json: { email: uniqueEmail(), password: 'password1' },
    });
  return res.body.user;
}

describe('GET /api/user', () => {
  it('answers the user of spec §3 with the licence, matching the shared schema', async () => {
    const user = await newUser();
    const res = await server.client().get('/api/user', { headers: { authorization: user.accessToken } });
    expect(res.status).toBe(200);
    const parsed = userSchema.parse(res.body);
    expect(parsed.isBanned).toBe(false);
    expect(parsed.areProfilesGiven).toBe(false);
    expect(parsed.paymentTexts.map((p) => p.method).sort()).toEqual(['CARD_NUMBER', 'ZELLE']);
    expect(parsed.license.isTrial).toBe(true);
  });

  it('shows areProfilesGiven once the organisation has a profile', async () => {
    const user = await newUser();
    await server.database.db('profiles').insert({ organization_id: user.organizationId, name: 'P1' });
    const res = await server.client().get<{ areProfilesGiven: boolean }>('/api/user', {
      headers: { authorization: user.accessToken },
    });
    expect(res.body.areProfilesGiven).toBe(true);
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
    const res = await server.client().get('/api/traffic', { headers: { authorization: user.accessToken } });
    expect(trafficSchema.parse(res.body)).toEqual({
      trafficLimit: '9007199254740993000',
      usedTraffic: '1000',
      remainingTraffic: '9007199254740992000',
    });
  });
});

describe('GET /api/globalPrerenderData', () => {
  it('answers {user: null} without a token', async () => {
    const res = await server.client().get('/api/globalPrerenderData');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it("answers the token's user", async () => {
    const user = await newUser();
    const res = await server
      .client()
      .get('/api/globalPrerenderData', { headers: { authorization: user.accessToken } });
    expect(globalPrerenderDataSchema.parse(res.body).user?.accessToken).toBe(user.accessToken);
  });

  it('answers 401 for a token that does not exist', async () => {
    const res = await server
      .client()
      .get('/api/globalPrerenderData', { headers: { authorization: 'deadbeef' } });
    expect(res.status).toBe(401);
  });
});

describe('the app around the API', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
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
    const res = await server.client().post('/api/register', {
      raw: '\u0000{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/node_modules|\.ts:\d+|at \w+ \(/);
  });
});
