import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from './helpers/captured-log.ts';
import { HttpClient } from './helpers/http-client.ts';
import { connectSocket } from './helpers/socket.ts';
import {
  countRows,
  createCollection,
  expectRefused,
  expectRejected,
  inviteAccount,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * API keys (issue 20): `Authorization: Bearer rk_…` authenticates the same routes as a session,
 * within the key's organisation and its scope; a revoked key is refused from the next request, on
 * this server and on a second one on the same database; a key never shows in a list or the log.
 */
let server: TestServer;
let second: TestServer;
const log = capturedLog();
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logger: log.logger });
  second = await startTestServer({}, { database: server.database });
}, 180_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const bearer = (target: TestServer, key: string) =>
  new HttpClient(target.url, { authorization: `Bearer ${key}` });

async function makeKey(owner: TestAccount, scope: 'read' | 'read_write', name = `${scope} key`) {
  return owner.call(contract.team.createApiKey, { body: { name, scope } });
}

/** Waits until both servers have had the database's notification of a change made meanwhile. */
async function everywhere(change: () => Promise<unknown>): Promise<void> {
  const caches = [server, second].map((s) => s.running.ctx.users.identities);
  const before = caches.map((c) => c.received);
  await change();
  await expect
    .poll(() => caches.every((c, i) => c.received > (before[i] as number)), { timeout: 20_000 })
    .toBe(true);
}

