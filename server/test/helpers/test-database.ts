import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { inject } from 'vitest';
import { createDatabase, embeddedDatabase, migrateToLatest } from '../../src/db/knex.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this vitest project runs on (vitest.config.ts sets TEST_DB). */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  kind: TestDbKind;
  db: Knex;
  /** On PostgreSQL: a connection URL whose search_path is this file's schema. */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * An in-memory PGlite, migrated: a copy of the database the project's global setup migrated
 * (pglite-template.ts), when it ran, else a new one. It is waited for before knex first asks for
 * its connection: knex gives up on a connection after 60 s, and starting PGlite took longer than
 * that on a loaded 2-core machine (every end-to-end file of a run failed so).
 */
export async function openPgliteCopy(): Promise<Knex> {
  const template = inject('pgliteTemplate');
  const db = createDatabase({
    dataDir: null,
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  await embeddedDatabase(db)?.waitReady;
  await migrateToLatest(db);
  return db;
}

/**
 * A migrated database for one test file: an in-memory PGlite (a copy of the one migrated once per
 * run), or on PostgreSQL a fresh schema of TEST_DATABASE_URL (dropped at the end). Tests inside a
 * file isolate themselves by organisation.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = testDbKind();
  if (kind === 'pglite') {
    const db = await openPgliteCopy();
    return { kind, db, destroy: () => db.destroy() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  await admin.raw('create schema ??', [schema]);
  const db = createDatabase({ databaseUrl: base, searchPath: schema });
  await migrateToLatest(db);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    db,
    url: url.toString(),
    async destroy() {
      await db.destroy();
      await admin.raw('drop schema ?? cascade', [schema]);
      await admin.destroy();
    },
  };
}
