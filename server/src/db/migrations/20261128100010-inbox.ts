import type { Knex } from 'knex';

/**
 * The inbox (issue 17). A conversation gains who it is assigned to, when it was last read and
 * marked done, since when AI replies are paused (a person wrote by hand), and when the lead last
 * wrote: kept by a trigger on the messages, so that every writer of an incoming message (the
 * engine, the demo, imports) keeps unread state right without knowing of it.
 *
 * `manual_messages` are the replies people write: queued until the profile's browser claims one
 * (before its campaign work), then sending, then sent (with the thread's message it became) or
 * failed with the reason.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.integer('assigned_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('read_at', { useTz: true }).nullable();
    t.timestamp('done_at', { useTz: true }).nullable();
    t.timestamp('ai_paused_at', { useTz: true }).nullable();
    t.timestamp('last_inbound_at', { useTz: true }).nullable();
  });
  await knex.raw(`
    update conversations c set last_inbound_at = m.at
      from (select conversation_id, max(sent_at) as at from conversation_messages
             where direction = 'in' group by conversation_id) m
     where m.conversation_id = c.id`);
  // The inbox's order: newest activity first, per organisation.
  await knex.raw(
    'create index conversations_inbox_order on conversations (organization_id, (coalesce(last_message_at, created_at)) desc, id desc)',
  );
  await knex.raw(`
    create or replace function reachly_conversation_inbound() returns trigger language plpgsql as $$
    begin
      update conversations set last_inbound_at = new.sent_at
       where id = new.conversation_id and (last_inbound_at is null or last_inbound_at < new.sent_at);
      return null;
    end
    $$`);
  await knex.raw(`
    create trigger conversation_messages_inbound after insert on conversation_messages
      for each row when (new.direction = 'in') execute function reachly_conversation_inbound()`);

  await knex.schema.createTable('manual_messages', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.text('text').notNullable();
    t.string('status', 20).notNullable().defaultTo('queued').checkIn(['queued', 'sending', 'sent', 'failed']);
    t.text('error').nullable();
    t.boolean('outside_working_hours').notNullable().defaultTo(false);
    t.integer('attempts').notNullable().defaultTo(0);
    /** Messages with this text the profile had sent the lead at the first claim (the page's look-before-act). */
    t.integer('sent_before').nullable();
    t.timestamp('lease_until', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.integer('message_id').nullable().references('conversation_messages.id').onDelete('SET NULL');
    t.index(['conversation_id', 'id']);
  });
  // The claim's look before campaign work: a profile's waiting messages, oldest first.
  await knex.raw(
    "create index manual_messages_waiting on manual_messages (profile_id, id) where status in ('queued', 'sending')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('manual_messages');
  await knex.raw('drop trigger conversation_messages_inbound on conversation_messages');
  await knex.raw('drop function reachly_conversation_inbound()');
  await knex.raw('drop index conversations_inbox_order');
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('last_inbound_at');
    t.dropColumn('ai_paused_at');
    t.dropColumn('done_at');
    t.dropColumn('read_at');
    t.dropColumn('assigned_user_id');
  });
}
