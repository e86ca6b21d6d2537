import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { classifierBenches } from './classifier.ts';
import { dashboardBudgets } from './dashboard-budgets.ts';
import { engineBenches } from './engine.ts';
import { Api } from './lib/api.ts';
import { type BenchRow, medianPairMs, printTable, random, timedMs } from './lib/measure.ts';
import { seedConversations, seedLeads } from './lib/seed.ts';
import { startProcess, startReachly } from './lib/server-process.ts';
import { loadBenches } from './load.ts';

/**
 * `npm run bench`: each figure a ratio of two things measured side by side in this one run, on the
 * local PostgreSQL (BENCH_DATABASE_URL names the server, default postgres://postgres@127.0.0.1:5432).
 * BENCH_SCALE (default 1) scales the row counts down for a quick try: 0.1 = a tenth.
 * BENCH_ONLY=dashboard measures the dashboard's budgets alone (dashboard-budgets.ts); BENCH_ONLY=engine
 * the campaign engine's planner and task protocol alone (engine.ts); BENCH_ONLY=classifier the reply
 * classifier on its evaluation set alone (classifier.ts, no database); BENCH_ONLY=load the load of
 * 200 signed-in clients on PGlite and PostgreSQL alone (load.ts).
 */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const only = process.env.BENCH_ONLY;
const n = (count: number) => Math.max(10, Math.round(count * scale));
const rows: BenchRow[] = [];
const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-bench-'));
const dbName = `reachly_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
const log = (text: string) => console.error(`bench: ${text}`);

function ratio(value: number): string {
  return value.toFixed(2);
}

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

async function benchImport(
  root: Api,
  databaseUrl: string,
  server: { peakRssMb(): number; resetPeakRss(): void },
): Promise<void> {
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

  const { api } = await root.register('bench-import@example.com');
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
  const importRate = count / (importMs / 1000);
  const copyRate = count / (copyMs / 1000);
  rows.push({
    measure: `CSV import of ${count.toLocaleString('en')} rows via POST /api/leads/import vs psql \\copy`,
    value: ratio(importRate / copyRate),
    goal: '≥ 0.50',
    met: importRate / copyRate >= 0.5,
    detail: `${Math.round(importRate).toLocaleString('en')} vs ${Math.round(copyRate).toLocaleString('en')} rows/s`,
  });
  // The bound: the same rows inserted into the leads table inside PostgreSQL, with its indexes,
  // unique key and foreign keys, and no client or server in the way.
  const floor = new pg.Client({ connectionString: databaseUrl });
  await floor.connect();
  const { rows: made } = await floor.query<{ id: number }>(
    "insert into collections (organization_id, name) select organization_id, 'Floor' from collections where id = $1 returning id",
    [collection.id],
  );
  const floorMs = await timedMs(() =>
    floor.query(
      `insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name, source)
       select c.organization_id, c.id, b.profile_url, b.name, b.first_name, b.last_name, 'import'
       from bare_leads b cross join collections c where c.id = $1`,
      [made[0]?.id],
    ),
  );
  await floor.end();
  const floorRate = count / (floorMs / 1000);
  rows.push({
    measure: 'The same import vs INSERT … SELECT of the same rows into leads inside PostgreSQL',
    value: ratio(importRate / floorRate),
    goal: '(the bound)',
    met: null,
    detail: `${Math.round(importRate).toLocaleString('en')} vs ${Math.round(floorRate).toLocaleString('en')} rows/s: what the leads table's indexes and keys cost`,
  });
  const rss = server.peakRssMb();
  rows.push({
    measure: 'Server peak RSS during the import',
    value: `${Math.round(rss)} MB`,
    goal: '≤ 300 MB',
    met: rss <= 300,
    detail: `VmHWM of the server process from the import's start (peak before it: ${Math.round(idleRss)} MB, mostly argon2id's 64 MiB per password hash)`,
  });
}

interface Seeded {
  api: Api;
  collectionId: number;
  size: number;
}

/** An organisation with `size` leads, each with a conversation in `sent`, ranks 1000 apart. */
async function seededOrganization(root: Api, db: pg.Client, label: string, size: number): Promise<Seeded> {
  const { api, organizationId } = await root.register(`bench-${label}-${size}@example.com`);
  log(`seeding ${size} leads and conversations (${label})`);
  const collectionId = await seedLeads(db, organizationId, `${label}-${size}`, size);
  await seedConversations(db, organizationId, collectionId);
  await db.query('analyze leads');
  return { api, collectionId, size };
}

async function benchFunnelMove(root: Api, db: pg.Client): Promise<void> {
  const sides = [
    await seededOrganization(root, db, 'funnel', n(100_000)),
    await seededOrganization(root, db, 'funnel', 100),
  ];
  const moves = await Promise.all(
    sides.map(async ({ api, collectionId }) => {
      const page = await api.client.call(contract.conversations.list, {
        query: { collectionId, status: 'sent', limit: 50 },
      });
      if (!('hasMore' in page)) throw new Error('a column was asked for and the grouped board answered');
      const { conversations } = page;
      const next = random(7);
      return () => {
        const card = conversations[Math.floor(next() * conversations.length)] as { id: number };
        return api.client.call(contract.conversations.move, {
          body: { id: card.id, collectionId, fields: { status: 'sent', order: Math.floor(next() * 50) } },
        });
      };
    }),
  );
  log('funnel moves, the two columns alternating');
  const [big, small] = await medianPairMs(
    moves[0] as () => Promise<unknown>,
    moves[1] as () => Promise<unknown>,
  );
  rows.push({
    measure: `Funnel move in a column of ${n(100_000).toLocaleString('en')} vs of 100`,
    value: ratio(big / small),
    goal: '≤ 1.50',
    met: big / small <= 1.5,
    detail: `median ${big.toFixed(2)} vs ${small.toFixed(2)} ms`,
  });
}

