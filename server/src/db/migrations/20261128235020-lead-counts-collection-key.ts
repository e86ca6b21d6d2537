import type { Knex } from 'knex';

/**
 * lead_counts without its foreign key to collections. Since every counter is kept
 * (20261128235010), an engine write that changes a flag of a lead inserts a delta row, and the key
 * check of that insert waited for a key-share lock on the lead's collection: a collection being
 * deleted (FOR UPDATE, then its leads) or the target of a bulk move held it, while waiting itself
 * for the lead row the engine had updated: a deadlock (seen in a stress run: engine writes,
 * imports, foldings and deletions side by side on PostgreSQL). Without the key the delta insert
 * locks nothing; a collection's rows go with it through a trigger on collections instead of the
 * cascade (the leads' delete trigger already leaves out the rows of a collection being deleted).
 */

/** Rows of a collection that is gone, should any exist: they count for nothing. */
const DELETE_ORPHANS =
  'delete from lead_counts k where not exists (select 1 from collections c where c.id = k.collection_id)';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_counts', (t) => {
    t.dropForeign(['collection_id']);
  });
  await knex.raw(`
    create function lead_counts_after_collections_delete() returns trigger language plpgsql as $$
    begin
      delete from lead_counts k using old_collections o
       where k.organization_id = o.organization_id and k.collection_id = o.id;
      return null;
    end $$`);
  await knex.raw(`
    create trigger lead_counts_collections_delete after delete on collections
    referencing old table as old_collections
    for each statement execute function lead_counts_after_collections_delete()`);
  await knex.raw(DELETE_ORPHANS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger lead_counts_collections_delete on collections');
  await knex.raw('drop function lead_counts_after_collections_delete()');
  await knex.raw(DELETE_ORPHANS);
  await knex.schema.alterTable('lead_counts', (t) => {
    t.foreign('collection_id').references('collections.id').onDelete('CASCADE');
  });
}
