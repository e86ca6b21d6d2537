import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { migrationSource } from './migrations/index.ts';

// int8 (bigint) columns and count(*) come back from pg as strings; numeric ids are int4.
// Traffic bytes are int8 and stay strings on purpose: see toBigIntString.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; `null` keeps the embedded database in memory (tests). */
  dataDir?: string | null;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  searchPath?: string;
}

export function createDatabase(options: DatabaseOptions): Knex {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: 10 },
      ...(options.searchPath ? { searchPath: [options.searchPath] } : {}),
    });
  }
  let connection: { filename?: string } = {};
  if (options.dataDir) {
    const folder = path.resolve(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    connection = { filename: folder };
  }
  // knex-pglite manages its single connection itself: no pool option (FACTS.md).
  return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection } as Knex.Config);
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** count(*) is a number on PGlite and a string on pg: convert here, and only here. */
export function toCount(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new TypeError(`not a count: ${String(value)}`);
  return n;
}

/**
 * The row count of an update or delete: pg answers a number; knex-pglite answers the driver's
 * result object, whose count is its affectedRows. (Or use `.returning('id')` and count the rows.)
 */
export function toAffectedRows(result: unknown): number {
  if (typeof result === 'number') return result;
  const r = result as { affectedRows?: unknown; rowCount?: unknown } | null;
  return toCount(r?.affectedRows ?? r?.rowCount);
}

/** int8 values (traffic bytes) as decimal strings, whichever driver read them. */
export function toBigIntString(value: unknown): string {
  if (value === null || value === undefined) return '0';
  return BigInt(value as string | number | bigint).toString();
}
