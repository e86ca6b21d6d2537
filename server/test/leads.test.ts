import { contract, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema, type Lead } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorOf,
  countRows,
  createCollection,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** `count` leads straight into the table; every third one excluded. Answers their ids in order. */
async function seedLeads(account: TestAccount, collectionId: number, count: number): Promise<number[]> {
  const rows = await server.database
    .db('leads')
    .insert(
      Array.from({ length: count }, (_, i) => ({
        organization_id: account.organizationId,
        collection_id: collectionId,
        profile_url: `https://sandbox.local/people/${collectionId}-${i}`,
        name: `Person ${i}`,
        is_excluded: i % 3 === 2,
      })),
    )
    .returning('id');
  return rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}

/** A raw answer (a body the typed client cannot send) is the API's error with this status and code. */
function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(apiErrorSchema.parse(res.body).error.code).toBe(code);
}

async function listLeads(account: TestAccount, query: string) {
  const fields: Record<string, string> = Object.fromEntries(new URLSearchParams(query));
  return account.call(contract.leads.list, { query: fields });
}

/** PATCH /api/leads: a lead in or out of the campaigns. */
async function setExcluded(account: TestAccount, id: number | undefined, isExcluded: boolean) {
  return account.call(contract.leads.setExcluded, { body: { id: id as number, isExcluded } });
}

/** Every page of a query, following lastId; answers the ids and each page's totalCount. */
async function allPages(account: TestAccount, query: string) {
  const ids: number[] = [];
  const totals: number[] = [];
  let lastId = -1;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await listLeads(account, `${query}&lastId=${lastId}`);
    totals.push(page.totalCount);
    if (page.leads.length === 0) break;
    ids.push(...page.leads.map((l) => l.id));
    lastId = page.leads.at(-1)?.id ?? lastId;
  }
  return { ids, totals };
}

