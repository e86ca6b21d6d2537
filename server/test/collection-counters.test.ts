import { contract } from '@reachly/shared/contract';
import type { BulkLeadsBody } from '@reachly/shared/schemas';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHousekeeping } from '../src/db/housekeeping.ts';
import { toCount } from '../src/db/knex.ts';
import { migrationSource } from '../src/db/migrations/index.ts';
import { ManualClock } from '../src/engine/index.ts';
import { compactBusyLeadCounts } from '../src/services/leads/lead-counts.ts';
import {
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { csvOf, expectExact, uploadCsv } from './helpers/lead-counters.ts';
import { countRows, createCollection, registerAccount, type TestServer } from './helpers/test-server.ts';

/**
 * GET /api/collections answers from the counters lead_counts keeps (issue 18), not from the leads:
 * after every kind of write (import, bulk actions, exclusion, clearing, the engine's outcomes,
 * deleting a collection, TRUNCATE, the migration's rebuild) the kept counters equal a fresh count
 * of the leads, on both databases. What the counters lock (nothing an engine write waits on) is
 * in collection-counters-locks.test.ts.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

async function leadIds(collectionId: number): Promise<number[]> {
  const rows = (await db()('leads').where({ collection_id: collectionId }).orderBy('id').select('id')) as {
    id: number;
  }[];
  return rows.map((r) => Number(r.id));
}

describe('GET /api/collections reads the kept counters', () => {
  it('answers what lead_counts holds, not a count of the leads', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Kept');
    await uploadCsv(server, account, collectionId, csvOf('kept', 3));
    const [row] = await db()('lead_counts')
      .insert({
        organization_id: account.organizationId,
        collection_id: collectionId,
        is_excluded: false,
        n: 5,
        has_message_button: 4,
        sent_friend_requests: 3,
        sent_messages: 2,
        should_skip: 1,
      })
      .returning('id');
    expect(await account.call(contract.collections.list)).toEqual([
      expect.objectContaining({
        profiles: 8,
        hasMessageButton: 4,
        sentFriendRequests: 3,
        sentMessages: 2,
        shouldSkip: 1,
      }),
    ]);
    await db()('lead_counts').where({ id: row.id }).delete();
    await expectExact(server, account);
  });
});

describe('the kept counters equal a fresh count', () => {
  it('after imports, exclusion, bulk actions, clearing, adding and deleting a collection', async () => {
    const account = await registerAccount(server);
    const a = await createCollection(account, 'Florists');
    const b = await createCollection(account, 'Bakers');
    expect(await uploadCsv(server, account, a, csvOf('a', 30))).toMatchObject({ imported: 30 });
    // The Message button seen on some leads, not known yet on others (they count too).
    const ids = await leadIds(a);
    await db()('leads').whereIn('id', ids.slice(0, 4)).update({ has_message_button: true });
    await db()('leads').whereIn('id', ids.slice(4, 6)).update({ has_message_button: null });
    await db()('leads').whereIn('id', ids.slice(5, 8)).update({ should_skip: true });
    expect(await expectExact(server, account)).toContainEqual(
      expect.objectContaining({ id: a, profiles: 30, hasMessageButton: 6, shouldSkip: 3 }),
    );

    const bulk = (body: BulkLeadsBody) => account.call(contract.leads.bulk, { body });
    await bulk({ action: 'exclude', selection: { ids: ids.slice(0, 8) } });
    await expectExact(server, account);
    await bulk({ action: 'include', selection: { ids: ids.slice(0, 3) } });
    await account.call(contract.leads.setExcluded, { body: { id: ids[20] as number, isExcluded: true } });
    await expectExact(server, account);
    await bulk({ action: 'move', selection: { ids: ids.slice(2, 12) }, targetCollectionId: b });
    expect(await expectExact(server, account)).toContainEqual(
      expect.objectContaining({ id: b, profiles: 10 }),
    );
    await bulk({ action: 'copy', selection: { filter: { collectionId: b } }, targetCollectionId: a });
    await bulk({ action: 'delete', selection: { ids: ids.slice(12, 16) } });
    await bulk({ action: 'exclude', selection: { filter: { collectionId: 'all' } } });
    await expectExact(server, account);
    await account.call(contract.leads.create, {
      body: { collectionId: b, leads: [{ profileUrl: 'https://sandbox.local/people/b-new' }] },
    });
    await account.call(contract.leads.clear, { query: { collectionId: a } });
    expect(await expectExact(server, account)).toContainEqual(
      expect.objectContaining({ id: a, profiles: 0 }),
    );

    // An import that clears the collection first.
    await uploadCsv(server, account, a, csvOf('a', 12));
    expect(await uploadCsv(server, account, b, csvOf('b', 7), true)).toMatchObject({ imported: 7 });
    expect(await expectExact(server, account)).toEqual([
      expect.objectContaining({ id: a, profiles: 12 }),
      expect.objectContaining({ id: b, profiles: 7 }),
    ]);

    await account.call(contract.collections.remove, { params: { id: a } });
    expect(await countRows(server, 'lead_counts', { collection_id: a })).toBe(0);
    expect(await expectExact(server, account)).toEqual([expect.objectContaining({ id: b, profiles: 7 })]);
  });

  it("after the engine's outcomes: a request sent, the Message button seen, a message sent", async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'counted');
    const leads = await seedLeads(server, account.organizationId, collectionId, 4);
    await startCampaign(account, {
      name: 'Counted',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}' }],
      gapSeconds: { min: 60, max: 60 },
    });
    // The first request by hand: its page showed no Message button.
    const { task } = await executor.claim();
    if (task?.action !== 'friendRequest') throw new Error(`expected a friend request, got ${task?.action}`);
    await executor.started(task);
    await executor.report(task, { status: 'done', data: { hasMessageButton: false } });
    expect(await expectExact(server, account)).toEqual([
      expect.objectContaining({ profiles: 4, sentFriendRequests: 1, hasMessageButton: 3 }),
    ]);
    clock.advance({ seconds: 60 });
    await runUntilIdle([executor], clock);
    for (const lead of leads.slice(0, 2)) {
      await executor.events([{ kind: 'friendAccepted', profileUrl: lead.url }]);
    }
    await runUntilIdle([executor], clock);
    const [counted] = await expectExact(server, account);
    expect(counted).toMatchObject({ profiles: 4, sentFriendRequests: 4, hasMessageButton: 3 });
    expect(counted?.sentMessages).toBeGreaterThan(0);

    // The housekeeping pass folds a collection's delta rows; the sums stay.
    expect(await countRows(server, 'lead_counts', { collection_id: collectionId })).toBeGreaterThan(2);
    const housekeeping = startHousekeeping(db(), { intervalMs: 20, logger: pino({ level: 'silent' }) });
    try {
      await vi.waitFor(
        async () => expect(await countRows(server, 'lead_counts', { collection_id: collectionId })).toBe(1),
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await housekeeping.stop();
    }
    await expectExact(server, account);
  });

  it('after a TRUNCATE of the leads (nothing left to count)', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Truncated');
    await uploadCsv(server, account, collectionId, csvOf('t', 5));
    await db()
      .transaction(async (trx) => {
        await trx.raw('truncate leads cascade');
        const { rows } = (await trx.raw('select count(*) as n from lead_counts')) as {
          rows: { n: unknown }[];
        };
        expect(toCount(rows[0]?.n)).toBe(0);
        throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
    await expectExact(server, account);
  });

  it('folds busy collections only, and a folding beside another is exact', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Folded');
    await uploadCsv(server, account, collectionId, csvOf('f', 20));
    const ids = await leadIds(collectionId);
    for (const id of ids.slice(0, 10)) {
      await db()('leads').where({ id }).update({ friend_request_sent_at: new Date() });
    }
    await Promise.all([compactBusyLeadCounts(db()), compactBusyLeadCounts(db())]);
    // Side by side, each folding may take a part of the rows (the other's are skipped, locked): one
    // row from each at most, and the sums exact either way.
    expect(await countRows(server, 'lead_counts', { collection_id: collectionId })).toBeLessThanOrEqual(2);
    expect(await expectExact(server, account)).toEqual([
      expect.objectContaining({ profiles: 20, sentFriendRequests: 10 }),
    ]);
    // Alone, a folding leaves one row.
    await compactBusyLeadCounts(db(), 1);
    expect(await countRows(server, 'lead_counts', { collection_id: collectionId })).toBe(1);
    await expectExact(server, account);
  });
});

describe('migration 20261128235010 on a database with leads', () => {
  it('rebuilds every counter from the leads, whatever lead_counts held', async () => {
    const name = '20261128235010-collection-counters';
    const account = await registerAccount(server);
    const a = await createCollection(account, 'Before');
    const b = await createCollection(account, 'Also before');
    await db().migrate.down({ migrationSource, name });
    const lead = (collectionId: number, i: number, flags: Record<string, unknown>) => ({
      organization_id: account.organizationId,
      collection_id: collectionId,
      profile_url: `https://sandbox.local/people/before-${collectionId}-${i}`,
      ...flags,
    });
    await db()('leads').insert([
      lead(a, 1, { has_message_button: true, friend_request_sent_at: new Date() }),
      lead(a, 2, { has_message_button: null, message_sent_at: new Date(), is_excluded: true }),
      lead(a, 3, { has_message_button: false, should_skip: true }),
      lead(b, 1, { has_message_button: false, friend_request_sent_at: new Date(), should_skip: true }),
    ]);
    // A count gone wrong before the migration: the rebuild does not start from it.
    await db()('lead_counts').insert({
      organization_id: account.organizationId,
      collection_id: b,
      is_excluded: false,
      n: 100,
    });
    await db().migrate.up({ migrationSource, name });
    expect(await expectExact(server, account)).toEqual([
      { id: a, profiles: 3, hasMessageButton: 2, sentFriendRequests: 1, sentMessages: 1, shouldSkip: 1 },
      { id: b, profiles: 1, hasMessageButton: 0, sentFriendRequests: 1, sentMessages: 0, shouldSkip: 1 },
    ]);
  });
});
