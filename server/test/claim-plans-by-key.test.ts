import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lookAt } from '../src/engine/claim-sql.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Migration 20261129200010: the look keeps one plan per session (force_generic_plan), and that
 * plan must read a person by the organisation and profile URL however small `people` was when it
 * was made. Made on an empty, analyzed `people` with sequential scans allowed, the plan scanned the
 * whole table on every look (the engine bench: half of the look's time by 4,000 people; this test
 * counted one scan on PGlite and on PostgreSQL without the migration, on a quiet machine, though
 * not in every run of the whole suite: the planner may pick the index for an empty table too).
 * With the migration's setting, the same session reads the grown table by its key.
 *
 * Everything runs in one transaction on one connection (a session's plans are its own), counted
 * by pg_stat_xact_user_tables, and is rolled back.
 */
const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY_START = new Date('2026-06-01T00:00:00.000Z');
const OTHER_PEOPLE = 5_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.destroy());

/** An organisation whose one profile has two due friend requests in a running campaign. */
async function seed(trx: Knex.Transaction): Promise<{ organizationId: number; profileId: number }> {
  const [org] = await trx('organizations')
    .insert({ name: 'Plans by key', invite_token: 'claim-plans-by-key' })
    .returning('id');
  const organizationId = Number(org.id);
  const [collection] = await trx('collections')
    .insert({ organization_id: organizationId, name: 'Leads' })
    .returning('id');
  const leads = await trx('leads')
    .insert(
      [0, 1].map((i) => ({
        organization_id: organizationId,
        collection_id: collection.id,
        profile_url: `https://network.example/in/plans-${i}`,
        name: `Lead ${i}`,
      })),
    )
    .returning('id');
  const [profile] = await trx('profiles')
    .insert({ organization_id: organizationId, name: 'Profile' })
    .returning('id');
  const profileId = Number(profile.id);
  const [campaign] = await trx('campaigns')
    .insert({
      organization_id: organizationId,
      collection_id: collection.id,
      name: 'Running',
      status: 'running',
      settings: JSON.stringify({
        steps: [{ type: 'friendRequest' }],
        dailyCaps: {},
        workingHours: { start: '00:00', end: '23:59' },
        gapSeconds: { min: 60, max: 120 },
      }),
    })
    .returning('id');
  await trx('campaign_profiles').insert({
    organization_id: organizationId,
    campaign_id: campaign.id,
    profile_id: profileId,
  });
  await trx('campaign_tasks').insert(
    leads.map((lead: { id: number }) => ({
      organization_id: organizationId,
      campaign_id: campaign.id,
      profile_id: profileId,
      lead_id: lead.id,
      step_key: 'friendRequest',
      action: 'friendRequest',
      status: 'pending',
      due_at: '2026-06-01T08:00:00.000Z',
    })),
  );
  return { organizationId, profileId };
}

/** Sequential scans of `people` by the second look, and the due tasks it read. */
type Scans = { seq: number; tasks: number };

/**
 * In `trx`: `people` emptied and analyzed, the look made and run once, then the people of another
 * organisation added; the sequential scans of `people` the second look made (after the first, its
 * plan is the session's).
 */
async function scansOfGrownPeople(
  trx: Knex.Transaction,
  { organizationId, profileId }: { organizationId: number; profileId: number },
): Promise<Scans> {
  // The look as the claim makes it (its prepared statement, two due tasks per action).
  const look = () =>
    lookAt(trx, { organizationId, profileId, now: NOW, dayStart: DAY_START, perAction: 2, lock: false });
  const seqScans = async () => {
    const { rows } = (await trx.raw(
      "select seq_scan from pg_stat_xact_user_tables where schemaname = current_schema() and relname = 'people'",
    )) as { rows: { seq_scan: number | string }[] };
    return Number(rows[0]?.seq_scan ?? 0);
  };
  await trx.raw('truncate people');
  await trx.raw('analyze people');
  await look();
  const [other] = await trx('organizations')
    .insert({ name: 'Many people', invite_token: `claim-plans-by-key-${Math.random()}` })
    .returning('id');
  await trx.raw(
    `insert into people (organization_id, profile_url)
     select ?, 'https://network.example/in/other-' || g from generate_series(1, ?::int) g`,
    [other.id, OTHER_PEOPLE],
  );
  const before = await seqScans();
  const { tasks } = await look();
  return { seq: (await seqScans()) - before, tasks: tasks.length };
}

it('reads a person by key with the plan made while people was empty, once the table has grown', async () => {
  const rolledBack = new Error('rolled back');
  let found: Scans | undefined;
  await database.db
    .transaction(async (trx) => {
      found = await scansOfGrownPeople(trx, await seed(trx));
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  expect(found).toEqual({ seq: 0, tasks: 2 });
});

it('sets enable_seqscan off on the four functions of the task protocol', async () => {
  const { rows } = (await database.db.raw(
    `select proname, proconfig from pg_proc
      where proname in ('reachly_claim_look', 'reachly_claim_tasks', 'reachly_claim_write', 'reachly_task_done')
        and pronamespace = current_schema()::regnamespace order by proname`,
  )) as { rows: { proname: string; proconfig: string[] | null }[] };
  expect(rows.map((r) => r.proname)).toEqual([
    'reachly_claim_look',
    'reachly_claim_tasks',
    'reachly_claim_write',
    'reachly_task_done',
  ]);
  for (const row of rows) expect(row.proconfig).toContain('enable_seqscan=off');
});
