import { CONVERSATION_STATUS_VALUES, emptyStatusCounts } from '@reachly/shared/constants';
import { type ClientInput, contract } from '@reachly/shared/contract';
import {
  apiErrorSchema,
  conversationSchema,
  conversationsColumnResponseSchema,
  conversationsGroupedResponseSchema,
} from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnRows,
  seedCollection,
  seedColumn,
  seedConversation,
  seedProfile,
} from './helpers/seed-conversations.ts';
import {
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

/** An account with one collection. */
async function setup(): Promise<{ account: TestAccount; org: number; collection: number }> {
  const account = await registerAccount(server, 'conv');
  const collection = await seedCollection(server, account.organizationId);
  return { account, org: account.organizationId, collection };
}

/** The query string's fields, for the typed client (`&collectionId=4&search=x`). */
const fieldsOf = (query: string): Record<string, string> => Object.fromEntries(new URLSearchParams(query));

/** GET /api/conversations?groupByStatus=true…: the grouped form (the parse narrows the contract's union). */
async function grouped(account: TestAccount, query = '') {
  const fields: Record<string, string> = { groupByStatus: 'true', ...fieldsOf(query) };
  const answer = await account.call(contract.conversations.list, { query: fields });
  return conversationsGroupedResponseSchema.parse(answer);
}

/** GET /api/conversations?status=…: one column's page. */
async function column(account: TestAccount, query: string) {
  const answer = await account.call(contract.conversations.list, { query: fieldsOf(query) });
  return conversationsColumnResponseSchema.parse(answer);
}

function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

const STATUS_MESSAGE = `Status must be one of ${CONVERSATION_STATUS_VALUES.join(', ')}`;

describe('authentication', () => {
  it('answers 401 to every conversations route without a session or token', async () => {
    const client = server.client();
    expectError(await client.get('/api/conversations'), 401);
    expectError(await client.get('/api/conversations?status=sent'), 401);
    expectError(await client.get('/api/conversations/1'), 401);
    expectError(await client.patch('/api/conversations', { json: { id: 1, fields: { order: 0 } } }), 401);
  });
});

describe('GET /api/conversations (grouped)', () => {
  it('answers every status with up to limit cards each, sorted by order, with all counts', async () => {
    const { account, org, collection } = await setup();
    const profile = await seedProfile(server, org);
    const sent = [
      await seedConversation(server, org, { collectionId: collection, order: 3000, name: 'C' }),
      await seedConversation(server, org, {
        collectionId: collection,
        order: 1000,
        name: 'A',
        profileId: profile,
      }),
      await seedConversation(server, org, { collectionId: collection, order: 2000, name: 'B' }),
    ];
    const booked = await seedConversation(server, org, {
      collectionId: collection,
      status: 'booked',
      order: -500,
      statusUpdateDate: '2024-05-01T10:00:00.000Z',
      messages: [
        { direction: 'out', text: 'Hi there', sentAt: '2024-05-01T08:00:00.000Z' },
        { direction: 'in', text: 'Booked!', sentAt: '2024-05-01T09:00:00.000Z' },
      ],
    });

    const all = await grouped(account);
    expect(Object.keys(all.conversations).sort()).toEqual([...CONVERSATION_STATUS_VALUES].sort());
    expect(all.conversations.sent?.map((c) => c.id)).toEqual([sent[1], sent[2], sent[0]]);
    expect(all.conversations.sent?.map((c) => c.name)).toEqual(['A', 'B', 'C']);
    expect(all.conversations.sent?.[0]?.profileId).toBe(profile);
    expect(all.conversations.booked).toEqual([
      conversationSchema.parse({
        id: booked,
        leadId: all.conversations.booked?.[0]?.leadId,
        profileId: null,
        collectionId: collection,
        status: 'booked',
        order: -500,
        statusUpdateDate: '2024-05-01T10:00:00.000Z',
        name: all.conversations.booked?.[0]?.name,
        avatarUrl: all.conversations.booked?.[0]?.avatarUrl,
        lastMessage: 'Booked!',
        lastMessageAt: '2024-05-01T09:00:00.000Z',
        contactOn: null,
        needsPerson: null,
        note: null,
      }),
    ]);
    expect(all.conversations.replied).toEqual([]);
    expect(all.statusCounts).toEqual({ ...emptyStatusCounts(), sent: 3, booked: 1 });
    expect(all.totalCount).toBe(4);

    const limited = await grouped(account, '&limit=2');
    expect(limited.conversations.sent?.map((c) => c.id)).toEqual([sent[1], sent[2]]);
    expect(limited.conversations.booked?.map((c) => c.id)).toEqual([booked]);
    expect(limited.statusCounts.sent).toBe(3);
    expect(limited.totalCount).toBe(4);
  });

  it('filters by collection; null, empty and all mean every collection', async () => {
    const { account, org, collection } = await setup();
    const other = await seedCollection(server, org);
    const inFirst = await seedConversation(server, org, { collectionId: collection, order: 1000 });
    const inOther = await seedConversation(server, org, {
      collectionId: other,
      order: 500,
      status: 'replied',
    });

    const first = await grouped(account, `&collectionId=${collection}`);
    expect(first.conversations.sent?.map((c) => c.id)).toEqual([inFirst]);
    expect(first.conversations.replied).toEqual([]);
    expect(first.totalCount).toBe(1);
    expect(first.statusCounts).toEqual({ ...emptyStatusCounts(), sent: 1 });
    for (const value of ['null', '', 'all']) {
      const every = await grouped(account, `&collectionId=${value}`);
      expect(every.totalCount).toBe(2);
      expect(every.conversations.replied?.map((c) => c.id)).toEqual([inOther]);
    }
  });

  it("never shows another organisation's cards; its collection id answers 404", async () => {
    const mine = await setup();
    const theirs = await setup();
    await seedConversation(server, theirs.org, {
      collectionId: theirs.collection,
      order: 1000,
      name: 'Secret',
    });
    const answer = await grouped(mine.account);
    expect(answer.totalCount).toBe(0);
    expect(answer.statusCounts).toEqual(emptyStatusCounts());
    const res = await mine.account.api.get(`/api/conversations?collectionId=${theirs.collection}`);
    expectError(res, 404, `Collection ${theirs.collection} not found.`);
    expect(res.text).not.toContain('Secret');
    expectError(await mine.account.api.get('/api/conversations?collectionId=999999'), 404);
  });

  it('searches lead names and message texts, case-insensitively, with % and _ taken literally', async () => {
    const { account, org, collection } = await setup();
    const anna = await seedConversation(server, org, {
      collectionId: collection,
      order: 1,
      name: 'Anna Smith',
    });
    const byMessage = await seedConversation(server, org, {
      collectionId: collection,
      order: 2,
      status: 'replied',
      name: 'Bob',
      messages: [
        { direction: 'out', text: 'Would a CALL on Friday work?', sentAt: '2024-05-01T08:00:00Z' },
        { direction: 'in', text: 'No thanks', sentAt: '2024-05-01T09:00:00Z' },
      ],
    });
    const percent = await seedConversation(server, org, {
      collectionId: collection,
      order: 3,
      name: '100% sure',
    });
    await seedConversation(server, org, { collectionId: collection, order: 4, name: '1000 sure' });
    const underscore = await seedConversation(server, org, {
      collectionId: collection,
      order: 5,
      name: 'a_b',
    });
    await seedConversation(server, org, { collectionId: collection, order: 6, name: 'axb' });

    const ids = (answer: Awaited<ReturnType<typeof grouped>>) =>
      Object.values(answer.conversations)
        .flat()
        .map((c) => c.id)
        .sort((a, b) => a - b);
    expect(ids(await grouped(account, '&search=aNNa'))).toEqual([anna]);
    // An older message matches, not only the last one.
    const call = await grouped(account, '&search=call%20on');
    expect(ids(call)).toEqual([byMessage]);
    expect(call.totalCount).toBe(1);
    expect(call.statusCounts).toEqual({ ...emptyStatusCounts(), replied: 1 });
    expect(ids(await grouped(account, `&search=${encodeURIComponent('0%')}`))).toEqual([percent]);
    expect(ids(await grouped(account, '&search=a_b'))).toEqual([underscore]);
    expect((await grouped(account, '&search=nobody')).totalCount).toBe(0);
    // Search also applies to a column page.
    const page = await column(account, 'status=sent&search=SURE');
    expect(page.conversations.map((c) => c.name)).toEqual(['100% sure', '1000 sure']);
  });

  it('refuses bad queries with 400', async () => {
    const { account } = await setup();
    expectError(await account.api.get('/api/conversations?status=won'), 400, STATUS_MESSAGE);
    expectError(await account.api.get('/api/conversations?limit=0'), 400);
    expectError(await account.api.get('/api/conversations?limit=201'), 400);
    expectError(await account.api.get('/api/conversations?status=sent&lastOrder=abc'), 400);
    expectError(await account.api.get('/api/conversations?status=sent&lastId=-4'), 400);
    expectError(await account.api.get('/api/conversations?collectionId=some'), 400);
    expectError(await account.api.get('/api/conversations?groupByStatus=yes'), 400);
    expectError(await account.api.get(`/api/conversations?search=${'x'.repeat(201)}`), 400);
  });
});

describe('GET /api/conversations (one column)', () => {
  it('pages a column by lastOrder and lastId: every card exactly once, ties included', async () => {
    const { account, org, collection } = await setup();
    const expected: number[] = [];
    // 23 cards, some sharing a rank (ties sort by id), plus cards of other columns.
    for (let i = 0; i < 23; i += 1) {
      expected.push(
        await seedConversation(server, org, {
          collectionId: collection,
          status: 'qualified',
          order: Math.floor(i / 3) * 10,
        }),
      );
    }
    await seedColumn(server, org, collection, 'sent', 3);
    const seen: number[] = [];
    let query = 'status=qualified';
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await column(account, `${query}&collectionId=${collection}`);
      expect(page.conversations.every((c) => c.status === 'qualified')).toBe(true);
      seen.push(...page.conversations.map((c) => c.id));
      if (!page.hasMore) break;
      expect(page.conversations).toHaveLength(10);
      const last = page.conversations.at(-1);
      query = `status=qualified&lastOrder=${last?.order}&lastId=${last?.id}`;
    }
    expect(seen).toEqual(expected);
  });

  it('pages by lastOrder alone when ranks are distinct, 10 per page by default', async () => {
    const { account, org, collection } = await setup();
    const ids = await seedColumn(server, org, collection, 'interested', 12, 1000);
    const first = await column(account, 'status=interested');
    expect(first.conversations.map((c) => c.id)).toEqual(ids.slice(0, 10));
    expect(first.hasMore).toBe(true);
    const second = await column(
      account,
      `status=interested&limit=10&lastOrder=${first.conversations.at(-1)?.order}`,
    );
    expect(second.conversations.map((c) => c.id)).toEqual(ids.slice(10));
    expect(second.hasMore).toBe(false);
    const fractional = await column(account, 'status=interested&lastOrder=1500.5&limit=2');
    expect(fractional.conversations.map((c) => c.order)).toEqual([2000, 3000]);
    expect((await column(account, 'status=booked')).conversations).toEqual([]);
  });
});

