import type { Knex } from 'knex';

/**
 * The funnel's history (issue 20; docs/decisions.md "Reports"): one row per change of a card's
 * status, written in the transaction of the change: the card, its organisation, the status it
 * left (null for a new card), the one it entered, who moved it (`moved_by`: 'person' with the
 * user's id while the user exists, 'engine', or 'import' for rows that were not written as the move
 * happened) and when. The report counts moves per day from here.
 *
 * Existing cards get one row each, from their current status, at the time of their latest move
 * (else their creation), as 'import': the moves before it were never stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('funnel_moves', (t) => {
    t.bigIncrements('id').primary();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.text('from_status');
    t.text('to_status').notNullable();
    t.text('moved_by').notNullable();
    t.integer('moved_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('at', { useTz: true }).notNullable();
  });
  await knex.raw(`alter table funnel_moves add constraint funnel_moves_moved_by
    check (moved_by in ('person', 'engine', 'import'))`);
  // The report reads an organisation's moves over a range of time; a card's removal deletes its own.
  await knex.raw('create index funnel_moves_organization_at on funnel_moves (organization_id, at)');
  await knex.raw('create index funnel_moves_conversation on funnel_moves (conversation_id)');
  await knex.raw(`insert into funnel_moves (organization_id, conversation_id, from_status, to_status, moved_by, at)
    select organization_id, id, null, status, 'import', coalesce(status_update_date, created_at)
      from conversations order by id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('funnel_moves');
}
