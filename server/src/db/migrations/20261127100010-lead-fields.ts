import type { Knex } from 'knex';

/**
 * leads.fields: every column of an imported CSV that is not one of the lead's own fields (profile
 * URL, name, first and last name), keyed by its header as written (trimmed), e.g.
 * `{"Company": "Acme", "City": "Lyon"}`. Templates read them as variables, and do-not-contact can
 * match on them. Leads added any other way hold `{}`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table leads add column fields jsonb not null default '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table leads drop column fields');
}
