import type { Knex } from 'knex';

/**
 * A profile's friend-request slow-down per campaign (issue 17; shared/src/logic/slow-down.ts,
 * server/src/engine/slow-down.ts): the level its cap is at (0 full, 1 half, 2 a quarter), the
 * profile's local day it was decided for (the claim decides it again on the first claim of a new
 * day) and the tally it was decided on. A row per (profile, campaign): the rate is the profile's,
 * over all its campaigns, but each campaign's step sets its own threshold. Kept apart from
 * campaign_profiles, whose rows a campaign's edit writes anew.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_slow_downs', (t) => {
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('campaign_id').notNullable().references('campaigns.id').onDelete('CASCADE');
    t.smallint('level').notNullable().defaultTo(0);
    t.text('day').notNullable();
    t.integer('accepted').notNullable();
    t.integer('decided').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['profile_id', 'campaign_id']);
  });
  await knex.raw(
    'alter table profile_slow_downs add constraint profile_slow_downs_level check (level between 0 and 2)',
  );
  // A campaign's removal deletes its rows.
  await knex.raw('create index profile_slow_downs_campaign on profile_slow_downs (campaign_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_slow_downs');
}
