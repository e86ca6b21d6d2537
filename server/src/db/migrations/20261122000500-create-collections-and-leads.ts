import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('collections', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'name']);
  });
  await knex.schema.createTable('leads', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('collection_id').notNullable().references('collections.id').onDelete('CASCADE');
    t.text('profile_url').notNullable();
    t.string('name', 300);
    t.string('first_name', 150);
    t.string('last_name', 150);
    t.text('avatar_url');
    t.boolean('has_message_button').notNullable().defaultTo(false);
    t.boolean('is_excluded').notNullable().defaultTo(false);
    t.boolean('should_skip').notNullable().defaultTo(false);
    t.string('source', 50);
    t.timestamp('friend_request_sent_at', { useTz: true });
    t.timestamp('message_sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['collection_id', 'profile_url']);
    // GET /api/leads?collectionId&isExcluded&lastId pages by keyset on id.
    t.index(['organization_id', 'collection_id', 'is_excluded', 'id']);
    t.index(['organization_id', 'is_excluded', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leads');
  await knex.schema.dropTable('collections');
}
