import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One licence per organisation; licensed while now < license_till (spec §4).
  await knex.schema.createTable('licences', (t) => {
    t.integer('organization_id').primary().references('organizations.id').onDelete('CASCADE');
    t.string('plan', 50).notNullable();
    t.boolean('is_trial').notNullable();
    t.timestamp('license_till', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Proxy-traffic allowance in bytes (spec §3 Traffic: big integers).
  await knex.schema.createTable('traffic_allowances', (t) => {
    t.integer('organization_id').primary().references('organizations.id').onDelete('CASCADE');
    t.bigInteger('traffic_limit').notNullable().defaultTo(0);
    t.bigInteger('used_traffic').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('traffic_allowances');
  await knex.schema.dropTable('licences');
}
