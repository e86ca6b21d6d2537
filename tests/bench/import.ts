import { execFileSync } from 'node:child_process';
import { createWriteStream, openAsBlob } from 'node:fs';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import pg from 'pg';
import { Api } from './lib/api.ts';
import { type BenchRow, ratio, timedMs } from './lib/measure.ts';
import { npmStartFlags, startReachly } from './lib/server-process.ts';

async function writeCsv(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('url,name,firstName,lastName\n');
  for (let i = 1; i <= count; i += 1) {
    const line = `https://sandbox.local/people/import-${i},Person ${i},First${i},Last${i}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

export interface ImportBenchContext {
  root: Api;
  databaseUrl: string;
  /** A scratch folder for the CSV file and the importing server's data. */
  work: string;
  n: (count: number) => number;
  log: (text: string) => void;
}

/**
 * The CSV import against psql \copy (into a bare table, and into one with leads' keys and indexes),
 * against its bound, and the server's peak RSS meanwhile. The import is sent to a server of its own
 * started as `npm start` starts it (its Node flags), on the same database, as the export bench does:
 * the memory measured is that of the server users run.
 */
export async function importBenches(context: ImportBenchContext): Promise<BenchRow[]> {
  const server = await startReachly(context.databaseUrl, path.join(context.work, 'import-data'), {
    nodeFlags: npmStartFlags(),
  });
  try {
    return await measureImport({ ...context, server });
  } finally {
    await server.stop();
  }
}

/**
 * The bound: the CSV's rows (bare_leads) inserted into leads inside PostgreSQL by one INSERT … SELECT,
 * with the table's indexes, keys and count trigger, into a new collection of a new organisation.
 */
async function floorMs(databaseUrl: string, label: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `with o as (insert into organizations (name, invite_token) values ($1, md5(random()::text)) returning id)
       insert into collections (organization_id, name) select id, 'Floor' from o returning id`,
      [`Bench floor ${label}`],
    );
    return await timedMs(() =>
      db.query(
        `insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name, source)
         select c.organization_id, c.id, b.profile_url, b.name, b.first_name, b.last_name, 'import'
         from bare_leads b cross join collections c where c.id = $1`,
        [rows[0]?.id],
      ),
    );
  } finally {
    await db.end();
  }
}

async function measureImport({
  root,
  databaseUrl,
  server,
  work,
  n,
  log,
}: ImportBenchContext & {
  server: { url: string; peakRssMb(): number; resetPeakRss(): void };
}): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const count = n(1_000_000);
  const file = path.join(work, 'leads.csv');
  log(`writing a ${count}-row CSV`);
  await writeCsv(file, count);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('create table bare_leads (profile_url text, name text, first_name text, last_name text)');
  await db.end();
  log('psql \\copy into a bare table');
  const copyMs = await timedMs(async () => {
    execFileSync('psql', [
      databaseUrl,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      `\\copy bare_leads from '${file}' csv header`,
    ]);
  });

  // The bound, measured before and after the import (their mean: the load and the table's size
  // differ), each time into a collection of an organisation of its own, as the import's.
  log('INSERT … SELECT into leads (the bound), before the import');
  const floorBeforeMs = await floorMs(databaseUrl, 'before');

  const registered = (await root.register('bench-import@example.com')).api;
  const api = new Api(server.url, registered.token);
  const collection = await api.client.call(contract.collections.create, { body: { name: 'Imported' } });
  log('POST /api/leads/import');
  const idleRss = server.peakRssMb();
  server.resetPeakRss();
  let imported = 0;
  const importMs = await timedMs(async () => {
    const form = new FormData();
    form.append('collectionId', String(collection.id));
    form.append('shouldClear', 'false');
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'leads.csv');
    ({ imported } = await api.client.call(contract.leads.import, { body: form }));
  });
  if (imported !== count) throw new Error(`import kept ${imported} of ${count} rows`);
  log('INSERT … SELECT into leads (the bound), after the import');
  const floorAfterMs = await floorMs(databaseUrl, 'after');
  const importRate = count / (importMs / 1000);
  const copyRate = count / (copyMs / 1000);
  rows.push({
    measure: `CSV import of ${count.toLocaleString('en')} rows via POST /api/leads/import vs psql \\copy`,
    value: ratio(importRate / copyRate),
    goal: '≥ 0.50',
    met: importRate / copyRate >= 0.5,
    detail: `${Math.round(importRate).toLocaleString('en')} vs ${Math.round(copyRate).toLocaleString('en')} rows/s`,
  });
  const floorRate = count / ((floorBeforeMs + floorAfterMs) / 2 / 1000);
  const floor = new pg.Client({ connectionString: databaseUrl });
  await floor.connect();
  // \copy into a table with leads' own keys and indexes (LIKE leads INCLUDING ALL: its primary key,
  // unique key, indexes and defaults; plus its two foreign keys), every row in one fixed collection.
  const { rows: keyed } = await floor.query<{ id: number; organization_id: number }>(
    "insert into collections (organization_id, name) select organization_id, 'Keyed copy' from collections where id = $1 returning id, organization_id",
    [collection.id],
  );
  const target = keyed[0] as { id: number; organization_id: number };
  await floor.query('create table keyed_leads (like leads including all)');
  await floor.query(
    `alter table keyed_leads
       alter column organization_id set default ${Number(target.organization_id)},
       alter column collection_id set default ${Number(target.id)},
       alter column source set default 'import',
       add foreign key (organization_id) references organizations (id) on delete cascade,
       add foreign key (collection_id) references collections (id) on delete cascade`,
  );
  await floor.end();
  log('psql \\copy into a table with the keys and indexes of leads');
  const keyedCopyMs = await timedMs(async () => {
    execFileSync('psql', [
      databaseUrl,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      `\\copy keyed_leads (profile_url, name, first_name, last_name) from '${file}' csv header`,
    ]);
  });
  const keyedCopyRate = count / (keyedCopyMs / 1000);
  rows.push({
    measure: 'The same import vs INSERT … SELECT of the same rows into leads inside PostgreSQL',
    value: ratio(importRate / floorRate),
    goal: '≥ 0.90',
    met: importRate / floorRate >= 0.9,
    detail: `${Math.round(importRate).toLocaleString('en')} vs ${Math.round(floorRate).toLocaleString('en')} rows/s: what the leads table's indexes and keys cost (the bound's mean of a run before the import, ${Math.round(floorBeforeMs)} ms, and one after, ${Math.round(floorAfterMs)} ms; the import ${Math.round(importMs)} ms)`,
  });
  rows.push({
    measure: 'The same import vs psql \\copy into a table with the same keys and indexes as leads',
    value: ratio(importRate / keyedCopyRate),
    goal: '(the bound with a client)',
    met: null,
    detail: `${Math.round(importRate).toLocaleString('en')} vs ${Math.round(keyedCopyRate).toLocaleString('en')} rows/s: LIKE leads INCLUDING ALL plus its foreign keys, one collection; no duplicate check, no count trigger`,
  });
  const rss = server.peakRssMb();
  rows.push({
    measure: 'Server peak RSS during the import',
    value: `${Math.round(rss)} MB`,
    goal: '≤ 300 MB',
    met: rss <= 300,
    detail: `VmHWM of a server started with npm start's Node flags, from the import's start (peak before it: ${Math.round(idleRss)} MB)`,
  });
  return rows;
}
