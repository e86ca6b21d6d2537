import type { Knex } from 'knex';

/**
 * Locator tables published by the operator (`npm run admin -- publish-locators FILE`), one row per
 * version and network, the highest in force; and the page diagnostics executors send when a
 * locator found nothing: a redacted signature of the page, per organisation and profile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('locator_tables', (t) => {
    t.increments('id').primary();
    t.string('network', 40).notNullable();
    t.integer('version').notNullable();
    t.jsonb('table').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['network', 'version']);
  });
  await knex.schema.createTable('page_diagnostics', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.string('network', 40).notNullable();
    t.string('locator', 80).notNullable();
    t.string('url_pattern', 200).notNullable();
    t.string('lang', 20).notNullable();
    t.integer('table_version').notNullable();
    t.jsonb('signature').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'locator']);
    t.index(['profile_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('page_diagnostics');
  await knex.schema.dropTable('locator_tables');
}
