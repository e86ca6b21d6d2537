import type { Knex } from 'knex';

/**
 * A lead's friend request withdrawn by the campaign that sent it, unanswered withdrawAfterDays
 * after it went out (issue 17): when, on the lead (engine/outcomes.ts, the withdrawRequest task's
 * done outcome). The lead keeps friend_request_sent_at: it was contacted, and is not sent another
 * request by that campaign (its friendRequest task is done) nor, with skipContacted, by another.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.timestamp('friend_request_withdrawn_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumn('friend_request_withdrawn_at');
  });
}
