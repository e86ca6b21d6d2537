import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_POSTGRESQL_CONF, migrateToLatest } from '../../src/db/knex.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder (`dumpDataDir`), for openPgliteCopy. */
    pgliteTemplate?: string;
  }
}

/**
 * Creates and migrates one embedded database and writes its data folder to a file (`dumpDataDir`);
 * answers the file and a function that removes it.
 */
async function writeMigratedPglite(): Promise<{ file: string; remove: () => void }> {
  const require = createRequire(import.meta.url);
  const { PGlite: Embedded } = require('@electric-sql/pglite') as {
    PGlite: new (dir?: string, o?: object) => PGlite;
  };
  const pglite = new Embedded(undefined, { postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
  // knex gives up on its connection after 60 s; creating the cluster can take longer under load.
  await pglite.waitReady;
  const db = knexFactory({
    client: require('knex-pglite') as typeof Knex.Client,
    dialect: 'postgres',
    connection: { pglite },
  } as Knex.Config);
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await pglite.close().catch(() => {});
  const folder = mkdtempSync(path.join(tmpdir(), 'reachly-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Hands a project's test files the migrated database they open copies of (openPgliteCopy in
 * test-database.ts); answers its teardown. The server and end-to-end projects' global setups both
 * call it; their setups run in one process, so the database is made once per run.
 */
let made: Promise<{ file: string; remove: () => void }> | undefined;
let users = 0;
export async function providePgliteTemplate(project: TestProject): Promise<() => void> {
  made ??= writeMigratedPglite();
  users += 1;
  project.provide('pgliteTemplate', (await made).file);
  return () => {
    users -= 1;
    if (users === 0) void made?.then(({ remove }) => remove());
  };
}

/**
 * Global setup of the PGlite server project (docs/decisions.md, "Tests under load"): creating a
 * PGlite cluster and migrating it took 25-30 s per file on a loaded 2-core machine; a file now
 * opens a copy.
 */
export default function setup(project: TestProject): Promise<() => void> {
  return providePgliteTemplate(project);
}
