import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A lead talking with one of the organisation's profiles, a card on the funnel board.
  await knex.schema.createTable('conversations', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('profile_id').references('profiles.id').onDelete('SET NULL');
    t.integer('collection_id').notNullable().references('collections.id').onDelete('CASCADE');
    t.string('status', 30)
      .notNullable()
      .defaultTo('sent')
      .checkIn([...CONVERSATION_STATUS_VALUES]);
    // Fractional rank within the status column (docs/design.md §3): a move writes one row.
    t.double('order').notNullable();
    t.timestamp('status_update_date', { useTz: true });
    t.text('last_message');
    t.timestamp('last_message_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['lead_id', 'profile_id']);
    // Board columns page by lastOrder, for all collections or one.
    t.index(['organization_id', 'status', 'order']);
    t.index(['organization_id', 'collection_id', 'status', 'order']);
  });
  await knex.schema.createTable('conversation_messages', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.string('direction', 3).notNullable().checkIn(['in', 'out']);
    t.text('text').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['conversation_id', 'sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('conversation_messages');
  await knex.schema.dropTable('conversations');
}