describe('GET /api/leads', () => {
  it('pages a collection by keyset, 20 at a time, with the count of the filter', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Paged');
    const ids = await seedLeads(account, collection, 45);
    const included = ids.filter((_, i) => i % 3 !== 2);
    const excluded = ids.filter((_, i) => i % 3 === 2);

    const first = await listLeads(account, `collectionId=${collection}&lastId=-1&isExcluded=false`);
    expect(first.totalCount).toBe(30);
    expect(first.leads.map((l) => l.id)).toEqual(included.slice(0, 20));
    expect(first.leads.every((l) => l.collectionId === collection && !l.isExcluded)).toBe(true);
    const second = await listLeads(
      account,
      `collectionId=${collection}&lastId=${included[19]}&isExcluded=false`,
    );
    expect(second.leads.map((l) => l.id)).toEqual(included.slice(20));
    expect(second.totalCount).toBe(30);

    expect((await allPages(account, `collectionId=${collection}&isExcluded=true`)).ids).toEqual(excluded);
    // Without isExcluded: both kinds, still in id order.
    const both = await allPages(account, `collectionId=${collection}&limit=7`);
    expect(both.ids).toEqual(ids);
    expect(new Set(both.totals)).toEqual(new Set([45]));
  });

  it('reads one lead with every field of the shared schema', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'One');
    const sent = new Date('2026-01-02T03:04:05.000Z');
    const [row] = await server.database
      .db('leads')
      .insert({
        organization_id: account.organizationId,
        collection_id: collection,
        profile_url: 'https://facebook.com/anna',
        name: 'Anna Smith',
        first_name: 'Anna',
        last_name: 'Smith',
        avatar_url: 'https://cdn.example/anna.jpg',
        has_message_button: true,
        should_skip: true,
        source: 'manual',
        friend_request_sent_at: sent,
      })
      .returning('id');
    const page = await listLeads(account, `collectionId=${collection}`);
    expect(page.leads).toEqual([
      {
        id: row.id,
        collectionId: collection,
        profileUrl: 'https://facebook.com/anna',
        name: 'Anna Smith',
        firstName: 'Anna',
        lastName: 'Smith',
        avatarUrl: 'https://cdn.example/anna.jpg',
        hasMessageButton: true,
        isExcluded: false,
        shouldSkip: true,
        source: 'manual',
        friendRequestSentAt: '2026-01-02T03:04:05.000Z',
        messageSentAt: null,
        createdAt: expect.any(String),
        fields: {},
      },
    ]);
    expect(page.totalCount).toBe(1);
  });

  it("pages every collection of the organisation with collectionId=all, never another organisation's", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const a = await createCollection(account, 'A');
    const b = await createCollection(account, 'B');
    const ids = [...(await seedLeads(account, a, 12)), ...(await seedLeads(account, b, 12))].sort(
      (x, y) => x - y,
    );
    await seedLeads(other, await createCollection(other, 'Theirs'), 10);

    const all = await allPages(account, 'collectionId=all&limit=5');
    expect(all.ids).toEqual(ids);
    expect(new Set(all.totals)).toEqual(new Set([24]));
    const notExcluded = await allPages(account, 'isExcluded=false');
    expect(notExcluded.totals[0]).toBe(16);
    expect(notExcluded.ids).toHaveLength(16);
    // A collection of another organisation answers 404, exactly like a missing one (docs/design.md §3).
    const theirCollection = await server.database
      .db('collections')
      .where({ organization_id: other.organizationId })
      .first('id');
    for (const collectionId of [theirCollection.id, 999999]) {
      await expect(account.call(contract.leads.list, { query: { collectionId } })).rejects.toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  it('keeps totalCount equal to a real count through every kind of write, by the API or straight in SQL', async () => {
    const account = await registerAccount(server);
    const a = await createCollection(account, 'Counted A');
    const b = await createCollection(account, 'Counted B');
    const c = await createCollection(account, 'Counted C');
    const db = server.database.db;
    const live: ('all' | number)[] = ['all', a, b, c];
    async function check() {
      for (const collectionId of live) {
        for (const isExcluded of [undefined, true, false]) {
          const query = `collectionId=${collectionId}${isExcluded === undefined ? '' : `&isExcluded=${isExcluded}`}`;
          const real = db('leads').where({ organization_id: account.organizationId });
          if (collectionId !== 'all') real.andWhere({ collection_id: collectionId });
          if (isExcluded !== undefined) real.andWhere({ is_excluded: isExcluded });
          const row = await real.count({ n: '*' }).first();
          expect((await listLeads(account, `${query}&limit=1`)).totalCount, query).toBe(Number(row?.n));
        }
      }
    }
    const ids = await seedLeads(account, a, 30);
    await seedLeads(account, b, 9);
    await seedLeads(account, c, 4);
    await check();
    await account.call(contract.leads.create, {
      body: {
        collectionId: a,
        leads: [{ profileUrl: 'https://x.com/new' }, { profileUrl: 'https://x.com/new/' }],
      },
    });
    await setExcluded(account, ids[0], true);
    await setExcluded(account, ids[2], false);
    await check();
    // What other code may do: exclude many at once, move leads to another collection, delete some.
    await db('leads')
      .where({ collection_id: a })
      .andWhere('id', '<', ids[10] ?? 0)
      .update({ is_excluded: true });
    await db('leads').whereIn('id', ids.slice(20, 25)).update({ collection_id: b, is_excluded: false });
    await db('leads').whereIn('id', ids.slice(25, 27)).delete();
    await db('leads').where({ collection_id: a }).update({ should_skip: true });
    await check();
    await account.call(contract.leads.clear, { query: { collectionId: c } });
    await account.call(contract.collections.remove, { params: { id: b } });
    live.splice(live.indexOf(b), 1);
    await check();
    expect(await countRows(server, 'lead_counts', { collection_id: b })).toBe(0);
    // Any write of the API folds the collection's delta rows into one per isExcluded value.
    expect(await countRows(server, 'lead_counts', { collection_id: a })).toBeGreaterThan(2);
    await setExcluded(account, ids[1], false);
    expect(await countRows(server, 'lead_counts', { collection_id: a })).toBe(2);
    await check();
  });

  it('answers 400 to bad query values and 401 without a token', async () => {
    const account = await registerAccount(server);
    for (const query of [
      'lastId=-2',
      'lastId=abc',
      'limit=0',
      'limit=201',
      'collectionId=some',
      'isExcluded=maybe',
    ]) {
      await expect(listLeads(account, query), query).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    await expect(server.call(contract.leads.list)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });
});

describe('PATCH /api/leads', () => {
  it('excludes a lead and takes it back, answering the lead', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Toggle');
    const [id] = await seedLeads(account, collection, 1);
    const lead: Lead = await setExcluded(account, id, true);
    expect(lead).toMatchObject({ id, collectionId: collection, isExcluded: true });
    expect((await server.database.db('leads').where({ id }).first()).is_excluded).toBe(true);
    // It leaves the list of included leads (spec §4).
    expect((await listLeads(account, `collectionId=${collection}&isExcluded=false`)).totalCount).toBe(0);
    expect((await setExcluded(account, id, false)).isExcluded).toBe(false);
  });

  it("answers 404 to another organisation's lead, 400 to bad bodies, 401 without a token, changing nothing", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const [theirs] = await seedLeads(other, await createCollection(other, 'Theirs'), 1);
    await expect(setExcluded(account, theirs, true)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: `Lead ${theirs} not found.`,
    });
    await expect(setExcluded(account, -1, true)).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    // Bodies with a field missing or mistyped: raw.
    for (const json of [{ id: theirs }, { id: theirs, isExcluded: 'true' }, {}]) {
      expectError(
        await account.api.patch(urlOf(contract.leads.setExcluded, {}), { json }),
        400,
        'BAD_REQUEST',
      );
    }
    await expect(
      server.call(contract.leads.setExcluded, { body: { id: theirs as number, isExcluded: true } }),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await server.database.db('leads').where({ id: theirs }).first()).is_excluded).toBe(false);
  });
});

