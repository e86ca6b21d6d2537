import { emptyStatusCounts } from '@reachly/shared/constants';
import { type ClientInput, contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardOrg,
  column,
  expectCallError,
  expectError,
  grouped,
  STATUS_MESSAGE,
} from './helpers/conversations.ts';
import { columnRows, seedCollection, seedColumn, seedConversation } from './helpers/seed-conversations.ts';
import { startTestServer, type TestAccount, type TestServer } from './helpers/test-server.ts';

/**
 * Moving a card on the funnel board (PATCH /api/conversations): its rank, its column, the view it
 * was dropped on, the refusals. Reading the board is in conversations.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('PATCH /api/conversations', () => {
  async function move(account: TestAccount, body: ClientInput<typeof contract.conversations.move>['body']) {
    return account.call(contract.conversations.move, { body });
  }

  it('moves a card within its column by writing that one row', async () => {
    const { account, org, collection } = await boardOrg(server);
    const [a, b, c, d, e] = (await seedColumn(server, org, collection, 'sent', 5)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const card = await move(account, { id: e, fields: { order: 1 } });
    expect(card).toMatchObject({ id: e, status: 'sent', order: 1500, statusUpdateDate: null });
    const rows = await columnRows(server, org, 'sent');
    expect(rows.map((r) => r.id)).toEqual([a, e, b, c, d]);
    // Only the moved card changed rank.
    expect(rows.map((r) => r.order)).toEqual([1000, 1500, 2000, 3000, 4000]);
    expect(rows.every((r) => r.status_update_date === null)).toBe(true);

    await move(account, { id: a, fields: { order: 4, status: 'sent' } });
    expect((await columnRows(server, org, 'sent')).map((r) => r.id)).toEqual([e, b, c, d, a]);
    // Positions past the end mean last; a negative position means first; fractions are truncated.
    await move(account, { id: c, fields: { order: 99 } });
    expect((await columnRows(server, org, 'sent')).map((r) => r.id)).toEqual([e, b, d, a, c]);
    await move(account, { id: d, fields: { order: -3 } });
    expect((await columnRows(server, org, 'sent')).map((r) => r.id)).toEqual([d, e, b, a, c]);
    await move(account, { id: c, fields: { order: 1.9 } });
    expect((await columnRows(server, org, 'sent')).map((r) => r.id)).toEqual([d, c, e, b, a]);
    const page = await column(account, 'status=sent');
    expect(page.conversations.map((x) => x.id)).toEqual([d, c, e, b, a]);
  });

  it('moves a card to another column: counts follow and the change is stamped', async () => {
    const { account, org, collection } = await boardOrg(server);
    const [a, b] = (await seedColumn(server, org, collection, 'sent', 2)) as [number, number];
    const [x, y] = (await seedColumn(server, org, collection, 'booked', 2)) as [number, number];
    const before = await grouped(account);
    expect(before.statusCounts).toMatchObject({ sent: 2, booked: 2 });

    const card = await move(account, { id: a, fields: { order: 1, status: 'booked' } });
    expect(card).toMatchObject({ id: a, status: 'booked', order: 1500 });
    expect(card.statusUpdateDate).not.toBeNull();
    const stamped = new Date(card.statusUpdateDate as string).getTime();
    const now = await server.database.db.raw('select now() as now');
    const dbNow = new Date((now.rows[0] as { now: Date }).now).getTime();
    expect(stamped).toBeLessThanOrEqual(dbNow);

    const after = await grouped(account);
    expect(after.statusCounts).toEqual({ ...emptyStatusCounts(), sent: 1, booked: 3 });
    expect(after.totalCount).toBe(4);
    expect(after.conversations.sent?.map((c) => c.id)).toEqual([b]);
    expect(after.conversations.booked?.map((c) => c.id)).toEqual([x, a, y]);
    // The source column keeps its ranks: nothing else was written.
    expect((await columnRows(server, org, 'sent')).map((r) => r.order)).toEqual([2000]);

    // Into an empty column, and to its top: the first rank.
    const moved = await move(account, { id: b, fields: { order: 0, status: 'unqualified' } });
    expect(moved).toMatchObject({ status: 'unqualified', order: 1000 });
    // Within the same column again: the stamp is kept.
    const again = await move(account, { id: a, fields: { order: 0 } });
    expect(again.statusUpdateDate).toBe(card.statusUpdateDate);
    expect(again.order).toBe(0);
  });

  it('counts the drop position in the column of the collection the board shows', async () => {
    const { account, org, collection } = await boardOrg(server);
    const other = await seedCollection(server, org);
    const p = await seedConversation(server, org, {
      collectionId: collection,
      status: 'replied',
      order: 1000,
    });
    const q = await seedConversation(server, org, { collectionId: other, status: 'replied', order: 2000 });
    const r = await seedConversation(server, org, {
      collectionId: collection,
      status: 'replied',
      order: 3000,
    });
    const s = await seedConversation(server, org, { collectionId: collection, status: 'sent', order: 1000 });
    await move(account, { id: s, fields: { order: 1, status: 'replied' }, collectionId: collection });
    const view = await grouped(account, `&collectionId=${collection}`);
    expect(view.conversations.replied?.map((c) => c.id)).toEqual([p, s, r]);
    // The same position counted over every collection lands elsewhere.
    await move(account, { id: s, fields: { order: 2 }, collectionId: 'all' });
    expect((await grouped(account)).conversations.replied?.map((c) => c.id)).toEqual([p, q, s, r]);
  });

  it('counts the drop position among the cards the search shows', async () => {
    const { account, org, collection } = await boardOrg(server);
    const ann = await seedConversation(server, org, {
      collectionId: collection,
      status: 'qualified',
      order: 1000,
      name: 'Ann Baker',
    });
    const bob = await seedConversation(server, org, {
      collectionId: collection,
      status: 'qualified',
      order: 2000,
      name: 'Bob Stone',
    });
    const amy = await seedConversation(server, org, {
      collectionId: collection,
      status: 'qualified',
      order: 3000,
      name: 'Amy Baker',
    });
    const cid = await seedConversation(server, org, {
      collectionId: collection,
      status: 'sent',
      order: 1000,
      name: 'Cid Baker',
    });
    // The board searching "baker" shows Ann, Amy; dropping Cid at position 1 puts it between them.
    await move(account, {
      id: cid,
      fields: { order: 1, status: 'qualified' },
      collectionId: collection,
      search: 'baker',
    });
    const view = await grouped(account, `&collectionId=${collection}`);
    expect(view.conversations.qualified?.map((c) => c.id)).toEqual([ann, bob, cid, amy]);
  });

  it('keeps sorting right after many moves between the same two neighbours (rebalance)', async () => {
    const { account, org, collection } = await boardOrg(server);
    const [a, b, c, d] = (await seedColumn(server, org, collection, 'sent', 4)) as [
      number,
      number,
      number,
      number,
    ];
    // Each move puts a card between A and the card moved before: the gap halves every time until
    // doubles have no room left, and the column is rebalanced.
    let last = 0;
    let other = 0;
    for (let i = 0; i < 70; i += 1) {
      const id = i % 2 === 0 ? c : d;
      await move(account, { id, fields: { order: 1 } });
      other = last;
      last = id;
      const rows = await columnRows(server, org, 'sent');
      expect(rows.map((row) => row.id)).toEqual(i === 0 ? [a, c, b, d] : [a, last, other, b]);
      const orders = rows.map((row) => row.order);
      expect(new Set(orders).size).toBe(4);
    }
    const rows = await columnRows(server, org, 'sent');
    // B was 2000; the rebalance renumbered the column 1000, 2000, 3000, 4000 and B is fourth.
    expect(rows.find((row) => row.id === b)?.order).toBe(4000);
    expect(rows[0]).toMatchObject({ id: a, order: 1000 });
    const page = await column(account, 'status=sent');
    expect(page.conversations.map((x) => x.id)).toEqual([a, last, other, b]);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const { account, org, collection } = await boardOrg(server);
    const [a] = (await seedColumn(server, org, collection, 'sent', 2)) as [number, number];
    const snapshot = async () =>
      server.database
        .db('conversations')
        .where({ organization_id: org })
        .orderBy('id')
        .select('id', 'status', 'order', 'status_update_date');
    const before = await snapshot();
    const cases: [unknown, string | undefined][] = [
      [{ id: a, fields: { order: '5' } }, 'Order must be a finite number'],
      [{ id: a, fields: {} }, 'Order must be a finite number'],
      [{ id: a, fields: { order: null } }, 'Order must be a finite number'],
      [{ id: a, fields: { order: 1, status: 'won' } }, STATUS_MESSAGE],
      [{ id: a }, undefined],
      [{ fields: { order: 1 } }, undefined],
      [{ id: 'abc', fields: { order: 1 } }, undefined],
      [{ id: a, fields: { order: 1 }, collectionId: 'some' }, undefined],
      [[], undefined],
    ];
    // Raw: these bodies are wrongly typed, not JSON, or broken JSON.
    const url = urlOf(contract.conversations.move, {});
    for (const [json, message] of cases) {
      expectError(await account.api.patch(url, { json }), 400, message);
    }
    expectError(
      await account.api.patch(url, { raw: 'id=1', headers: { 'content-type': 'text/plain' } }),
      415,
    );
    expectError(
      await account.api.patch(url, { raw: '{"id":', headers: { 'content-type': 'application/json' } }),
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a missing card, another organisation's card or collection, and changes nothing", async () => {
    const mine = await boardOrg(server);
    const theirs = await boardOrg(server);
    const [foreign] = await seedColumn(server, theirs.org, theirs.collection, 'sent', 1);
    const [own] = await seedColumn(server, mine.org, mine.collection, 'sent', 1);
    const snapshot = async () =>
      server.database
        .db('conversations')
        .whereIn('organization_id', [mine.org, theirs.org])
        .orderBy('id')
        .select('id', 'status', 'order', 'status_update_date');
    const before = await snapshot();
    await expectCallError(
      move(mine.account, { id: foreign as number, fields: { order: 0, status: 'booked' } }),
      404,
      `Conversation ${foreign} not found.`,
    );
    await expectCallError(
      move(mine.account, { id: 999999, fields: { order: 0 } }),
      404,
      'Conversation 999999 not found.',
    );
    await expectCallError(
      move(mine.account, {
        id: own as number,
        fields: { order: 0, status: 'booked' },
        collectionId: theirs.collection,
      }),
      404,
      `Collection ${theirs.collection} not found.`,
    );
    expect(await snapshot()).toEqual(before);
  });
});
