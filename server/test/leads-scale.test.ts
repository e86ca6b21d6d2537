import { contract } from '@reachly/shared/contract';
import type { BulkLeadsBody, LeadsSort } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollection,
  expectRefused,
  expectRejected,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/** Issue 19, leads at scale: GET /api/leads search, sort and cursor; POST /api/leads/bulk. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Leads straight into the table, named by `names` (null: nameless); every third one excluded. */
async function seed(account: TestAccount, collectionId: number, names: (string | null)[], tag = '') {
  const rows: { id: number }[] = await server.database
    .db('leads')
    .insert(
      names.map((name, i) => ({
        organization_id: account.organizationId,
        collection_id: collectionId,
        profile_url: `https://sandbox.local/p/${tag}${collectionId}-${i}`,
        name,
        is_excluded: i % 3 === 2,
      })),
    )
    .returning('id');
  return rows.map((r) => r.id);
}

/** Every page of a query through its cursors: the ids and names in order, and each page's totalCount. */
async function pages(account: TestAccount, query: Record<string, string | number | boolean>) {
  const leads: { id: number; name: string | null }[] = [];
  const totals: number[] = [];
  let cursor: string | null | undefined;
  for (let n = 0; n < 200; n += 1) {
    const page = await account.call(contract.leads.list, {
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    totals.push(page.totalCount);
    leads.push(...page.leads.map((l) => ({ id: l.id, name: l.name })));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { ids: leads.map((l) => l.id), names: leads.map((l) => l.name), totals };
}

/** The order each sort promises, computed here from the seeded rows (names of plain letters and digits). */
function expected(rows: { id: number; name: string | null }[], sort: LeadsSort): number[] {
  const key = (r: { name: string | null }) => (r.name ?? '').toLowerCase();
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const sorted = [...rows].sort((a, b) =>
    sort === 'oldest' || sort === 'newest'
      ? byId(a, b)
      : key(a) < key(b)
        ? -1
        : key(a) > key(b)
          ? 1
          : byId(a, b),
  );
  return (sort === 'newest' || sort === 'name-desc' ? sorted.reverse() : sorted).map((r) => r.id);
}

describe('GET /api/leads: search, sort and cursor', () => {
  it('pages each sort across pages with ties, for one side of the toggle and for both, with the count of the filter', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Sorted');
    // 41 leads on 6 names (ties across page boundaries), in mixed case, and some nameless.
    const names = Array.from({ length: 41 }, (_, i) =>
      i % 7 === 6 ? null : (['bea', 'Ann', 'carl', 'ANN', 'dan', 'Bea'][i % 6] ?? null),
    );
    const ids = await seed(account, collection, names);
    const rows = ids.map((id, i) => ({ id, name: names[i] ?? null, excluded: i % 3 === 2 }));
    for (const sort of ['newest', 'oldest', 'name-asc', 'name-desc'] as const) {
      for (const isExcluded of [false, undefined]) {
        const scope = rows.filter((r) => isExcluded === undefined || r.excluded === isExcluded);
        const got = await pages(account, {
          collectionId: collection,
          sort,
          limit: 4,
          ...(isExcluded === undefined ? {} : { isExcluded }),
        });
        expect(got.ids, `${sort} ${isExcluded}`).toEqual(expected(scope, sort));
        expect(new Set(got.totals)).toEqual(new Set([scope.length]));
      }
    }
    // A–Z: nameless leads first; Z–A: last.
    const az = await pages(account, { collectionId: collection, sort: 'name-asc', limit: 50 });
    expect(az.names[0]).toBeNull();
    expect(az.names.at(-1)?.toLowerCase()).toBe('dan');
  });

  it('searches name and profile link, case-insensitively, trimmed, with % and _ taken literally; totalCount follows', async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const collection = await createCollection(account, 'Searched');
    await seed(account, collection, ['Anna Berg', 'Bob Stone', 'JOHANNA', 'Zed 100%', 'Ann_e', null], 'x');
    await seed(other, await createCollection(other, 'Theirs'), ['Anna Theirs']);
    const names = async (search: string, extra: Record<string, string | boolean> = {}) => {
      const page = await account.call(contract.leads.list, {
        query: { collectionId: collection, search, sort: 'name-asc', ...extra },
      });
      return { names: page.leads.map((l) => l.name), total: page.totalCount };
    };
    expect(await names('  anN  ')).toEqual({ names: ['Ann_e', 'Anna Berg', 'JOHANNA'], total: 3 });
    expect(await names('100%')).toEqual({ names: ['Zed 100%'], total: 1 });
    expect(await names('n_e')).toEqual({ names: ['Ann_e'], total: 1 });
    // The profile link matches too (every lead of the collection has this one in its link).
    expect((await names(`/p/x${collection}-`)).total).toBe(6);
    expect(await names('ann', { isExcluded: false })).toEqual({ names: ['Ann_e', 'Anna Berg'], total: 2 });
    expect((await account.call(contract.leads.list, { query: { search: 'anna' } })).totalCount).toBe(2);
  });

  it("exports the list's search as CSV: the leads whose name or link holds it, no other", async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Exported');
    await seed(account, collection, ['Anna Berg', 'Bob Stone', 'JOHANNA', 'Dan'], 'e');
    const res = await account.call(contract.exports.leads, {
      query: { collectionId: collection, search: 'anna', isExcluded: false },
    });
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    // Header, then Anna Berg (JOHANNA, the third lead, is excluded).
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Anna Berg');
    expect(res.headers.get('x-export-rows')).toBeNull();
  });

  it('refuses a malformed cursor, one of another sort, lastId with a name sort, an unknown sort and a long search with a clear 400', async () => {
    const account = await registerAccount(server);
    const collection = await createCollection(account, 'Refused');
    await seed(account, collection, ['a', 'b', 'c']);
    const first = await account.call(contract.leads.list, {
      query: { collectionId: collection, sort: 'name-asc', limit: 1 },
    });
    expect(first.nextCursor).not.toBeNull();
    const cases: [string, string, RegExp][] = [
      ['not json', 'cursor=abc', /Cursor is malformed/],
      [
        'a name cursor without key',
        `cursor=${encodeURIComponent('{"sort":"name-asc","id":1}')}&sort=name-asc`,
        /Cursor is malformed/,
      ],
      [
        'another sort',
        `cursor=${encodeURIComponent(first.nextCursor ?? '')}&sort=name-desc`,
        /Cursor belongs to sort name-asc/,
      ],
      ['lastId with a name sort', 'lastId=5&sort=name-asc', /lastId pages only the id sorts/],
      ['unknown sort', 'sort=shuffle', /Sort must be one of newest, oldest, name-asc, name-desc/],
      ['long search', `search=${'x'.repeat(201)}`, /Search must be at most 200 characters/],
    ];
    for (const [label, query, message] of cases) {
      const res = await expectRejected(
        server,
        label,
        () => account.api.get(`/api/leads?collectionId=${collection}&${query}`),
        400,
      );
      expect(res.text, label).toMatch(message);
    }
  });
});

