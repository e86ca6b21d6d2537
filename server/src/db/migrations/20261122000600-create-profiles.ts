import { LOGIN_STATUSES, PROXY_SOURCE_MODES, PROXY_TYPES } from '@reachly/shared/constants';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A connected social profile, each behind its own proxy (spec §3 Profile).
  await knex.schema.createTable('profiles', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('login_status', 20)
      .notNullable()
      .defaultTo('unknown')
      .checkIn([...LOGIN_STATUSES]);
    t.string('proxy_source', 20)
      .notNullable()
      .defaultTo('NOT_USE')
      .checkIn([...PROXY_SOURCE_MODES]);
    t.string('proxy_type', 20).checkIn([...PROXY_TYPES]);
    t.string('http_proxy_address', 500);
    t.string('proxy_login', 200);
    // AES-256-GCM ciphertext (iv:tag:data, base64); never sent back in clear.
    t.text('proxy_password_encrypted');
    t.string('proxy_timezone', 64);
    // Ready = fully set up (proxy and log-in); GET /api/profiles?notReadyOnly filters on it.
    t.boolean('is_ready').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profiles');
}
