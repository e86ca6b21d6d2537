import type { Knex } from 'knex';

/**
 * Roles of an organisation's members (shared/src/logic/roles.ts): `admin` joins owner and member.
 * A user in several organisations acts in the one they chose last (`current_organization_id`),
 * else the first they joined; a change of either column NOTIFYs `reachly_auth` through the users
 * and organization_members triggers (migration 20261125400100), so it counts from the next request.
 */
export async function up(knex: Knex): Promise<void> {
  const checks = await knex.raw<{ rows: { conname: string }[] }>(
    `select conname from pg_constraint
      where conrelid = 'organization_members'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like '%role%'`,
  );
  for (const { conname } of checks.rows) {
    await knex.raw('alter table organization_members drop constraint ??', [conname]);
  }
  await knex.raw(`alter table organization_members add constraint organization_members_role_check
    check (role in ('owner', 'admin', 'member'))`);
  await knex.schema.alterTable('users', (t) => {
    t.integer('current_organization_id').references('organizations.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('current_organization_id');
  });
  await knex('organization_members').where({ role: 'admin' }).update({ role: 'member' });
  await knex.raw('alter table organization_members drop constraint organization_members_role_check');
  await knex.raw(`alter table organization_members add constraint organization_members_role_check
    check (role in ('owner', 'member'))`);
}
