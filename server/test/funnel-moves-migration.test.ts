import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../src/db/migrations/index.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Migration 20261127900010 (the funnel's history): on a database whose cards were written before
 * it, it adds one 'import' row per card, from nowhere into its current status, at the time of its
 * latest move (else its creation); down removes the table.
 */
const NAME = '20261127900010-create-funnel-moves';
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.destroy());

describe('the funnel history migration', () => {
  it('backfills one row per existing card from its current status', async () => {
    const db = database.db;
    await db.migrate.down({ migrationSource, name: NAME });
    expect(await db.schema.hasTable('funnel_moves')).toBe(false);
    const [org] = await db('organizations')
      .insert({ name: 'Before the history', invite_token: 'funnel-moves-migration-test' })
      .returning('id');
    const organizationId = Number(org.id);
    const [collection] = await db('collections')
      .insert({ organization_id: organizationId, name: 'Old cards' })
      .returning('id');
    const cards: { status: string; status_update_date: string | null; created_at: string }[] = [
      {
        status: 'booked',
        status_update_date: '2026-03-04T05:06:07.000Z',
        created_at: '2026-03-01T00:00:00.000Z',
      },
      { status: 'sent', status_update_date: null, created_at: '2026-02-01T10:00:00.000Z' },
    ];
    const ids: number[] = [];
    for (const [i, card] of cards.entries()) {
      const [lead] = await db('leads')
        .insert({
          organization_id: organizationId,
          collection_id: collection.id,
          profile_url: `https://network.example/people/old-${i}`,
        })
        .returning('id');
      const [row] = await db('conversations')
        .insert({
          organization_id: organizationId,
          lead_id: lead.id,
          collection_id: collection.id,
          order: i,
          ...card,
        })
        .returning('id');
      ids.push(Number(row.id));
    }
    await db.migrate.up({ migrationSource, name: NAME });
    const rows = await db('funnel_moves')
      .whereIn('conversation_id', ids)
      .orderBy('conversation_id')
      .select(
        'organization_id',
        'conversation_id',
        'from_status',
        'to_status',
        'moved_by',
        'moved_by_user_id',
        'at',
      );
    expect(rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))).toEqual([
      {
        organization_id: organizationId,
        conversation_id: ids[0],
        from_status: null,
        to_status: 'booked',
        moved_by: 'import',
        moved_by_user_id: null,
        at: '2026-03-04T05:06:07.000Z',
      },
      {
        organization_id: organizationId,
        conversation_id: ids[1],
        from_status: null,
        to_status: 'sent',
        moved_by: 'import',
        moved_by_user_id: null,
        at: '2026-02-01T10:00:00.000Z',
      },
    ]);
    // Who moved it is one of three.
    await expect(
      db('funnel_moves').insert({
        organization_id: organizationId,
        conversation_id: ids[0],
        to_status: 'sent',
        moved_by: 'robot',
        at: new Date(),
      }),
    ).rejects.toThrow(/funnel_moves_moved_by/);
  });
});