async function benchPaging(root: Api, db: pg.Client): Promise<void> {
  const sides = [
    await seededOrganization(root, db, 'paging', n(1_000_000)),
    await seededOrganization(root, db, 'paging', 1000),
  ];
  const pages = await Promise.all(
    sides.map(async ({ api, collectionId, size }) => {
      const { rows: bounds } = await db.query<{ min: number; max: number }>(
        'select min(id) as min, max(id) as max from leads where collection_id = $1',
        [collectionId],
      );
      const { min = 0, max = 0 } = bounds[0] ?? {};
      const next = random(11);
      return {
        leads: () => {
          const lastId = min + Math.floor(next() * (max - min - 40));
          return api.client.call(contract.leads.list, {
            query: { collectionId, lastId, isExcluded: false, limit: 20 },
          });
        },
        column: () => {
          const lastOrder = Math.floor(next() * (size - 20)) * 1000;
          return api.client.call(contract.conversations.list, {
            query: { collectionId, status: 'sent', limit: 10, lastOrder },
          });
        },
      };
    }),
  );
  const [big, small] = pages as [(typeof pages)[number], (typeof pages)[number]];
  log('leads pages and conversation column pages, the two sizes alternating');
  const leads = await medianPairMs(big.leads, small.leads);
  const columns = await medianPairMs(big.column, small.column);
  const label = n(1_000_000).toLocaleString('en');
  for (const [what, [a, b]] of [
    ['A leads page', leads],
    ['A conversations column page', columns],
  ] as const) {
    rows.push({
      measure: `${what} at ${label} rows vs 1,000`,
      value: ratio(a / b),
      goal: '≤ 1.50',
      met: a / b <= 1.5,
      detail: `median ${a.toFixed(2)} vs ${b.toFixed(2)} ms`,
    });
  }
}

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: 5 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function benchCollections(root: Api): Promise<void> {
  const { api } = await root.register('bench-rps@example.com');
  for (const name of ['Leads A', 'Leads B', 'Leads C']) {
    await api.client.call(contract.collections.create, { body: { name } });
  }
  const bare = await startProcess(
    'tests/bench/bare-server.ts',
    { PORT: '0' },
    /listening at (http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    log('autocannon: GET /api/collections, then the bare Express route');
    const reachly = await requestsPerSecond(api.client.urlOf(contract.collections.list, {}), {
      authorization: api.token,
    });
    // bare-server.ts serves the same path with no middleware.
    const baseline = await requestsPerSecond(urlOf(contract.collections.list, {}, bare.url), {});
    // The bound: the same stack (helmet, request log, routing, error body) with no database call.
    const stackOnly = await requestsPerSecond(urlOf(contract.user.prerender, {}, api.url), {});
    rows.push({
      measure: 'Authenticated GET /api/collections vs a bare Express route (requests/s)',
      value: ratio(reachly / baseline),
      goal: '≥ 0.50',
      met: reachly / baseline >= 0.5,
      detail: `${Math.round(reachly)} vs ${Math.round(baseline)} req/s, 10 connections, 5 s each`,
    });
    rows.push({
      measure: 'Anonymous GET /api/globalPrerenderData (no database) vs the bare Express route',
      value: ratio(stackOnly / baseline),
      goal: '(the bound)',
      met: null,
      detail: `${Math.round(stackOnly)} req/s: helmet, request log and routing alone; each database round trip costs about as much again`,
    });
  } finally {
    await bare.stop();
  }
}

/** The server's benchmarks on PostgreSQL (BENCH_ONLY=dashboard skips them, BENCH_ONLY=engine keeps the engine's alone). */
async function serverBenches(): Promise<void> {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const server = await startReachly(databaseUrl.toString(), path.join(work, 'data'));
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  try {
    const root = new Api(server.url);
    // First, so that the engine's figures are the same whether run alone or with the others.
    rows.push(...(await engineBenches({ root, db, databaseUrl: databaseUrl.toString(), n, log })));
    if (only === 'engine') return;
    await benchImport(root, databaseUrl.toString(), server);
    await benchFunnelMove(root, db);
    await benchPaging(root, db);
    await benchCollections(root);
  } finally {
    await db.end();
    await server.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!only || only === 'engine') await serverBenches();
  if (!only || only === 'load') rows.push(...(await loadBenches(log, adminUrl)));
  if (!only || only === 'dashboard') rows.push(...(await dashboardBudgets(log)));
  if (!only || only === 'classifier') rows.push(...(await classifierBenches(log)));
  rmSync(work, { recursive: true, force: true });
  const heading = `Reachly benchmarks, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${scale === 1 ? '' : `(BENCH_SCALE=${scale})`}`;
  console.log(printTable(rows, heading));
}

await main();
