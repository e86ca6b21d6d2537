import type { Knex } from 'knex';

/**
 * The `reachly_auth` notifications (migrations 20261125400100 and 20261127300002) carry
 * `schema:user id` instead of the id alone. A channel is the whole database's, and a user id is a
 * schema's own: when several Reachly schemas share one database (a staging copy beside production,
 * the test suite's schema per file), a change in one no longer empties the other servers' caches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function reachly_notify_auth_change() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'users' then
        perform pg_notify('reachly_auth', tg_table_schema || ':' || changed.id);
      else
        perform pg_notify('reachly_auth', tg_table_schema || ':' || changed.user_id);
        if tg_op = 'UPDATE' and new.user_id <> old.user_id then
          perform pg_notify('reachly_auth', tg_table_schema || ':' || old.user_id);
        end if;
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create or replace function reachly_notify_api_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('reachly_auth', tg_table_schema || ':' || old.created_by);
      return null;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function reachly_notify_auth_change() returns trigger language plpgsql as $$
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
  await knex.raw(`
    create or replace function reachly_notify_api_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('reachly_auth', old.created_by::text);
      return null;
    end
    $$`);
}
