import type { Knex } from 'knex';

/**
 * The claim's read of due tasks (reachly_claim_tasks) asked the do-not-contact list about every
 * candidate (reachly_dnc_entry, migration 20261127500010) even for an organisation without a list.
 * That function is SQL that PostgreSQL cannot inline, so each claim planned its body anew: about
 * 0.4 ms of the read's ~1.1 ms of database time (engine bench, one backend's CPU over 1,000
 * reads). The list is now asked only when the organisation has one, as the planner already does;
 * a CASE, so the function is not called (nor planned) otherwise. As migration 20261127700010 does,
 * the function as it stands is read back and that one place changed.
 */
const CLAIM_TASKS =
  'reachly_claim_tasks(int, int, timestamptz, timestamptz, text[], int[], text[], bigint[], int, int)';
const ASKED = [
  'or reachly_dnc_entry(p_organization_id, l.profile_url,',
  "to_jsonb(l) -> 'fields') is not null,",
] as const;
const ASKED_WHEN_LISTED = [
  'or case when exists (select 1 from do_not_contact_entries e where e.organization_id = p_organization_id)\n' +
    '                  then reachly_dnc_entry(p_organization_id, l.profile_url,',
  "to_jsonb(l) -> 'fields') is not null else false end,",
] as const;

async function rewrite(knex: Knex, from: readonly string[], to: readonly string[]): Promise<void> {
  const result = (await knex.raw('select pg_get_functiondef(?::regprocedure) as definition', [
    CLAIM_TASKS,
  ])) as {
    rows: { definition: string }[];
  };
  let definition = result.rows[0]?.definition ?? '';
  from.forEach((text, i) => {
    if (definition.split(text).length !== 2) {
      throw new Error(`reachly_claim_tasks: expected its do-not-contact check once: ${text}`);
    }
    definition = definition.replace(text, to[i] as string);
  });
  await knex.raw(definition);
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, ASKED, ASKED_WHEN_LISTED);
}

export async function down(knex: Knex): Promise<void> {
  await rewrite(knex, ASKED_WHEN_LISTED, ASKED);
}
