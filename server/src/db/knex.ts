import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations/index.ts';
import { pgliteClientTakingTurns } from './pglite-turns.ts';

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
  /**
   * In memory only: start from this PGlite data folder (`dumpDataDir()`) instead of creating the
   * cluster, which takes seconds (tests open one migrated copy per file).
   */
  loadDataDir?: Blob;
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
  let folder: string | undefined;
  if (options.dataDir) {
    folder = path.resolve(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    // Creating a database cluster (initdb) grows the WebAssembly memory to several hundred MB, and
    // that memory is never given back: create it in a short-lived process, then open it here.
    if (!existsSync(path.join(folder, 'PG_VERSION'))) {
      execFileSync(process.execPath, [fileURLToPath(new URL('./pglite-init.mjs', import.meta.url)), folder], {
        stdio: 'inherit',
      });
    }
  }
  // knex-pglite loads PGlite's CommonJS build: take PGlite from there too, so the process holds one
  // copy of it, and a server on PostgreSQL loads neither.
  const { PGlite: Embedded } = require('@electric-sql/pglite') as {
    PGlite: new (dir?: string, o?: PGliteOptions) => PGlite;
  };
  const ClientPgLite = pgliteClientTakingTurns(require('knex-pglite') as typeof Knex.Client);
  const pglite = new Embedded(folder, {
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    ...(!folder && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // knex-pglite manages its single connection itself: no pool option (FACTS.md).
  const db = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: { pglite },
  } as Knex.Config);
  embedded.set(db, pglite);
  return db;
}

const require = createRequire(import.meta.url);
const embedded = new WeakMap<Knex, PGlite>();

/**
 * The embedded database's settings: PGlite's default 128 MB of shared buffers sit in its
 * WebAssembly memory for the life of the process; a laptop's server works with far less, as the
 * operating system caches the files below it anyway.
 */
export const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers = 8MB', 'wal_buffers = 256kB', 'temp_buffers = 2MB'];

/** The PGlite instance behind an embedded database (its LISTEN/NOTIFY), undefined on PostgreSQL. */
export function embeddedDatabase(db: Knex): PGlite | undefined {
  return embedded.get(db);
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** An int8 value as a driver answers it: a number on PGlite, a decimal string on pg. */
export type Int8 = number | string;

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
