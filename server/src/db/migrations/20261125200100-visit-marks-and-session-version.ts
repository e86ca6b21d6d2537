import type { Knex } from 'knex';

/**
 * Hardening: a mark per visitor, key and day so that an anonymous visitor counts once a day
 * (POST /api/summary, POST /api/emit); and a session version per user that ends every open
 * session at once when it moves (sign-out).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visit_marks', (t) => {
    t.date('day').notNullable();
    t.string('key', 120).notNullable();
    // A keyed hash of the visitor's address and browser: no address is stored.
    t.string('visitor', 64).notNullable();
    t.primary(['day', 'key', 'visitor']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.integer('session_version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('session_version');
  });
  await knex.schema.dropTable('visit_marks');
}
