import type { Knex } from 'knex';

/** The task protocol's functions (migration 20261129100010), by signature. */
export const TASK_PROTOCOL_FUNCTIONS = [
  'reachly_claim_look(int, int, timestamptz, timestamptz, text[], int, boolean)',
  'reachly_claim_tasks(int, int, timestamptz, timestamptz, text[], int[], text[], bigint[], int, int)',
  'reachly_claim_write(jsonb)',
  'reachly_task_done(jsonb)',
] as const;

/**
 * The claim's and the done report's statements read and write every row by a key (a task by its
 * id or its profile's due order, a lead by its id, a person by the organisation and profile URL, a
 * conversation by its lead and profile): their plans never scan a table. The look and the due-task
 * read keep one plan per session (plan_cache_mode = force_generic_plan), the write's and the done
 * report's statements get PL/pgSQL's cached plans, and a plan made while a table was small stays
 * until the table is analyzed again: made on an empty `people`, the look read the whole table
 * twice per claim (in the engine bench, 4,000 people by the end of its 20 seconds, half of the
 * look's time), until autovacuum or the server's housekeeping (db/housekeeping.ts) analyzed it
 * a minute later. With sequential scans off for these functions, a plan made on a small table is
 * the one a large table wants; a table without a usable index is still scanned.
 */
export async function up(knex: Knex): Promise<void> {
  for (const fn of TASK_PROTOCOL_FUNCTIONS) await knex.raw(`alter function ${fn} set enable_seqscan = off`);
}

export async function down(knex: Knex): Promise<void> {
  for (const fn of TASK_PROTOCOL_FUNCTIONS) await knex.raw(`alter function ${fn} reset enable_seqscan`);
}
