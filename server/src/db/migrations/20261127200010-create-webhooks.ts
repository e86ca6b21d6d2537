import type { Knex } from 'knex';

/**
 * Signed webhooks (docs/decisions.md "Webhooks: an outbox"): the organisation's endpoints (the
 * signing secret sealed with the secret box, the one before a rotation kept for 24 hours), the
 * events written in the transaction of the change that caused them, and one delivery per endpoint ×
 * event, which the worker claims, sends and retries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('events').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('secret_sealed').notNullable();
    t.text('previous_secret_sealed');
    t.timestamp('previous_secret_expires_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['organization_id']);
  });
  await knex.schema.createTable('webhook_events', (t) => {
    t.bigIncrements('id').primary();
    // The Standard Webhooks message id (`webhook-id`): what receivers dedupe by.
    t.string('message_id', 64).notNullable().unique();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('type', 64).notNullable();
    // Events of one key (a conversation) reach an endpoint in the order they were written.
    t.string('ordering_key', 64);
    // Events that must be written once per fact (a licence's end) carry a key unique in the organisation.
    t.string('dedupe_key', 128);
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['organization_id', 'dedupe_key']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('endpoint_id').notNullable().references('webhook_endpoints.id').onDelete('CASCADE');
    t.bigInteger('event_id').notNullable().references('webhook_events.id').onDelete('CASCADE');
    // Copied from the event, so that the worker's ordering check reads one table.
    t.string('ordering_key', 64);
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    // A claimed delivery is the claimer's until then; a server that died mid-send loses it after.
    t.timestamp('locked_until', { useTz: true });
    t.string('claim_token', 36);
    // The 24 hours of retries count from the first attempt.
    t.timestamp('first_attempt_at', { useTz: true });
    t.timestamp('last_attempt_at', { useTz: true });
    t.integer('response_status');
    t.integer('latency_ms');
    t.text('response_snippet');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['endpoint_id', 'id']);
    t.index(['endpoint_id', 'ordering_key', 'id']);
  });
  await knex.raw(
    `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_events');
  await knex.schema.dropTable('webhook_endpoints');
}
