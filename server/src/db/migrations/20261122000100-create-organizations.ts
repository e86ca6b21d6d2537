import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    // Invitation token: a sign-up with this organizationToken joins the organisation.
    t.string('invite_token', 64).notNullable().unique();
    t.string('affiliate_token', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('organizations');
}