describe('POST /api/leads/bulk', () => {
  async function setup() {
    const account = await registerAccount(server);
    const a = await createCollection(account, 'Bulk A');
    const b = await createCollection(account, 'Bulk B');
    const ids = await seed(
      account,
      a,
      Array.from({ length: 12 }, (_, i) => `Lead ${i % 2 === 0 ? 'even' : 'odd'} ${i}`),
    );
    return { account, a, b, ids };
  }
  const bulk = (account: TestAccount, body: BulkLeadsBody) => account.call(contract.leads.bulk, { body });
  const total = async (account: TestAccount, collectionId: number, isExcluded?: boolean) =>
    (
      await account.call(contract.leads.list, {
        query: { collectionId, ...(isExcluded === undefined ? {} : { isExcluded }) },
      })
    ).totalCount;

  it('excludes and includes by ids, counting the ones already so as skipped; the collections counts follow', async () => {
    const { account, a, ids } = await setup();
    // ids[2], ids[5], ids[8], ids[11] are excluded already.
    expect(await bulk(account, { action: 'exclude', selection: { ids: ids.slice(0, 6) } })).toEqual({
      changed: 4,
      skipped: 2,
    });
    expect(await total(account, a, true)).toBe(8);
    expect(await bulk(account, { action: 'include', selection: { ids } })).toEqual({
      changed: 8,
      skipped: 4,
    });
    expect(await total(account, a, true)).toBe(0);
    const collections = await account.call(contract.collections.list);
    expect(collections.find((c) => c.id === a)?.profiles).toBe(12);
  });

  it('selects all matching a filter (collection, side of the toggle, search) and deletes exactly those', async () => {
    const { account, a, b } = await setup();
    await seed(account, b, ['Lead even in B'], 'b');
    const done = await bulk(account, {
      action: 'delete',
      selection: { filter: { collectionId: a, isExcluded: false, search: 'EVEN' } },
    });
    // Even-numbered of 0..11 not excluded (2, 8 are): 0, 4, 6, 10.
    expect(done).toEqual({ changed: 4, skipped: 0 });
    expect(await total(account, a)).toBe(8);
    expect(await total(account, b)).toBe(1);
    const left = await account.call(contract.leads.list, { query: { collectionId: a, search: 'even' } });
    expect(left.leads.map((l) => l.name).sort()).toEqual(['Lead even 2', 'Lead even 8']);
  });

  it('moves and copies to another collection, leaving a profile the target holds where it is', async () => {
    const { account, a, b, ids } = await setup();
    await server.database.db('leads').insert({
      organization_id: account.organizationId,
      collection_id: b,
      profile_url: `https://sandbox.local/p/${a}-0`,
      name: 'Already in B',
    });
    expect(
      await bulk(account, { action: 'copy', selection: { ids: ids.slice(0, 3) }, targetCollectionId: b }),
    ).toEqual({ changed: 2, skipped: 1 });
    expect(await total(account, a)).toBe(12);
    expect(await total(account, b)).toBe(3);
    expect(
      await bulk(account, {
        action: 'move',
        selection: { filter: { collectionId: a } },
        targetCollectionId: b,
      }),
    ).toEqual({ changed: 9, skipped: 3 });
    expect(await total(account, a)).toBe(3);
    expect(await total(account, b)).toBe(12);
    const collections = await account.call(contract.collections.list);
    expect(collections.find((c) => c.id === b)?.profiles).toBe(12);
  });

  it('moves one person from two collections into a third at once, and back the other way: no error, none twice', async () => {
    const account = await registerAccount(server);
    const [a, b, target] = [
      await createCollection(account, 'Race A'),
      await createCollection(account, 'Race B'),
      await createCollection(account, 'Race target'),
    ];
    const people = Array.from({ length: 30 }, (_, i) => `https://sandbox.local/p/race-${target}-${i}`);
    const into = async (collectionId: number) =>
      (
        (await server.database
          .db('leads')
          .insert(
            people.map((url) => ({
              organization_id: account.organizationId,
              collection_id: collectionId,
              profile_url: url,
            })),
          )
          .returning('id')) as { id: number }[]
      ).map((r) => r.id);
    const [fromA, fromB] = [await into(a), await into(b)];
    // Both check which people the target holds, then write: without a lock both saw none.
    const moved = await Promise.all([
      bulk(account, { action: 'move', selection: { ids: fromA }, targetCollectionId: target }),
      bulk(account, { action: 'move', selection: { ids: fromB }, targetCollectionId: target }),
    ]);
    expect(moved.reduce((sum, m) => sum + m.changed, 0)).toBe(30);
    expect(moved.reduce((sum, m) => sum + m.skipped, 0)).toBe(30);
    expect(await total(account, target)).toBe(30);
    expect((await total(account, a)) + (await total(account, b))).toBe(30);
    // Opposite moves between two collections at once (each locks both): neither waits on the other forever.
    const before = (await total(account, a)) + 30;
    await Promise.all([
      bulk(account, {
        action: 'move',
        selection: { filter: { collectionId: target } },
        targetCollectionId: a,
      }),
      bulk(account, {
        action: 'move',
        selection: { filter: { collectionId: a } },
        targetCollectionId: target,
      }),
    ]);
    expect((await total(account, a)) + (await total(account, target))).toBe(before);
  });

  it("leaves another organisation's leads untouched and answers 404 for its collections", async () => {
    const { account, a } = await setup();
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    const theirIds = await seed(other, theirs, ['t1', 't2']);
    expect(await bulk(account, { action: 'delete', selection: { ids: theirIds } })).toEqual({
      changed: 0,
      skipped: 0,
    });
    expect(await total(other, theirs)).toBe(2);
    await expectRefused(
      server,
      'their filter',
      () => bulk(account, { action: 'delete', selection: { filter: { collectionId: theirs } } }),
      404,
    );
    await expectRefused(
      server,
      'their target',
      () =>
        bulk(account, {
          action: 'move',
          selection: { filter: { collectionId: a } },
          targetCollectionId: theirs,
        }),
      404,
    );
    expect(await total(account, a)).toBe(12);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const { account, a, b, ids } = await setup();
    const cases: [string, unknown, RegExp][] = [
      ['no selection', { action: 'delete' }, /selection/],
      ['unknown action', { action: 'shred', selection: { ids } }, /Action must be one of/],
      ['move without target', { action: 'move', selection: { ids } }, /Choose the collection to move to/],
      [
        'exclude with target',
        { action: 'exclude', selection: { ids }, targetCollectionId: b },
        /Only move and copy take a target/,
      ],
      ['empty ids', { action: 'delete', selection: { ids: [] } }, /Select at least one lead/],
      [
        'too many ids',
        { action: 'delete', selection: { ids: Array.from({ length: 5001 }, (_, i) => i + 1) } },
        /Select at most 5000/,
      ],
      [
        'ids and filter',
        { action: 'delete', selection: { ids, filter: { collectionId: a } } },
        /Selection must be/,
      ],
    ];
    for (const [label, body, message] of cases) {
      const res = await expectRejected(
        server,
        label,
        () => account.api.post('/api/leads/bulk', { json: body }),
        400,
      );
      expect(res.text, label).toMatch(message);
    }
  });
});
