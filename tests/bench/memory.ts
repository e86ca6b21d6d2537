import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { npmStartFlags, type ServerProcess, startProcess } from './lib/server-process.ts';
import { runLoad, seedLoadAccount } from './load.ts';

/**
 * The server's memory (`BENCH_ONLY=memory`), started as `npm start` starts it (its Node flags, no
 * LOG_LEVEL of its own) on the embedded PGlite (a fresh data folder) and on PostgreSQL (a fresh
 * database): resident memory (VmRSS) once it has printed how to sign in (on PGlite, after the demo
 * account's password hash), then the peak (VmHWM) over a standard workload: a user registered, a
 * CSV of WORKLOAD_LEADS leads imported through the API, then MEMORY_CLIENTS signed-in clients
 * reading collections and leads pages for MEMORY_SECONDS (load.ts). The PostgreSQL server's own
 * memory is not counted; PGlite's is (it runs inside the server's process).
 */

export interface MemoryBenchContext {
  adminUrl: string;
  n: (count: number) => number;
  log: (text: string) => void;
}

const MEMORY_CLIENTS = 50;
const MEMORY_SECONDS = 20;
/** The last line the server prints on start, on either database (main.ts). */
const STARTED = /Sign (?:in|up) at (http:\/\/localhost:\d+)/;

interface Footprint {
  idleMb: number;
  startPeakMb: number;
  peakMb: number;
}

export async function memoryBenches({ adminUrl, n, log }: MemoryBenchContext): Promise<BenchRow[]> {
  const leads = n(100_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-memory-'));
  const env = { PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMIT: '1000000' };
  try {
    log('memory: the server on PGlite');
    const embedded = await footprint(
      await startProcess(
        'server/src/main.ts',
        { ...env, DATA_DIR: path.join(work, 'pglite') },
        STARTED,
        npmStartFlags(),
      ),
      leads,
    );
    log('memory: the server on PostgreSQL');
    const postgres = await withScratchDatabase(adminUrl, 'reachly_bench_memory', async (databaseUrl) =>
      footprint(
        await startProcess(
          'server/src/main.ts',
          { ...env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'pg') },
          STARTED,
          npmStartFlags(),
        ),
        leads,
      ),
    );
    const workload = `${leads.toLocaleString('en')} leads imported through the API, then ${MEMORY_CLIENTS} clients reading collections and leads pages for ${MEMORY_SECONDS} s`;
    return [
      {
        measure: 'Server RSS right after `npm start`, embedded database (PGlite)',
        value: `${Math.round(embedded.idleMb)} MB`,
        goal: '≤ 300 MB',
        met: embedded.idleMb <= 300,
        detail: `VmRSS once it printed how to sign in (demo account made); peak during start ${Math.round(embedded.startPeakMb)} MB`,
      },
      {
        measure: 'Server RSS right after `npm start`, PostgreSQL',
        value: `${Math.round(postgres.idleMb)} MB`,
        goal: '(none set)',
        met: null,
        detail: `peak during start ${Math.round(postgres.startPeakMb)} MB; PostgreSQL's own processes not counted`,
      },
      {
        measure: 'Server peak RSS over a standard workload, embedded database (PGlite)',
        value: `${Math.round(embedded.peakMb)} MB`,
        goal: '(none set)',
        met: null,
        detail: `VmHWM: ${workload}`,
      },
      {
        measure: 'Server peak RSS over the same workload, PostgreSQL',
        value: `${Math.round(postgres.peakMb)} MB`,
        goal: '(none set)',
        met: null,
        detail: `VmHWM: ${workload}`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The started server's memory now, then over the workload; stops it. */
async function footprint(server: ServerProcess, leads: number): Promise<Footprint> {
  try {
    const idleMb = server.rssMb();
    const startPeakMb = server.peakRssMb();
    const { token, collectionId } = await seedLoadAccount(server.url, leads);
    const load = await runLoad(server.url, token, collectionId, {
      clients: MEMORY_CLIENTS,
      seconds: MEMORY_SECONDS,
    });
    if (load.requests === 0) throw new Error('the workload made no request');
    return { idleMb, startPeakMb, peakMb: server.peakRssMb() };
  } finally {
    await server.stop();
  }
}
