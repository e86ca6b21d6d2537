import { ACTIVITY_EVENT_TYPES } from '@reachly/shared/constants';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('collection_id').notNullable().references('collections.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('status', 20).notNullable().defaultTo('draft');
    // Steps, caps, working hours and gaps (validated by the shared campaign schema).
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'id']);
  });
  await knex.schema.createTable('campaign_profiles', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('campaign_id').notNullable().references('campaigns.id').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.primary(['campaign_id', 'profile_id']);
  });
  // One planned action. (campaign, step, lead) is unique: a lead is never acted on twice by the
  // same step, whatever restarts and retries happen (docs/design.md §4).
  await knex.schema.createTable('campaign_tasks', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('campaign_id').notNullable().references('campaigns.id').onDelete('CASCADE');
    t.integer('profile_id').references('profiles.id').onDelete('SET NULL');
    t.integer('lead_id').references('leads.id').onDelete('CASCADE');
    t.string('step_key', 60).notNullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('claimed_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.jsonb('payload');
    t.jsonb('result');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.unique(['campaign_id', 'step_key', 'lead_id']);
    t.index(['status', 'due_at']);
    t.index(['organization_id', 'campaign_id', 'status']);
  });
  await knex.schema.createTable('campaign_logs', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('campaign_id').references('campaigns.id').onDelete('CASCADE');
    t.integer('profile_id').references('profiles.id').onDelete('SET NULL');
    t.integer('lead_id').references('leads.id').onDelete('SET NULL');
    t.string('type', 40)
      .notNullable()
      .checkIn([...ACTIVITY_EVENT_TYPES]);
    t.text('message');
    t.jsonb('payload');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'campaign_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('campaign_logs');
  await knex.schema.dropTable('campaign_tasks');
  await knex.schema.dropTable('campaign_profiles');
  await knex.schema.dropTable('campaigns');
}
