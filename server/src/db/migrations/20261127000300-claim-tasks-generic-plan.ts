import type { Knex } from 'knex';

const CLAIM_TASKS =
  'reachly_claim_tasks(int, int, timestamptz, timestamptz, text[], int[], text[], bigint[], int, int)';

/**
 * The claim's read of due tasks (reachly_claim_tasks, migration 20261127000100) keeps one plan for
 * every profile and day: without the indexes migration 20261127000200 dropped, PostgreSQL's plan
 * cache kept planning its statement anew on each claim, and the planning cost more than the reading
 * (the engine bench's claim ratio fell from 0.41–0.60 to 0.28–0.44). Its plan for any parameters is
 * the one wanted: the profile's pending tasks of each action through
 * campaign_tasks_pending_by_action, its lapsed leases through campaign_tasks_leased_by_action.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter function ${CLAIM_TASKS} set plan_cache_mode = force_generic_plan`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter function ${CLAIM_TASKS} reset plan_cache_mode`);
}
