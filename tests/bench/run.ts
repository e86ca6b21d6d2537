import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import pg from 'pg';
import { classifierBenches } from './classifier.ts';
import { compressionBenches } from './compression.ts';
import { dashboardBudgets } from './dashboard-budgets.ts';
import { engineBenches } from './engine.ts';
import { exportBenches } from './export.ts';
import { growthBenches } from './growth.ts';
import { importBenches } from './import.ts';
import { Api } from './lib/api.ts';
import { type BenchRow, medianPairMs, printTable, random, ratio } from './lib/measure.ts';
import { seededOrganization } from './lib/seed.ts';
import { startReachly } from './lib/server-process.ts';
import { funnelMoves, leadsPages } from './lib/workloads.ts';
import { lighthouseBenches } from './lighthouse.ts';
import { loadBenches } from './load.ts';
import { memoryBenches } from './memory.ts';
import { readsBenches } from './reads.ts';
import { realtimeBenches } from './realtime.ts';

/**
 * `npm run bench`: each figure a ratio of two things measured side by side in this one run, on the
 * local PostgreSQL (BENCH_DATABASE_URL names the server, default postgres://postgres@127.0.0.1:5432).
 * BENCH_SCALE (default 1) scales the row counts down for a quick try: 0.1 = a tenth.
 * BENCH_ONLY=dashboard measures the dashboard's budgets alone (dashboard-budgets.ts); BENCH_ONLY=engine
 * the campaign engine's planner and task protocol alone (engine.ts); BENCH_ONLY=classifier the reply
 * classifier on its evaluation set alone (classifier.ts, no database); BENCH_ONLY=load the load of
 * 200 signed-in clients on PGlite and PostgreSQL alone (load.ts); BENCH_ONLY=import the CSV import of
 * 1,000,000 rows against psql \copy and its bound, and the server's peak RSS, alone (import.ts);
 * BENCH_ONLY=reads the authenticated GET /api/collections against a bare Express route and its bounds alone (reads.ts);
 * BENCH_ONLY=growth how the import, a leads page, a funnel move and GET /api/collections grow from
 * 10^3 to 10^6 rows (growth.ts);
 * BENCH_ONLY=realtime the campaign log push to 1,000 sockets on one server (also without npm start's
 * Node flags, to show what they cost) and to 5,000 over two servers joined by Redis, the sockets in
 * forked client processes (realtime.ts; needs Redis, REDIS_URL default redis://127.0.0.1:6379);
 * BENCH_ONLY=memory the server's RSS right after `npm start` and over a workload, on PGlite and
 * PostgreSQL (memory.ts); BENCH_ONLY=compression the bytes of the main script and of a 500-card board
 * answer raw, brotli and gzip (compression.ts, the embedded database); BENCH_ONLY=lighthouse Lighthouse's
 * mobile preset on /signin and on /board with 500 cards (lighthouse.ts, Debian's Chromium).
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
/** Keeps rows for the table and prints each at once (a run stopped before its end still shows what it measured). */
const record = (...measured: BenchRow[]) => {
  rows.push(...measured);
  for (const row of measured) log(`row ${printTable([row], '').split('\n').at(-1)}`);
};

async function benchFunnelMove(root: Api, db: pg.Client): Promise<void> {
  const big = await seededOrganization(root, db, 'funnel', n(100_000), log);
  const small = await seededOrganization(root, db, 'funnel', 100, log);
  log('funnel moves, the two columns alternating');
  const [bigMs, smallMs] = await medianPairMs(await funnelMoves(big), await funnelMoves(small));
  record({
    measure: `Funnel move in a column of ${n(100_000).toLocaleString('en')} vs of 100`,
    value: ratio(bigMs / smallMs),
    goal: '≤ 1.50',
    met: bigMs / smallMs <= 1.5,
    detail: `median ${bigMs.toFixed(2)} vs ${smallMs.toFixed(2)} ms`,
  });
}

async function benchPaging(root: Api, db: pg.Client): Promise<void> {
  const sides = [
    await seededOrganization(root, db, 'paging', n(1_000_000), log),
    await seededOrganization(root, db, 'paging', 1000, log),
  ];
  const pages = await Promise.all(
    sides.map(async (seeded) => {
      const { api, collectionId, size } = seeded;
      const next = random(11);
      return {
        leads: await leadsPages(db, seeded),
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
    record({
      measure: `${what} at ${label} rows vs 1,000`,
      value: ratio(a / b),
      goal: '≤ 1.50',
      met: a / b <= 1.5,
      detail: `median ${a.toFixed(2)} vs ${b.toFixed(2)} ms`,
    });
  }
}

/** The benchmarks on the one server on PostgreSQL (BENCH_ONLY=engine, import, reads, growth or export: that alone). */
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
    if (!only || only === 'engine') {
      record(
        ...(await engineBenches({
          root,
          db,
          databaseUrl: databaseUrl.toString(),
          serverPid: server.pid,
          n,
          log,
        })),
      );
    }
    if (!only || only === 'import') {
      record(...(await importBenches({ root, databaseUrl: databaseUrl.toString(), work, n, log })));
    }
    if (!only) {
      await benchFunnelMove(root, db);
      await benchPaging(root, db);
    }
    if (!only || only === 'reads') record(...(await readsBenches(root, databaseUrl.toString(), log)));
    if (!only || only === 'growth') record(...(await growthBenches({ root, db, n, log })));
    if (!only || only === 'export')
      record(...(await exportBenches({ root, db, databaseUrl: databaseUrl.toString(), work, n, log })));
  } finally {
    await db.end();
    await server.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!only || ['engine', 'import', 'reads', 'growth', 'export'].includes(only)) await serverBenches();
  if (!only || only === 'realtime') record(...(await realtimeBenches({ adminUrl, n, log })));
  if (!only || only === 'memory') record(...(await memoryBenches({ adminUrl, n, log })));
  if (!only || only === 'load') record(...(await loadBenches(log, adminUrl)));
  if (!only || only === 'dashboard') record(...(await dashboardBudgets(log)));
  if (!only || only === 'classifier') record(...(await classifierBenches(log)));
  if (!only || only === 'compression') record(...(await compressionBenches(log)));
  if (!only || only === 'lighthouse') record(...(await lighthouseBenches(log)));
  rmSync(work, { recursive: true, force: true });
  const heading = `Reachly benchmarks, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${scale === 1 ? '' : `(BENCH_SCALE=${scale})`}`;
  console.log(printTable(rows, heading));
}

await main();
