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
    /** A file holding a migrated PGlite data folder (`dumpDataDir`), for openTestDatabase. */
    pgliteTemplate?: string;
  }
}

/**
 * Global setup of the PGlite server project: creates and migrates one embedded database, once, and
 * hands its data folder to every test file (docs/decisions.md, "Tests under load"): creating a
 * PGlite cluster and migrating it took 25-30 s per file on a loaded 2-core machine; a file now
 * opens a copy, and only compiles PGlite's WebAssembly.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const require = createRequire(import.meta.url);
  const { PGlite: Embedded } = require('@electric-sql/pglite') as {
    PGlite: new (dir?: string, o?: object) => PGlite;
  };
  const pglite = new Embedded(undefined, { postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
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
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
