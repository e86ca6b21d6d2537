import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Visits of the public site per day and key (spec §3 visit-counter keys). These count anonymous
  // visitors, so they belong to no organisation.
  await knex.schema.createTable('visit_counters', (t) => {
    t.date('day').notNullable();
    t.string('key', 50).notNullable();
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['day', 'key']);
  });
  // Client events of POST /api/emit; organisation and user are known only for signed-in pages.
  await knex.schema.createTable('client_events', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('type', 100).notNullable();
    t.string('source', 20).notNullable();
    t.text('url');
    t.string('guest_id', 100);
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['type', 'created_at']);
  });
  // What the desktop app reports about its machine (spec §3 Machine data), per user and machine.
  await knex.schema.createTable('machine_data', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('machine_id', 200).notNullable();
    t.string('reachly_version', 50);
    t.string('extension_version', 50);
    t.string('platform', 50);
    t.string('os', 200);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'machine_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('machine_data');
  await knex.schema.dropTable('client_events');
  await knex.schema.dropTable('visit_counters');
}