describe('an API key', () => {
  it('reads its organisation, is shown once and never again, and notes when it was last used', async () => {
    const owner = await registerAccount(server, 'keys-owner');
    await createCollection(owner, 'Read me by key');
    const { apiKey, key } = await makeKey(owner, 'read', 'CRM sync');
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'CRM sync', scope: 'read', hint: key.slice(-4), lastUsedAt: null });
    expect(apiKey.createdBy).toBe(owner.email);

    const res = await bearer(server, key).get<{ name: string }[]>('/api/collections');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.name)).toEqual(['Read me by key']);

    const listed = await owner.api.get('/api/team/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('CRM sync');
    expect(listed.text).not.toContain(key);
    expect(listed.text).not.toContain(key.slice(3, 20));
    // Only the hash is stored.
    const row = await server.database.db('api_keys').where({ id: apiKey.id }).first();
    expect(JSON.stringify(row)).not.toContain(key);
    await expect
      .poll(async () => (await owner.call(contract.team.apiKeys)).apiKeys[0]?.lastUsedAt ?? null, {
        timeout: 20_000,
      })
      .not.toBeNull();
  });

  it('of scope read is refused on a write (403, nothing written); read_write writes', async () => {
    const owner = await registerAccount(server, 'keys-scope');
    const { key: readKey } = await makeKey(owner, 'read');
    const refused = await expectRejected(
      server,
      'write with a read key',
      () => bearer(server, readKey).request('POST', '/api/collections', { json: { name: 'Nope' } }),
      403,
    );
    expect((refused.body as { error: { message: string } }).error.message).toContain('read_write');
    expect(await countRows(server, 'collections', { organization_id: owner.organizationId })).toBe(0);

    const { key: writeKey } = await makeKey(owner, 'read_write');
    const made = await bearer(server, writeKey).request('POST', '/api/collections', {
      json: { name: 'By key' },
    });
    expect(made.status).toBe(201);
    expect((await owner.call(contract.collections.list)).map((c) => c.name)).toEqual(['By key']);
  });

  it("answers 404 for another organisation's ids and 403 on the caller's own account or the team", async () => {
    const owner = await registerAccount(server, 'keys-tenancy');
    const stranger = await registerAccount(server, 'keys-stranger');
    const theirs = await createCollection(stranger, 'Not yours');
    const { key } = await makeKey(owner, 'read_write');
    const client = bearer(server, key);
    for (const [method, path, json] of [
      ['PATCH', `/api/collections/${theirs}`, { name: 'Taken' }],
      ['DELETE', `/api/collections/${theirs}`, undefined],
      ['GET', `/api/leads?collectionId=${theirs}&lastId=-1`, undefined],
    ] as const) {
      await expectRejected(
        server,
        `${method} ${path} by key`,
        () => client.request(method, path, { json }),
        404,
      );
    }
    expect((await stranger.call(contract.collections.list)).map((c) => c.name)).toEqual(['Not yours']);
    // A key is no person: not their account (token, password) nor the team's people and keys.
    for (const [method, path, json] of [
      ['GET', '/api/user', undefined],
      ['GET', '/api/globalPrerenderData', undefined],
      ['POST', '/api/user/password', { currentPassword: 'password-123', newPassword: 'password-456' }],
      ['GET', '/api/user/account', undefined],
      ['PATCH', '/api/user/account', { name: 'Renamed by a key' }],
      ['POST', '/api/user/sessions/end', undefined],
      ['GET', '/api/team', undefined],
      ['POST', '/api/team/api-keys', { name: 'More', scope: 'read_write' }],
      ['POST', '/api/team/invite-token', undefined],
    ] as const) {
      const res = await expectRejected(
        server,
        `${method} ${path} by key`,
        () => client.request(method, path, { json }),
        403,
      );
      expect(res.text).not.toContain(owner.accessToken);
    }
  });

  it("joins its own organisation's socket room, not another organisation of its maker's", async () => {
    const owner = await registerAccount(server, 'keys-socket');
    const other = await registerAccount(server, 'keys-socket-other');
    const { key } = await makeKey(owner, 'read');
    const { inviteToken } = await other.call(contract.team.get);
    await owner.call(contract.team.join, { body: { organizationToken: inviteToken } });
    const own = await connectSocket(server.url, { token: key, organizationId: owner.organizationId });
    own.socket.close();
    expect(own.error).toBeUndefined();
    const theirs = await connectSocket(server.url, { token: key, organizationId: other.organizationId });
    theirs.socket.close();
    expect(theirs.error?.data?.code).toBe('UNAUTHORIZED');
    // The maker, signed in, may: they are a member of both.
    const maker = await connectSocket(server.url, {
      token: owner.accessToken,
      organizationId: other.organizationId,
    });
    maker.socket.close();
    expect(maker.error).toBeUndefined();
  });

  it('revoked, answers 401 from the next request, on this server and on a second one', async () => {
    const owner = await registerAccount(server, 'keys-revoke');
    const { apiKey, key } = await makeKey(owner, 'read');
    expect((await bearer(server, key).get('/api/collections')).status).toBe(200);
    expect((await bearer(second, key).get('/api/collections')).status).toBe(200);
    await everywhere(() => owner.call(contract.team.revokeApiKey, { params: { id: apiKey.id } }));
    for (const target of [server, second]) {
      const res = await bearer(target, key).get<{ error: { message: string } }>('/api/collections');
      expect(res.status).toBe(401);
      expect(res.body.error.message).toContain('API key');
    }
    expect((await owner.call(contract.team.apiKeys)).apiKeys).toEqual([]);
    await expectRefused(
      server,
      'revoke again',
      () => owner.call(contract.team.revokeApiKey, { params: { id: apiKey.id } }),
      404,
    );
    expect((await bearer(server, 'rk_never-made').get('/api/collections')).status).toBe(401);
  });

  it("stops when its maker leaves the organisation, and follows the maker's role", async () => {
    const owner = await registerAccount(server, 'keys-maker');
    const user = await inviteAccount(server, owner, 'keys-admin');
    await owner.call(contract.team.changeRole, { params: { id: user.id }, body: { role: 'admin' } });
    const { key } = await makeKey(user, 'read_write', "Admin's key");
    const collection = await createCollection(owner, 'Delete me by key');
    await owner.call(contract.team.changeRole, { params: { id: user.id }, body: { role: 'member' } });
    // A member may not delete collections: nor may a member's key.
    await expectRejected(
      server,
      "a demoted maker's key deletes",
      () => bearer(server, key).request('DELETE', `/api/collections/${collection}`),
      403,
    );
    await everywhere(() => owner.call(contract.team.removeMember, { params: { id: user.id } }));
    expect((await bearer(second, key).get('/api/collections')).status).toBe(401);
    expect((await bearer(server, key).get('/api/collections')).status).toBe(401);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const owner = await registerAccount(server, 'keys-input');
    for (const json of [
      { name: '', scope: 'read' },
      { name: '   ', scope: 'read' },
      { name: 'x'.repeat(101), scope: 'read' },
      { name: 'ok', scope: 'admin' },
      { name: 'ok' },
      { scope: 'read' },
      [],
    ]) {
      await expectRejected(
        server,
        `create ${JSON.stringify(json).slice(0, 40)}`,
        () => owner.api.request('POST', '/api/team/api-keys', { json }),
        400,
      );
    }
    await expectRejected(
      server,
      'revoke abc',
      () => owner.api.request('DELETE', '/api/team/api-keys/abc'),
      400,
    );
  });

  it('is declared in the OpenAPI document: the bearer scheme, where keys are taken, a curl example', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security: Record<string, unknown>[] }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.info.description).toContain('curl -H "Authorization: Bearer rk_');
    const takesKeys = (path: string, method: string) =>
      (document.paths[path]?.[method]?.security ?? []).some((s) => 'apiKey' in s);
    expect(takesKeys('/api/collections', 'get')).toBe(true);
    expect(takesKeys('/api/user', 'get')).toBe(false);
    expect(takesKeys('/api/team/api-keys', 'post')).toBe(false);
  });

  it('never reaches the log, whatever the request', async () => {
    const owner = await registerAccount(server, 'keys-log');
    const { key } = await makeKey(owner, 'read');
    await bearer(server, key).get('/api/collections');
    await bearer(server, key).request('POST', '/api/collections', { json: { name: 'refused' } });
    await bearer(server, key).get(`/api/collections?apiKey=${encodeURIComponent(key)}`);
    await bearer(server, `${key}x`).get('/api/collections');
    await owner.api.get('/api/team/api-keys');
    await expect.poll(() => log.text().includes('/api/team/api-keys'), { timeout: 10_000 }).toBe(true);
    expect(log.text()).toContain('/api/collections');
    expect(log.text()).not.toContain(key);
    expect(log.text()).not.toContain(key.slice(3, 24));
  });
});
