import type { Knex } from 'knex';

/**
 * What the scheduler and the task protocol need (docs/design.md §4): a task's action (caps count per
 * action), its lease and start time; a profile's pause, next allowed action and warm-up start; a
 * lead's accepted friend request; a campaign's last planning pass. Tasks without a lead (join a
 * group, like posts, collect) get their own unique key, since NULL lead ids never collide.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_tasks', (t) => {
    t.string('action', 30).notNullable().defaultTo('');
    t.timestamp('lease_until', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.index(['profile_id', 'status', 'due_at']);
    t.index(['profile_id', 'claimed_at']);
    t.index(['lead_id']);
  });
  await knex.raw(
    'create unique index campaign_tasks_leadless_unique on campaign_tasks (campaign_id, step_key) where lead_id is null',
  );
  await knex.schema.alterTable('profiles', (t) => {
    t.timestamp('paused_until', { useTz: true });
    t.text('pause_reason');
    t.timestamp('next_action_at', { useTz: true });
    t.timestamp('warmup_started_at', { useTz: true });
  });
  await knex.schema.alterTable('leads', (t) => {
    t.timestamp('friend_accepted_at', { useTz: true });
    // Do-not-contact looks the same person up across the organisation's collections.
    t.index(['organization_id', 'profile_url']);
  });
  await knex.schema.alterTable('campaigns', (t) => {
    t.timestamp('planned_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => t.dropColumn('planned_at'));
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['organization_id', 'profile_url']);
    t.dropColumn('friend_accepted_at');
  });
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumns('paused_until', 'pause_reason', 'next_action_at', 'warmup_started_at');
  });
  await knex.raw('drop index campaign_tasks_leadless_unique');
  await knex.schema.alterTable('campaign_tasks', (t) => {
    t.dropIndex(['profile_id', 'status', 'due_at']);
    t.dropIndex(['profile_id', 'claimed_at']);
    t.dropIndex(['lead_id']);
    t.dropColumns('action', 'lease_until', 'started_at');
  });
}
