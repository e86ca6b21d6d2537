import type { Knex } from 'knex';

/**
 * The signature query of each test database: the tables of a test database are its migrations'
 * and stay for its life, so they are read once (the fuzz takes a signature for every refused case:
 * one round trip instead of two).
 */
const queries = new WeakMap<Knex, Promise<string>>();

async function signatureQuery(db: Knex): Promise<string> {
  const tables = (
    await db.raw(
      `select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'
         and table_name not like 'knex_migrations%' order by table_name`,
    )
  ).rows.map((r: { table_name: string }) => r.table_name) as string[];
  return tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::text as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${t}" x`,
    )
    .join(' union all ');
}

/**
 * A fingerprint of every row of every table: equal before and after a request means it wrote
 * nothing (no insert, update or delete). One query, for the small databases of tests.
 */
export async function writeSignature(db: Knex): Promise<string> {
  let query = queries.get(db);
  if (!query) {
    query = signatureQuery(db);
    queries.set(db, query);
  }
  const rows = (await db.raw(await query)).rows as { t: string; n: string; h: string }[];
  return rows
    .sort((a, b) => a.t.localeCompare(b.t))
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .join('|');
}
