import type { Knex } from 'knex';

/**
 * A lead's message as the network stamped it. `sent_at` orders a conversation on the server's clock
 * (when the message was read from the network); the network's own time, which may run on another
 * clock, only tells a message already stored from a new one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversation_messages', (t) => {
    t.timestamp('network_sent_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversation_messages', (t) => t.dropColumn('network_sent_at'));
}
