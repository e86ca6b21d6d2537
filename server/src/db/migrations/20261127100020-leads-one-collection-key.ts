import type { Knex } from 'knex';

/**
 * leads had two foreign keys, organization_id → organizations and collection_id → collections, each
 * checked by its own query for every inserted row: together about half of what inserting a lead
 * costs (the CSV import's bound, docs/decisions.md). One composite key, (organization_id,
 * collection_id) → collections (organization_id, id), takes one check per row, and says more: a
 * lead's organisation is its collection's. Deleting an organisation still removes its leads
 * (organisation → collections → leads, both on delete cascade).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create unique index collections_organization_id_id_unique on collections (organization_id, id)',
  );
  await knex.raw(`alter table leads
    drop constraint leads_organization_id_foreign,
    drop constraint leads_collection_id_foreign,
    add constraint leads_collection_foreign foreign key (organization_id, collection_id)
      references collections (organization_id, id) on delete cascade`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table leads
    drop constraint leads_collection_foreign,
    add constraint leads_organization_id_foreign foreign key (organization_id)
      references organizations (id) on delete cascade,
    add constraint leads_collection_id_foreign foreign key (collection_id)
      references collections (id) on delete cascade`);
  await knex.raw('drop index collections_organization_id_id_unique');
}
