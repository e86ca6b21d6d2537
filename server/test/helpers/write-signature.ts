import type { Knex } from 'knex';

/**
 * A fingerprint of every row of every table: equal before and after a request means it wrote
 * nothing (no insert, update or delete). One query, for the small databases of tests.
 */
export async function writeSignature(db: Knex): Promise<string> {
  const tables = (
    await db.raw(
      `select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'
         and table_name not like 'knex_migrations%' order by table_name`,
    )
  ).rows.map((r: { table_name: string }) => r.table_name) as string[];
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::text as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${t}" x`,
  );
  const rows = (await db.raw(parts.join(' union all '))).rows as { t: string; n: string; h: string }[];
  return rows
    .sort((a, b) => a.t.localeCompare(b.t))
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .join('|');
}