describe('GET /api/conversations/:id', () => {
  it('answers the card with its messages, oldest first', async () => {
    const { account, org, collection } = await setup();
    const id = await seedConversation(server, org, {
      collectionId: collection,
      order: 1000,
      name: 'Carla',
      messages: [
        { direction: 'out', text: 'Hello Carla', sentAt: '2024-05-01T08:00:00.000Z' },
        { direction: 'in', text: 'Hi!', sentAt: '2024-05-01T08:05:00.000Z' },
        { direction: 'out', text: 'Great', sentAt: '2024-05-01T09:00:00.000Z' },
      ],
    });
    const card = await account.call(contract.conversations.get, { params: { id } });
    expect(card).toMatchObject({ id, name: 'Carla', status: 'sent', order: 1000, lastMessage: 'Great' });
    expect(card.messages.map((m) => [m.direction, m.text, m.sentAt])).toEqual([
      ['out', 'Hello Carla', '2024-05-01T08:00:00.000Z'],
      ['in', 'Hi!', '2024-05-01T08:05:00.000Z'],
      ['out', 'Great', '2024-05-01T09:00:00.000Z'],
    ]);
    const empty = await seedConversation(server, org, { collectionId: collection, order: 2000 });
    expect((await account.call(contract.conversations.get, { params: { id: empty } })).messages).toEqual([]);
  });

  it("answers 404 for another organisation's card and for a missing one, 400 for a bad id", async () => {
    const mine = await setup();
    const theirs = await setup();
    const id = await seedConversation(server, theirs.org, {
      collectionId: theirs.collection,
      order: 1,
      name: 'Hidden',
      messages: [{ direction: 'in', text: 'private words' }],
    });
    const res = await mine.account.api.get(`/api/conversations/${id}`);
    expectError(res, 404, `Conversation ${id} not found.`);
    expect(res.text).not.toContain('private');
    expectError(
      await mine.account.api.get('/api/conversations/999999'),
      404,
      'Conversation 999999 not found.',
    );
    expectError(await mine.account.api.get('/api/conversations/abc'), 400);
  });
});

