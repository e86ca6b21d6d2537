import type { Knex } from 'knex';

/**
 * The claim's read of due tasks (reachly_claim_tasks: migration 20261127000100, replaced by
 * 20261127500010 for the do-not-contact list) hands out the lead's imported columns too
 * (`leads.fields`, migration 20261127100010), so a message is rendered with them at its claim
 * ("{companyName}"). One key more in the lead's JSON: the function as it stands is read back and
 * that one place changed, so this migration holds no second copy of the function's text.
 */
const CLAIM_TASKS =
  'reachly_claim_tasks(int, int, timestamptz, timestamptz, text[], int[], text[], bigint[], int, int)';
const WITHOUT = "'has_message_button', l.has_message_button)";
const WITH = "'has_message_button', l.has_message_button, 'fields', l.fields)";

async function rewrite(knex: Knex, from: string, to: string): Promise<void> {
  const result = (await knex.raw(`select pg_get_functiondef(?::regprocedure) as definition`, [
    CLAIM_TASKS,
  ])) as {
    rows: { definition: string }[];
  };
  const definition = result.rows[0]?.definition ?? '';
  if (definition.split(from).length !== 2) {
    throw new Error(`reachly_claim_tasks: expected the lead's JSON to end once with ${from}`);
  }
  await knex.raw(definition.replace(from, to));
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, WITHOUT, WITH);
}

export async function down(knex: Knex): Promise<void> {
  await rewrite(knex, WITH, WITHOUT);
}
