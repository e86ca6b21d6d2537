import os from 'node:os';
import { contract } from '@reachly/shared/contract';
import type pg from 'pg';
import type { Api } from './lib/api.ts';
import { type BenchRow, mediansMs, percentile, ratio, timedMs } from './lib/measure.ts';
import { type Seeded, seededOrganization } from './lib/seed.ts';
import { funnelMoves, leadsPages } from './lib/workloads.ts';

/**
 * How four things grow with the rows behind them (`BENCH_ONLY=growth`), from 10^3 to 10^6 rows
 * (BENCH_SCALE scales the sizes): one organisation per size, its leads and conversations seeded in
 * SQL (seed.ts); a leads page, a funnel move and GET /api/collections (which sums the kept
 * counters of the organisation's collections) measured with the four sizes taking turns (RUNS
 * medians); then the import of a CSV of as many rows through POST /api/leads/import into a new
 * collection of that organisation (the median of IMPORT_RUNS below 10^5 rows, one import from
 * there on). Each line gives the ratio from one decade to the next: ~1 is flat, 10 grows with
 * the rows.
 */

export interface GrowthBenchContext {
  root: Api;
  db: pg.Client;
  n: (count: number) => number;
  log: (text: string) => void;
}

const DECADES = [1_000, 10_000, 100_000, 1_000_000];
const RUNS = 50;
const WARMUP = 5;
const IMPORT_RUNS = 3;

export async function growthBenches({ root, db, n, log }: GrowthBenchContext): Promise<BenchRow[]> {
  const sizes = DECADES.map(n);
  const started = performance.now();
  const loads = [os.loadavg()[0] ?? 0];
  const orgs: Seeded[] = [];
  for (const size of sizes) orgs.push(await seededOrganization(root, db, 'growth', size, log));
  const seededS = (performance.now() - started) / 1000;
  log('growth: leads pages, funnel moves and GET /api/collections, the four sizes taking turns');
  const pages = await mediansMs(await Promise.all(orgs.map((o) => leadsPages(db, o))), RUNS, WARMUP);
  const moves = await mediansMs(await Promise.all(orgs.map((o) => funnelMoves(o))), RUNS, WARMUP);
  const reads = await mediansMs(
    orgs.map(
      ({ api }) =>
        () =>
          api.client.call(contract.collections.list, {}),
    ),
    RUNS,
    WARMUP,
  );
  const imports: number[] = [];
  for (const org of orgs) {
    log(`growth: importing ${org.size} rows`);
    const times: number[] = [];
    for (let i = 0; i < (org.size < 100_000 ? IMPORT_RUNS : 1); i += 1) times.push(await importMs(org, i));
    imports.push(percentile(times, 0.5));
  }
  loads.push(os.loadavg()[0] ?? 0);
  const took = `the growth part took ${Math.round((performance.now() - started) / 1000)} s, ${Math.round(seededS)} s of it seeding; load average ${loads.map((l) => l.toFixed(1)).join(' → ')} on ${os.cpus().length} cores`;
  const line = (what: string, ms: number[], how: string): BenchRow => ({
    measure: `Growth ${sizes.map(label).join(' → ')} rows: ${what} (ratio per decade)`,
    value: ms
      .slice(1)
      .map((t, i) => ratio(t / (ms[i] as number)))
      .join(' · '),
    goal: '(none set)',
    met: null,
    detail: `${how}: ${ms.map((t, i) => `${label(sizes[i] as number)} ${t < 10 ? t.toFixed(2) : t.toFixed(0)} ms`).join(', ')} (${took})`,
  });
  return [
    line('CSV import via POST /api/leads/import', imports, 'whole import'),
    line('a leads page', pages, `median of ${RUNS}`),
    line('a funnel move', moves, `median of ${RUNS}`),
    line('authenticated GET /api/collections', reads, `median of ${RUNS}`),
  ];
}

/** 10^3 for 1,000 and the like; the count itself otherwise (BENCH_SCALE). */
function label(size: number): string {
  const power = Math.log10(size);
  return Number.isInteger(power) ? `10^${power}` : size.toLocaleString('en');
}

/** Imports a CSV of as many rows as the organisation has leads (other URLs) into a new collection. */
async function importMs({ api, size }: Seeded, run: number): Promise<number> {
  const collection = await api.client.call(contract.collections.create, {
    body: { name: `Growth import ${run}` },
  });
  const chunks = ['url,name,firstName,lastName\n'];
  for (let from = 1; from <= size; from += 10_000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(size + 1, from + 10_000); i += 1) {
      lines.push(`https://sandbox.local/people/growth-${run}-${i},Person ${i},First${i},Last${i}\n`);
    }
    chunks.push(lines.join(''));
  }
  const file = new Blob(chunks, { type: 'text/csv' });
  let imported = 0;
  const ms = await timedMs(async () => {
    const form = new FormData();
    form.append('collectionId', String(collection.id));
    form.append('file', file, 'leads.csv');
    ({ imported } = await api.client.call(contract.leads.import, { body: form }));
  });
  if (imported !== size) throw new Error(`growth import kept ${imported} of ${size} rows`);
  return ms;
}
