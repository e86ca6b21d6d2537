import { contract } from '@reachly/shared/contract';
import type { ReportResponse } from '@reachly/shared/schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCard, openConversation } from '../src/engine/conversation-writes.ts';
import { ManualClock } from '../src/engine/index.ts';
import {
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { seedCollection, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import {
  apiErrorOf,
  expectRejected,
  registerAccount,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * The funnel's history (funnel_moves) and report days in a time zone (issue 20): the engine's new
 * card and its move after a classified reply, and a person's moves on the board, are each a row
 * written with the change and counted on their day; a card moved twice in a range counts twice, a
 * move outside the range does not, a rolled-back move leaves no row. An action at 02:00 UTC counts
 * on the day before in New York and on its own day in UTC; an unknown zone is a 400 that writes
 * nothing.
 */
const clock = new ManualClock('2026-06-01T07:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

function report(account: TestAccount, query: Record<string, string | number>): Promise<ReportResponse> {
  return account.call(contract.reports.get, { query: query as { from: string; to: string } });
}

/** The history of a card, oldest first. */
async function historyOf(conversationId: number) {
  return (await db()('funnel_moves')
    .where({ conversation_id: conversationId })
    .orderBy('id')
    .select('from_status', 'to_status', 'moved_by', 'moved_by_user_id')) as {
    from_status: string | null;
    to_status: string;
    moved_by: string;
    moved_by_user_id: number | null;
  }[];
}

/** The database's today and the days either side of it (a person's move is stamped with its now()). */
async function aroundToday(): Promise<{ from: string; to: string }> {
  const row = (
    await db().raw(`select to_char(now() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD') as before,
      to_char(now() at time zone 'UTC' + interval '1 day', 'YYYY-MM-DD') as after`)
  ).rows[0] as { before: string; after: string };
  return { from: row.before, to: row.after };
}

const movedIn = (r: ReportResponse, status: string) => r.funnel.find((f) => f.status === status)?.movedIn;
const movedOut = (r: ReportResponse, status: string) => r.funnel.find((f) => f.status === status)?.movedOut;

describe("the funnel's history", () => {
  it("holds the engine's and a person's moves, each counted in its own range, twice when moved twice", async () => {
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'history');
    await db()('licences')
      .where({ organization_id: account.organizationId })
      .update({ license_till: new Date('2027-01-01') });
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead seeded');
    const campaign = await startCampaign(account, {
      name: 'History',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        { type: 'aiReply', intents: { interested: 'Great, {firstName}!' }, fallbackTemplate: 'Thanks.' },
      ],
    });
    // Within the default working hours: the welcome goes out, the card is new.
    clock.set('2026-06-01T10:00:00Z');
    expect((await runUntilIdle([executor], clock)).tasks).toHaveLength(1);
    clock.set('2026-06-01T11:00:00Z');
    await reportEvents(account, profileIds[0] as number, [
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'sounds interesting, tell me more',
        sentAt: clock.now().toISOString(),
      },
    ]);
    await runUntilIdle([executor], clock);
    const card = (await db()('conversations').where({ lead_id: lead.id }).first('id', 'status')) as {
      id: number;
      status: string;
    };
    expect(card.status).toBe('interested');
    // A person moves the card on the board three times: into booked twice.
    for (const status of ['booked', 'qualified', 'booked'] as const) {
      await account.call(contract.conversations.move, {
        body: { id: card.id, fields: { order: 0, status } },
      });
    }
    expect(await historyOf(card.id)).toEqual([
      { from_status: null, to_status: 'sent', moved_by: 'engine', moved_by_user_id: null },
      // The reply moves the card to replied as it is stored, then its reading to interested.
      { from_status: 'sent', to_status: 'replied', moved_by: 'engine', moved_by_user_id: null },
      { from_status: 'replied', to_status: 'interested', moved_by: 'engine', moved_by_user_id: null },
      { from_status: 'interested', to_status: 'booked', moved_by: 'person', moved_by_user_id: account.id },
      { from_status: 'booked', to_status: 'qualified', moved_by: 'person', moved_by_user_id: account.id },
      { from_status: 'qualified', to_status: 'booked', moved_by: 'person', moved_by_user_id: account.id },
    ]);

    // June: the engine's moves on the engine's clock; the person's moves (today) are outside.
    const june = await report(account, { from: '2026-06-01', to: '2026-06-30' });
    expect(june.moves).toEqual([
      { date: '2026-06-01', from: null, to: 'sent', count: 1 },
      { date: '2026-06-01', from: 'sent', to: 'replied', count: 1 },
      { date: '2026-06-01', from: 'replied', to: 'interested', count: 1 },
    ]);
    expect(movedIn(june, 'interested')).toBe(1);
    expect(movedIn(june, 'replied')).toBe(1);
    expect(movedOut(june, 'replied')).toBe(1);
    expect(movedIn(june, 'booked')).toBe(0);
    // The same under the campaign's filter, and nothing under another profile's.
    const byCampaign = await report(account, {
      from: '2026-06-01',
      to: '2026-06-30',
      campaignId: campaign.id,
    });
    expect(byCampaign.moves).toEqual(june.moves);
    const other = await seedProfile(server, account.organizationId, 'Idle profile');
    const idle = await report(account, { from: '2026-06-01', to: '2026-06-30', profileId: other });
    expect(idle.moves).toEqual([]);

    // Around today: the person's three moves, booked entered twice; the engine's June moves are not
    // counted. Each on the day of its own time (read back, so that a test across midnight holds).
    const { from, to } = await aroundToday();
    const now = await report(account, { from, to });
    const personal = (await db()('funnel_moves')
      .where({ conversation_id: card.id, moved_by: 'person' })
      .orderBy('id')
      .select(
        db().raw(`to_char(at at time zone 'UTC', 'YYYY-MM-DD') as date`),
        'from_status as from',
        'to_status as to',
      )) as { date: string; from: string; to: string }[];
    const order = ['qualified', 'interested', 'booked'];
    expect(now.moves).toEqual(
      personal
        .map((m) => ({ ...m, count: 1 }))
        .sort((x, y) => x.date.localeCompare(y.date) || order.indexOf(x.from) - order.indexOf(y.from)),
    );
    expect(movedIn(now, 'booked')).toBe(2);
    expect(movedOut(now, 'booked')).toBe(1);
    expect(movedOut(now, 'interested')).toBe(1);
    expect(movedIn(now, 'sent')).toBe(0);
    expect(movedIn(now, 'interested')).toBe(0);
  });

  it('writes no row for a move whose transaction rolls back, and one for the same move committed', async () => {
    const account = await registerAccount(server, 'history-rollback');
    const collectionId = await seedCollection(server, account.organizationId);
    const conversationId = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1000,
    });
    const at = new Date('2026-06-02T10:00:00Z');
    const move = () =>
      db().transaction(async (trx) => {
        await moveCard(trx, account.organizationId, conversationId, 'replied', at);
        throw new Error('the change failed after the move');
      });
    await expect(move()).rejects.toThrow('the change failed after the move');
    expect(await historyOf(conversationId)).toEqual([]);
    expect((await db()('conversations').where({ id: conversationId }).first('status')).status).toBe('sent');
    // A new card in a rolled-back transaction leaves neither the card nor its row.
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1, { tag: 'rollback' });
    const profileId = await seedProfile(server, account.organizationId);
    const open = db().transaction(async (trx) => {
      await openConversation(trx, {
        organizationId: account.organizationId,
        leadId: Number(lead?.id),
        profileId,
        at,
      });
      throw new Error('rolled back');
    });
    await expect(open).rejects.toThrow('rolled back');
    const [rows] = await db()('funnel_moves')
      .where({ organization_id: account.organizationId })
      .count({ n: '*' });
    expect(Number(rows?.n)).toBe(0);
    await db().transaction((trx) => moveCard(trx, account.organizationId, conversationId, 'replied', at));
    expect(await historyOf(conversationId)).toEqual([
      { from_status: 'sent', to_status: 'replied', moved_by: 'engine', moved_by_user_id: null },
    ]);
    const r = await report(account, { from: '2026-06-02', to: '2026-06-02' });
    expect(r.moves).toEqual([{ date: '2026-06-02', from: 'sent', to: 'replied', count: 1 }]);
  });
});

