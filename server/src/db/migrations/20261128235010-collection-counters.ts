import type { Knex } from 'knex';

/**
 * Every counter of GET /api/collections kept in lead_counts (issue 18), beside the lead count it
 * already kept: how many leads may have a Message button (not known yet counts), have a friend
 * request sent, a message sent, are to be skipped. The list read every lead of the organisation
 * on every request (366 ms at 10^6 leads); it now sums a few rows per collection.
 *
 * The same statement-level triggers with transition tables keep them (one aggregate per statement,
 * so a 1,000,000-row import pays one, not a trigger per row), and the rows stay append-only: each
 * statement inserts its deltas and never updates a shared counter row, so a long import's open
 * transaction locks nothing that the engine's writes to the same collection need. A TRUNCATE of
 * leads empties the counts. The counts are rebuilt from the leads with the writers held off.
 */
const COUNTERS = ['n', 'has_message_button', 'sent_friend_requests', 'sent_messages', 'should_skip'] as const;

/** A lead row's contribution to each counter, in COUNTERS' order: 1 or 0, times `sign`. */
const contribution = (sign: '' | '-') => `
  ${sign}1 as n,
  ${sign}(has_message_button is not false)::int as has_message_button,
  ${sign}(friend_request_sent_at is not null)::int as sent_friend_requests,
  ${sign}(message_sent_at is not null)::int as sent_messages,
  ${sign}should_skip::int as should_skip`;

const columns = COUNTERS.join(', ');
const sums = (alias: string) => COUNTERS.map((c) => `sum(${alias}.${c})`).join(', ');
const anyChange = (alias: string) => COUNTERS.map((c) => `sum(${alias}.${c}) <> 0`).join(' or ');

/** The deltas of the rows of `source` (a query of scoped rows with their contributions), grouped. */
const insertDeltas = (source: string, where = '') => `
  insert into lead_counts (organization_id, collection_id, is_excluded, ${columns})
  select d.organization_id, d.collection_id, d.is_excluded, ${sums('d')}
    from (${source}) d
   ${where}
   group by d.organization_id, d.collection_id, d.is_excluded
  having ${anyChange('d')}`;

const scoped = (table: string, sign: '' | '-') =>
  `select organization_id, collection_id, is_excluded, ${contribution(sign)} from ${table}`;

// Rows of a collection being deleted (its leads go by cascade) are not counted: it is gone.
const collectionExists = 'where exists (select 1 from collections c where c.id = d.collection_id)';

export async function up(knex: Knex): Promise<void> {
  // The rebuild below must see every lead and no writer in between (other servers may be running).
  await knex.raw('lock table leads in share mode');
  await knex.raw('lock table lead_counts in exclusive mode');
  await knex.schema.alterTable('lead_counts', (t) => {
    for (const c of COUNTERS.slice(1)) t.bigInteger(c).notNullable().defaultTo(0);
  });
  await knex.raw('drop index lead_counts_scope_index');
  await knex.raw(
    `create index lead_counts_scope_index on lead_counts (organization_id, collection_id, is_excluded) include (${columns})`,
  );

  await knex.raw(`
    create or replace function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      ${insertDeltas(scoped('new_leads', ''))};
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      ${insertDeltas(scoped('old_leads', '-'), collectionExists)};
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_update() returns trigger language plpgsql as $$
    begin
      ${insertDeltas(`${scoped('new_leads', '')} union all ${scoped('old_leads', '-')}`, collectionExists)};
      return null;
    end $$`);
  await knex.raw(`
    create function lead_counts_after_truncate() returns trigger language plpgsql as $$
    begin
      delete from lead_counts;
      return null;
    end $$`);
  await knex.raw(`
    create trigger lead_counts_truncate after truncate on leads
    for each statement execute function lead_counts_after_truncate()`);

  await knex.raw('delete from lead_counts');
  await knex.raw(insertDeltas(scoped('leads', '')));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger lead_counts_truncate on leads');
  await knex.raw('drop function lead_counts_after_truncate()');
  // The triggers of 20261122010100 count n alone again; the other counters are dropped.
  await knex.raw(`
    create or replace function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (organization_id, collection_id, is_excluded, n)
      select organization_id, collection_id, is_excluded, count(*)
      from new_leads
      group by organization_id, collection_id, is_excluded;
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (organization_id, collection_id, is_excluded, n)
      select o.organization_id, o.collection_id, o.is_excluded, -count(*)
      from old_leads o
      where exists (select 1 from collections c where c.id = o.collection_id)
      group by o.organization_id, o.collection_id, o.is_excluded;
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_update() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (organization_id, collection_id, is_excluded, n)
      select d.organization_id, d.collection_id, d.is_excluded, sum(d.n)
      from (
        select organization_id, collection_id, is_excluded, 1 as n from new_leads
        union all
        select organization_id, collection_id, is_excluded, -1 as n from old_leads
      ) d
      where exists (select 1 from collections c where c.id = d.collection_id)
      group by d.organization_id, d.collection_id, d.is_excluded
      having sum(d.n) <> 0;
      return null;
    end $$`);
  await knex.raw('drop index lead_counts_scope_index');
  await knex.schema.alterTable('lead_counts', (t) => {
    t.dropColumns(...COUNTERS.slice(1));
  });
  await knex.raw(
    'create index lead_counts_scope_index on lead_counts (organization_id, collection_id, is_excluded) include (n)',
  );
}
