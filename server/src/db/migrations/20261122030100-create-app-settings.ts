import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Server-wide settings an admin changes at run time (e.g. the offered desktop version).
  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 100).primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_settings');
}
