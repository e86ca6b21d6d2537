import type { Knex } from 'knex';

/**
 * Every claim and every done report moves a task to another status, so its row is written anew in
 * each of campaign_tasks' indexes (the status is in them: no HOT update is possible, whatever the
 * fillfactor). Two of them served no statement well:
 *
 * - (status, due_at): no statement reads tasks by status without their profile, campaign, lead or
 *   id; the kept plans of the done report's stats and of the claim's lapsed-lease read chose it all
 *   the same, and read every done task of every profile (campaign_tasks_done_by_profile serves the
 *   stats, and now gets chosen).
 * - (profile_id, status, due_at): a profile's pending tasks are read through
 *   campaign_tasks_pending_by_action (migration 20261127000100), whose first column is the profile;
 *   the one read it still served, the claims of a profile whose lease lapsed, goes through a partial
 *   index of the claimed and started tasks only (a few per profile, left as soon as a task is done).
 *
 * That is two index entries fewer for each claim and each done report.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index campaign_tasks_leased_by_action on campaign_tasks
    (profile_id, action, due_at, id) where status in ('claimed', 'started')`);
  await knex.raw('drop index if exists campaign_tasks_status_due_at_index');
  await knex.raw('drop index if exists campaign_tasks_profile_id_status_due_at_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'create index campaign_tasks_profile_id_status_due_at_index on campaign_tasks (profile_id, status, due_at)',
  );
  await knex.raw('create index campaign_tasks_status_due_at_index on campaign_tasks (status, due_at)');
  await knex.raw('drop index if exists campaign_tasks_leased_by_action');
}
