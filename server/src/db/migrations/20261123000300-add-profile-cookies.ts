import type { Knex } from 'knex';

/**
 * Cookies a user gave for a profile (PUT /api/profiles/:id/cookies), for the desktop agent to import
 * into the profile's browser. One set per profile, replaced by the next: the JSON list sealed with
 * the secret box (AES-256-GCM, organisation and profile bound in as associated data), how many it
 * holds, when it was stored and when the agent imported it (null = not yet, so it is pending).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_cookies', (t) => {
    t.integer('profile_id').primary().references('profiles.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('cookies_encrypted').notNullable();
    t.integer('cookie_count').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable();
    t.timestamp('imported_at', { useTz: true });
    t.index(['organization_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_cookies');
}