describe('POST /api/leads', () => {
  it('adds leads, normalising links, and counts duplicates in the call and in the collection', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Bulk');
    // The typed client parses the answer with the shared schema and refuses any status but 200.
    const created = await account.call(contract.leads.create, {
      body: {
        collectionId: collection,
        leads: [
          { profileUrl: 'https://www.facebook.com/anna/', name: 'Anna', hasMessageButton: true },
          { profileUrl: 'https://m.facebook.com/anna?ref=x' },
          { profileUrl: 'https://facebook.com/bob', firstName: 'Bob', source: 'collect:7' },
        ],
      },
    });
    expect(created).toEqual({ created: 2, duplicates: 1 });
    const rows = await server.database
      .db('leads')
      .where({ collection_id: collection })
      .orderBy('id')
      .select('profile_url', 'name', 'first_name', 'has_message_button', 'source', 'organization_id');
    expect(rows).toEqual([
      {
        profile_url: 'https://facebook.com/anna',
        name: 'Anna',
        first_name: null,
        has_message_button: true,
        source: 'manual',
        organization_id: account.organizationId,
      },
      {
        profile_url: 'https://facebook.com/bob',
        name: null,
        first_name: 'Bob',
        // Unknown until the lead's first visit.
        has_message_button: null,
        source: 'collect:7',
        organization_id: account.organizationId,
      },
    ]);
    const again = await account.call(contract.leads.create, {
      body: {
        collectionId: collection,
        leads: [{ profileUrl: 'https://facebook.com/bob' }, { profileUrl: 'https://x.com/c' }],
      },
    });
    expect(again).toEqual({ created: 1, duplicates: 1 });
    // The same link in another collection is another lead.
    const second = await createCollection(account, 'Second');
    const elsewhere = await account.call(contract.leads.create, {
      body: { collectionId: second, leads: [{ profileUrl: 'https://facebook.com/bob' }] },
    });
    expect(elsewhere).toEqual({ created: 1, duplicates: 0 });
  });

  it('refuses bad bodies with 400 and writes nothing, even when one lead of many is bad', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Strict');
    const badLink = {
      collectionId: collection,
      leads: [{ profileUrl: 'https://x.com/ok' }, { profileUrl: 'not a link' }],
    };
    for (const body of [
      { collectionId: collection, leads: [] },
      badLink,
      { collectionId: 'all', leads: [{ profileUrl: 'https://x.com/a' }] },
      { collectionId: collection, leads: [{ profileUrl: 'https://x.com/a', name: 'x'.repeat(201) }] },
    ]) {
      await expect(account.call(contract.leads.create, { body })).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    // No fields, or leads that are not a list: raw.
    for (const json of [{}, { collectionId: collection, leads: 'https://x.com/a' }]) {
      expectError(await account.api.post(urlOf(contract.leads.create, {}), { json }), 400, 'BAD_REQUEST');
    }
    const bad = await apiErrorOf(account.call(contract.leads.create, { body: badLink }));
    expect(bad.details).toEqual([
      {
        path: ['leads', '1', 'profileUrl'],
        code: 'custom',
        message: 'Profile URL must be an http(s) link to a profile',
      },
    ]);
    expect(await countRows(server, 'leads', { collection_id: collection })).toBe(0);
  });

  it("answers 404 to another organisation's collection and 401 without a token, writing nothing", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    const body = { collectionId: theirs, leads: [{ profileUrl: 'https://x.com/sneaky' }] };
    await expect(account.call(contract.leads.create, { body })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(server.call(contract.leads.create, { body })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(await countRows(server, 'leads', { collection_id: theirs })).toBe(0);
  });
});

describe('DELETE /api/leads/clear', () => {
  it('deletes every lead of one collection with their conversations, and answers how many', async () => {
    const account = await registerAccount(server);
    const cleared = await createCollection(account, 'Cleared');
    const kept = await createCollection(account, 'Kept');
    const [first] = await seedLeads(account, cleared, 5);
    await seedLeads(account, kept, 2);
    await server.database
      .db('conversations')
      .insert({ organization_id: account.organizationId, lead_id: first, collection_id: cleared, order: 1 });
    expect(await account.call(contract.leads.clear, { query: { collectionId: cleared } })).toEqual({
      deleted: 5,
    });
    expect(await countRows(server, 'leads', { collection_id: cleared })).toBe(0);
    expect(await countRows(server, 'conversations', { collection_id: cleared })).toBe(0);
    expect(await countRows(server, 'leads', { collection_id: kept })).toBe(2);
    expect(await countRows(server, 'collections', { id: cleared })).toBe(1);
  });

  it("answers 404 to another organisation's collection, 400 to a bad or missing id, 401 without a token", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    await seedLeads(other, theirs, 3);
    const clear = contract.leads.clear;
    await expect(account.call(clear, { query: { collectionId: theirs } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    for (const collectionId of [undefined, 'all', 'abc', 0]) {
      await expect(
        account.call(clear, { query: { collectionId } }),
        String(collectionId),
      ).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    await expect(server.call(clear, { query: { collectionId: theirs } })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(await countRows(server, 'leads', { collection_id: theirs })).toBe(3);
  });
});
