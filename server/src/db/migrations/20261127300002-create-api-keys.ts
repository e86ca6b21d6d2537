import type { Knex } from 'knex';

/**
 * API keys (issue 20): an organisation's keys, each made by a member and acting with that member's
 * role, limited by its scope. Only the SHA-256 of a key is stored. Revoking a key (deleting its
 * row) or changing what it may do NOTIFYs `reachly_auth` with its maker's id, as a ban does, so
 * every server forgets the key at once; last_used_at moves without a notification.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('created_by').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('scope', 20).notNullable().checkIn(['read', 'read_write'], 'api_keys_scope_check');
    // sha256 of the whole key, hex.
    t.string('key_hash', 64).notNullable().unique();
    // The key's last four characters, to tell keys apart in the list.
    t.string('hint', 8).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.index(['organization_id', 'id']);
  });
  await knex.raw(`
    create function reachly_notify_api_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('reachly_auth', old.created_by::text);
      return null;
    end
    $$`);
  await knex.raw(`create trigger api_keys_notify_auth_change
    after delete or update of organization_id, created_by, scope, key_hash on api_keys
    for each row execute function reachly_notify_api_key_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists api_keys_notify_auth_change on api_keys');
  await knex.raw('drop function if exists reachly_notify_api_key_change()');
  await knex.schema.dropTable('api_keys');
}
