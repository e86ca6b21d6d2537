import { CONVERSATION_STATUS_VALUES, emptyStatusCounts } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { conversationSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardOrg,
  column,
  expectCallError,
  expectError,
  fieldsOf,
  grouped,
  STATUS_MESSAGE,
} from './helpers/conversations.ts';
import { seedCollection, seedColumn, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Reading the funnel board (GET /api/conversations): every column grouped, one column's pages, one
 * card with its messages. Moving cards is in conversations-move.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('authentication', () => {
  it('answers 401 to every conversations route without a session or token', async () => {
    const { list, get, move } = contract.conversations;
    await expectCallError(server.call(list), 401);
    await expectCallError(server.call(list, { query: { status: 'sent' } }), 401);
    await expectCallError(server.call(get, { params: { id: 1 } }), 401);
    await expectCallError(server.call(move, { body: { id: 1, fields: { order: 0 } } }), 401);
  });
});

describe('GET /api/conversations (grouped)', () => {
  it('answers every status with up to limit cards each, sorted by order, with all counts', async () => {
    const { account, org, collection } = await boardOrg(server);
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
    const { account, org, collection } = await boardOrg(server);
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
    const mine = await boardOrg(server);
    const theirs = await boardOrg(server);
    await seedConversation(server, theirs.org, {
      collectionId: theirs.collection,
      order: 1000,
      name: 'Secret',
    });
    const answer = await grouped(mine.account);
    expect(answer.totalCount).toBe(0);
    expect(answer.statusCounts).toEqual(emptyStatusCounts());
    // Raw answer: its text is read for the other organisation's card.
    const res = await mine.account.api.send(contract.conversations.list, {
      query: { collectionId: theirs.collection },
    });
    expectError(res, 404, `Collection ${theirs.collection} not found.`);
    expect(res.text).not.toContain('Secret');
    await expectCallError(
      mine.account.call(contract.conversations.list, { query: { collectionId: 999999 } }),
      404,
    );
  });

  it('searches lead names and message texts, case-insensitively, with % and _ taken literally', async () => {
    const { account, org, collection } = await boardOrg(server);
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
    const { account } = await boardOrg(server);
    const list = (query: string) => account.call(contract.conversations.list, { query: fieldsOf(query) });
    await expectCallError(list('status=won'), 400, STATUS_MESSAGE);
    await expectCallError(list('limit=0'), 400);
    await expectCallError(list('limit=201'), 400);
    await expectCallError(list('status=sent&lastOrder=abc'), 400);
    await expectCallError(list('status=sent&lastId=-4'), 400);
    await expectCallError(list('collectionId=some'), 400);
    await expectCallError(list('groupByStatus=yes'), 400);
    await expectCallError(list(`search=${'x'.repeat(201)}`), 400);
  });
});

describe('GET /api/conversations (one column)', () => {
  it('pages a column by lastOrder and lastId: every card exactly once, ties included', async () => {
    const { account, org, collection } = await boardOrg(server);
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
    const { account, org, collection } = await boardOrg(server);
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
    const { account, org, collection } = await boardOrg(server);
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
    const mine = await boardOrg(server);
    const theirs = await boardOrg(server);
    const id = await seedConversation(server, theirs.org, {
      collectionId: theirs.collection,
      order: 1,
      name: 'Hidden',
      messages: [{ direction: 'in', text: 'private words' }],
    });
    // Raw answer: its text is read for the other organisation's messages.
    const res = await mine.account.api.send(contract.conversations.get, { params: { id } });
    expectError(res, 404, `Conversation ${id} not found.`);
    expect(res.text).not.toContain('private');
    const get = (params: { id: number | string }) =>
      mine.account.call(contract.conversations.get, { params });
    await expectCallError(get({ id: 999999 }), 404, 'Conversation 999999 not found.');
    await expectCallError(get({ id: 'abc' }), 400);
  });
});