describe('PATCH /api/conversations', () => {
  async function move(account: TestAccount, body: ClientInput<typeof contract.conversations.move>['body']) {
    return account.call(contract.conversations.move, { body });
  }

  it('moves a card within its column by writing that one row', async () => {
    const { account, org, collection } = await setup();
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
    const { account, org, collection } = await setup();
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
    const { account, org, collection } = await setup();
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
    const { account, org, collection } = await setup();
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
    const { account, org, collection } = await setup();
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
    const { account, org, collection } = await setup();
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
    for (const [json, message] of cases) {
      expectError(await account.api.patch('/api/conversations', { json }), 400, message);
    }
    expectError(
      await account.api.patch('/api/conversations', {
        raw: 'id=1',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    );
    expectError(
      await account.api.patch('/api/conversations', {
        raw: '{"id":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a missing card, another organisation's card or collection, and changes nothing", async () => {
    const mine = await setup();
    const theirs = await setup();
    const [foreign] = await seedColumn(server, theirs.org, theirs.collection, 'sent', 1);
    const [own] = await seedColumn(server, mine.org, mine.collection, 'sent', 1);
    const snapshot = async () =>
      server.database
        .db('conversations')
        .whereIn('organization_id', [mine.org, theirs.org])
        .orderBy('id')
        .select('id', 'status', 'order', 'status_update_date');
    const before = await snapshot();
    expectError(
      await mine.account.api.patch('/api/conversations', {
        json: { id: foreign, fields: { order: 0, status: 'booked' } },
      }),
      404,
      `Conversation ${foreign} not found.`,
    );
    expectError(
      await mine.account.api.patch('/api/conversations', { json: { id: 999999, fields: { order: 0 } } }),
      404,
      'Conversation 999999 not found.',
    );
    expectError(
      await mine.account.api.patch('/api/conversations', {
        json: { id: own, fields: { order: 0, status: 'booked' }, collectionId: theirs.collection },
      }),
      404,
      `Collection ${theirs.collection} not found.`,
    );
    expect(await snapshot()).toEqual(before);
  });
});