describe('report days in a time zone', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await registerAccount(server, 'zones');
    const collectionId = await seedCollection(server, account.organizationId);
    const profileId = await seedProfile(server, account.organizationId, 'Zone profile');
    const [campaign] = await db()('campaigns')
      .insert({ organization_id: account.organizationId, collection_id: collectionId, name: 'Zones' })
      .returning('id');
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1, { tag: 'zones' });
    const at = new Date('2026-10-05T02:00:00Z');
    await db()('campaign_tasks').insert({
      organization_id: account.organizationId,
      campaign_id: Number(campaign.id),
      profile_id: profileId,
      lead_id: lead?.id,
      step_key: 'friendRequest',
      action: 'friendRequest',
      status: 'done',
      attempts: 1,
      finished_at: at,
    });
    await db().transaction((trx) =>
      openConversation(trx, {
        organizationId: account.organizationId,
        leadId: Number(lead?.id),
        profileId,
        at,
      }),
    );
  });

  it('counts an action at 02:00 UTC on the day before in New York and on its own day in UTC', async () => {
    const utc = await report(account, { from: '2026-10-04', to: '2026-10-05' });
    expect(utc.timeZone).toBe('UTC');
    expect(utc.days.map((d) => [d.date, d.requestsSent])).toEqual([
      ['2026-10-04', 0],
      ['2026-10-05', 1],
    ]);
    expect(utc.moves).toEqual([{ date: '2026-10-05', from: null, to: 'sent', count: 1 }]);
    const ny = await report(account, { from: '2026-10-04', to: '2026-10-05', timeZone: 'America/New_York' });
    expect(ny.timeZone).toBe('America/New_York');
    expect(ny.days.map((d) => [d.date, d.requestsSent])).toEqual([
      ['2026-10-04', 1],
      ['2026-10-05', 0],
    ]);
    expect(ny.moves).toEqual([{ date: '2026-10-04', from: null, to: 'sent', count: 1 }]);
    // The range itself is the zone's: 5 October in New York starts at 04:00 UTC, after the request.
    const fifth = await report(account, {
      from: '2026-10-05',
      to: '2026-10-05',
      timeZone: 'america/new_york',
    });
    expect(fifth.timeZone).toBe('America/New_York');
    expect(fifth.totals.requestsSent).toBe(0);
    expect((await report(account, { from: '2026-10-05', to: '2026-10-05' })).totals.requestsSent).toBe(1);
    // The export counts the same days.
    const res = await account.api.get(
      '/api/reports/export?from=2026-10-04&to=2026-10-05&timeZone=America/New_York',
    );
    expect(res.status).toBe(200);
    const rows = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    const days = rows.filter((row) => row.Row === 'day').map((row) => [row.Date, row['Requests sent']]);
    expect(days).toEqual([
      ['2026-10-04', '1'],
      ['2026-10-05', '0'],
    ]);
  });

  it('refuses an unknown time zone with a clear 400 that writes nothing', async () => {
    for (const zone of ['Mars/Olympus', '+05:00', 'America/New York', 'x'.repeat(80)]) {
      for (const path of ['/api/reports', '/api/reports/export']) {
        const query = `from=2026-10-04&to=2026-10-05&timeZone=${encodeURIComponent(zone)}`;
        const res = await expectRejected(
          server,
          `${path} ${zone}`,
          () => account.api.get(`${path}?${query}`),
          400,
        );
        expect((res.body as { error: { message: string } }).error.message, zone).toMatch(/timeZone/);
      }
    }
    const error = await apiErrorOf(
      report(account, { from: '2026-10-04', to: '2026-10-05', timeZone: 'Mars/Olympus' }),
    );
    expect(error.status).toBe(400);
  });
});
