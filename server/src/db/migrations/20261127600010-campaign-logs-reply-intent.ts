import type { Knex } from 'knex';

/**
 * A lead's reply readings in the campaign log ("Reply classified as <intent>…", written by the
 * engine for each answer), found by lead: the campaign results export reads the latest per lead.
 * Partial, so it holds those lines only and costs nothing on every other log write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index campaign_logs_reply_intent on campaign_logs (lead_id, id)
    where type = 'STATUS_CHANGE' and message like 'Reply classified as %'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists campaign_logs_reply_intent');
}
