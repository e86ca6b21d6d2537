import type { Knex } from 'knex';

/**
 * GET /api/leads sorts by name (A–Z, Z–A) as well as by id (issue 19, leads at scale). A page of a
 * name sort is a keyset scan on (name key, id) after the scope's equality columns, the same shape
 * as the id pages' (organization_id[, collection_id], is_excluded, id) indexes, so it reads a
 * page's rows whatever the collection's size. The key is the expression
 * server/src/services/leads/lead-filter.ts NAME_SORT_KEY sorts by: lower(coalesce(name, '')).
 *
 * Search is ILIKE on name and profile link with no index of its own: pg_trgm (the index that would
 * serve `%term%`) is a contrib extension that the embedded database (PGlite) does not load and a
 * managed PostgreSQL may not offer, and a btree cannot serve a match inside the text. A search page
 * walks the sort's index until it holds a page of matches; its count reads the scope's rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index leads_name_sort_collection
       on leads (organization_id, collection_id, is_excluded, (lower(coalesce(name, ''))), id)`,
  );
  await knex.raw(
    `create index leads_name_sort_all on leads (organization_id, is_excluded, (lower(coalesce(name, ''))), id)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index leads_name_sort_all');
  await knex.raw('drop index leads_name_sort_collection');
}
