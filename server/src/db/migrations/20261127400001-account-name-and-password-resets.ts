import type { Knex } from 'knex';

/**
 * The account page's name, and the forgotten password's one-time links: only a hash of each token
 * is stored (sha256, hex), so that a copy of the database opens no account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('name', 100);
  });
  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // Set when the link is used, or when another of the user's links is used first.
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('name');
  });
}
