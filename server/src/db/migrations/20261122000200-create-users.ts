import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable().unique();
    t.text('password_hash').notNullable();
    t.string('access_token', 128).notNullable().unique();
    t.boolean('is_banned').notNullable().defaultTo(false);
    // [{method: 'ZELLE' | 'CARD_NUMBER', text}] shown on the buy pages; empty = server defaults.
    t.jsonb('payment_texts').notNullable().defaultTo('[]');
    t.string('affiliate_token', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
