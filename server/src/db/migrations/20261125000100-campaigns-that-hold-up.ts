import type { Knex } from 'knex';

/**
 * What a campaign needs to hold up over weeks:
 * - `people`: the organisation's identity of a person (their normalised profile URL, as in
 *   leads.profile_url), whatever collections they are in. It carries do-not-contact and which
 *   profile and campaign work the person, so that one person is contacted by one profile only.
 * - leads.has_message_button becomes unknown (null) until a profile's browser visits the person:
 *   the old default `false` was a guess, not knowledge, and made welcome-only campaigns target nobody.
 * - conversations.manual_status_at: a person moved the card; the engine leaves it there.
 * - conversation_messages.network_message_id: the network's id of an incoming message, the key
 *   that makes its AI reply happen once.
 * - profiles: how often a pause came lately (the next one is longer), when the profile's browser
 *   last asked for work, and the local day its daily stats were last collected.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('people', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('profile_url').notNullable();
    t.integer('owner_profile_id').references('profiles.id').onDelete('SET NULL');
    t.integer('owner_campaign_id').references('campaigns.id').onDelete('SET NULL');
    t.boolean('do_not_contact').notNullable().defaultTo(false);
    t.text('do_not_contact_reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['organization_id', 'profile_url']);
  });
  await knex.raw('alter table leads alter column has_message_button drop not null');
  await knex.raw('alter table leads alter column has_message_button set default null');
  await knex('leads').where({ has_message_button: false }).update({ has_message_button: null });
  await knex.schema.alterTable('conversations', (t) => {
    t.timestamp('manual_status_at', { useTz: true });
  });
  await knex.schema.alterTable('conversation_messages', (t) => {
    t.text('network_message_id');
    t.index(['conversation_id', 'network_message_id']);
  });
  await knex.schema.alterTable('profiles', (t) => {
    t.integer('pause_streak').notNullable().defaultTo(0);
    t.timestamp('last_pause_at', { useTz: true });
    t.timestamp('last_claim_at', { useTz: true });
    t.string('stats_day', 10);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumns('pause_streak', 'last_pause_at', 'last_claim_at', 'stats_day');
  });
  await knex.schema.alterTable('conversation_messages', (t) => {
    t.dropIndex(['conversation_id', 'network_message_id']);
    t.dropColumn('network_message_id');
  });
  await knex.schema.alterTable('conversations', (t) => t.dropColumn('manual_status_at'));
  await knex('leads').whereNull('has_message_button').update({ has_message_button: false });
  await knex.raw('alter table leads alter column has_message_button set default false');
  await knex.raw('alter table leads alter column has_message_button set not null');
  await knex.schema.dropTable('people');
}
