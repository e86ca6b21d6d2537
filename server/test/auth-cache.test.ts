import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollection,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * The token → user/organisation lookup is kept in process (IdentityCache) and dropped by the
 * database's own notification when a user or a membership changes: these changes are made straight
 * in the database, as any code path or an operator with psql would, and must count from the first
 * request after the notification reaches each server (on this server and on a second one that
 * shares the database). The notification comes a moment after the commit; on PostgreSQL under load
 * a request sent at once could still be answered from before it, so the tests wait for it.
 */
let server: TestServer;
let second: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  second = await startTestServer({}, { database: server.database });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

interface Ran {
  sql: string;
  /** The prepared statement's name (db/prepared.ts), if it ran as one. */
  options?: { name?: string };
}

/** The statements the database ran while `action` ran. */
async function statementsDuring(db: Knex, action: () => Promise<unknown>): Promise<Ran[]> {
  const seen: Ran[] = [];
  const onQuery = (query: Ran) => seen.push(query);
  db.on('query', onQuery);
  try {
    await action();
  } finally {
    db.off('query', onQuery);
  }
  return seen;
}

/** The SQL the database ran while `action` ran. */
async function queriesDuring(db: Knex, action: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(db, action)).map((q) => q.sql);
}

/** Runs a write made outside the servers' code and waits until both servers have its notification. */
async function changed(write: () => Promise<unknown>): Promise<void> {
  const caches = [server, second].map((s) => s.running.ctx.users.identities);
  const before = caches.map((c) => c.received);
  await write();
  await expect
    .poll(() => caches.every((c, i) => c.received > (before[i] as number)), { timeout: 10_000 })
    .toBe(true);
}

async function status(target: TestServer, account: TestAccount, token = account.accessToken) {
  const res = await target.client().get('/api/collections', { headers: { authorization: token } });
  return res.status;
}

describe('authenticated requests', () => {
  it('cost one round trip: the token is answered in process, the counts in one prepared statement', async () => {
    const account = await registerAccount(server, 'cache');
    for (const name of ['A', 'B']) await createCollection(account, name);
    expect(server.running.ctx.users.identities.live).toBe(true);
    expect(await status(server, account)).toBe(200);
    const ran = await statementsDuring(server.database.db, () => status(server, account));
    const ours = ran.filter((q) => /\b(users|organization_members|collections)\b/.test(q.sql));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.sql).toContain('collections');
    // Parsed and planned once per connection, then only bound and run (db/prepared.ts).
    expect(ours[0]?.options?.name).toBe('reachly_collections_list');
    // A prepared statement answers what is in the database now: a new collection is in the next list.
    await createCollection(account, 'C');
    const res = await server.client().get('/api/collections', {
      headers: { authorization: account.accessToken },
    });
    expect((res.body as { name: string }[]).map((c) => c.name)).toEqual(['A', 'B', 'C']);
  });

  it('a change in another schema of the same database (same user id) leaves this schema’s entries alone', async () => {
    const account = await registerAccount(server, 'cache');
    const identities = server.running.ctx.users.identities;
    expect(await status(server, account)).toBe(200);
    const before = identities.received;
    // What the trigger of another Reachly schema in this database sends for its user of the same id.
    await server.database.db.raw("select pg_notify('reachly_auth', 'another_schema:' || ?::int)", [
      account.id,
    ]);
    // Then one of ours for another user, so that the first is known to have arrived before it.
    await changed(() =>
      server.database.db.raw("select pg_notify('reachly_auth', current_schema() || ':' || ?::int)", [
        account.id + 10_000,
      ]),
    );
    expect(identities.received).toBe(before + 1);
    const sql = await queriesDuring(server.database.db, () => status(server, account));
    expect(sql.filter((q) => /\b(users|organization_members)\b/.test(q))).toEqual([]);
  });

  it('a ban counts from the next request after its notification, on this server and on a second one', async () => {
    const account = await registerAccount(server, 'cache');
    expect(await status(server, account)).toBe(200);
    expect(await status(second, account)).toBe(200);
    await changed(() => server.database.db('users').where({ id: account.id }).update({ is_banned: true }));
    expect(await status(server, account)).toBe(403);
    expect(await status(second, account)).toBe(403);
    await changed(() => server.database.db('users').where({ id: account.id }).update({ is_banned: false }));
    expect(await status(second, account)).toBe(200);
  });

  it('a changed token and a removed membership count from the next request', async () => {
    const account = await registerAccount(server, 'cache');
    expect(await status(server, account)).toBe(200);
    expect(await status(second, account)).toBe(200);
    await changed(() =>
      server.database
        .db('users')
        .where({ id: account.id })
        .update({ access_token: `rotated-${account.id}` }),
    );
    expect(await status(server, account)).toBe(401);
    expect(await status(second, account)).toBe(401);
    const rotated = `rotated-${account.id}`;
    expect(await status(second, account, rotated)).toBe(200);
    await changed(() => server.database.db('organization_members').where({ user_id: account.id }).delete());
    expect(await status(second, account, rotated)).toBe(401);
    expect(await status(server, account, rotated)).toBe(401);
  });
});
