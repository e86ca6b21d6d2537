import type { Knex } from 'knex';

/**
 * Servers keep who an access token or a session is (user, organisation, ban) in memory. Any change
 * to a user row (ban, password, token, session version, deletion) or to a membership NOTIFYs the
 * channel `reachly_auth` with the user's id, from the database itself, so every server forgets that
 * user at once whatever code path (or person with psql) made the change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function reachly_notify_auth_change() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'users' then
        perform pg_notify('reachly_auth', changed.id::text);
      else
        perform pg_notify('reachly_auth', changed.user_id::text);
        if tg_op = 'UPDATE' and new.user_id <> old.user_id then
          perform pg_notify('reachly_auth', old.user_id::text);
        end if;
      end if;
      return null;
    end
    $$`);
  await knex.raw(`create trigger users_notify_auth_change after update or delete on users
    for each row execute function reachly_notify_auth_change()`);
  await knex.raw(`create trigger organization_members_notify_auth_change
    after insert or update or delete on organization_members
    for each row execute function reachly_notify_auth_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists organization_members_notify_auth_change on organization_members');
  await knex.raw('drop trigger if exists users_notify_auth_change on users');
  await knex.raw('drop function if exists reachly_notify_auth_change()');
}
