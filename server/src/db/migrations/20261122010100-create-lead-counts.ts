import type { Knex } from 'knex';

/**
 * How many leads each collection holds, excluded or not, so that GET /api/leads answers its
 * totalCount without counting a million rows. Statement-level triggers on leads append one delta
 * row per (collection, isExcluded) a statement changes; a count is the sum of its rows. Deltas are
 * only ever inserted, so writers never wait on one another here; the server folds a collection's
 * rows into one now and then (compactLeadCounts), which is safe at any time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_counts', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('collection_id').notNullable().references('collections.id').onDelete('CASCADE');
    t.boolean('is_excluded').notNullable();
    t.bigInteger('n').notNullable();
  });
  await knex.raw(
    'create index lead_counts_scope_index on lead_counts (organization_id, collection_id, is_excluded) include (n)',
  );

  // Rows of a collection being deleted (its leads go by cascade) are not counted: it is gone.
  await knex.raw(`
    create function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (organization_id, collection_id, is_excluded, n)
      select organization_id, collection_id, is_excluded, count(*)
      from new_leads
      group by organization_id, collection_id, is_excluded;
      return null;
    end $$`);
  await knex.raw(`
    create function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (organization_id, collection_id, is_excluded, n)
      select o.organization_id, o.collection_id, o.is_excluded, -count(*)
      from old_leads o
      where exists (select 1 from collections c where c.id = o.collection_id)
      group by o.organization_id, o.collection_id, o.is_excluded;
      return null;
    end $$`);
  await knex.raw(`
    create function lead_counts_after_update() returns trigger language plpgsql as $$
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
  await knex.raw(`
    create trigger lead_counts_insert after insert on leads
    referencing new table as new_leads
    for each statement execute function lead_counts_after_insert()`);
  await knex.raw(`
    create trigger lead_counts_delete after delete on leads
    referencing old table as old_leads
    for each statement execute function lead_counts_after_delete()`);
  await knex.raw(`
    create trigger lead_counts_update after update on leads
    referencing old table as old_leads new table as new_leads
    for each statement execute function lead_counts_after_update()`);

  await knex.raw(`
    insert into lead_counts (organization_id, collection_id, is_excluded, n)
    select organization_id, collection_id, is_excluded, count(*)
    from leads
    group by organization_id, collection_id, is_excluded`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger lead_counts_update on leads');
  await knex.raw('drop trigger lead_counts_delete on leads');
  await knex.raw('drop trigger lead_counts_insert on leads');
  await knex.raw('drop function lead_counts_after_update()');
  await knex.raw('drop function lead_counts_after_delete()');
  await knex.raw('drop function lead_counts_after_insert()');
  await knex.schema.dropTable('lead_counts');
}
