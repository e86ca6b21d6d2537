import type { Knex } from 'knex';

/**
 * Demo mode's table (server/src/demo): one row per demo organisation, with the visitor it belongs
 * to (a hash of the id the page keeps), its user, and the times the sweeper reads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('demo_sessions', (t) => {
    t.integer('organization_id').primary().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    // sha256 of the visitor id, hex: the id itself is never stored.
    t.string('visitor_key', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('seeded_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.index(['last_seen_at']);
    t.index(['seeded_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_sessions');
}
