import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { Api } from './lib/api.ts';
import type { BenchRow } from './lib/measure.ts';
import { startProcess } from './lib/server-process.ts';

/**
 * Many clients at once, as the hardening issue measured them: LOAD_CLIENTS (default 200) signed-in
 * clients for LOAD_SECONDS (default 60) on GET /api/collections and a leads page, each request
 * given 10 s. The goal is no error and no timeout at all, on the embedded PGlite and on PostgreSQL.
 * `BENCH_ONLY=load npm run bench` runs these rows alone.
 */
interface LoadResult {
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p99Ms: number;
  perSecond: number;
}

const LOAD_TIMEOUT_SECONDS = 10;

/** Runs the load against a running server with a signed-in user's token. */
export async function runLoad(
  url: string,
  token: string,
  collectionId: number,
  { clients, seconds }: { clients: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: clients,
    duration: seconds,
    timeout: LOAD_TIMEOUT_SECONDS,
    headers: { authorization: token },
    requests: [
      { method: 'GET', path: urlOf(contract.collections.list, {}) },
      { method: 'GET', path: urlOf(contract.leads.list, { query: { collectionId, lastId: -1 } }) },
    ],
  });
  return {
    requests: result.requests.total,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    p99Ms: result.latency.p99,
    perSecond: result.requests.average,
  };
}

/** A user with a collection of `leads` leads, through the API as the dashboard makes them. */
export async function seedLoadAccount(
  url: string,
  leads: number,
): Promise<{ token: string; collectionId: number }> {
  const { api } = await new Api(url).register(
    `load-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
  );
  const collection = await api.client.call(contract.collections.create, { body: { name: 'Load' } });
  const csv = [
    'url,name',
    ...Array.from({ length: leads }, (_, i) => `https://sandbox.local/people/load-${i},Load ${i}`),
  ];
  const form = new FormData();
  form.set('collectionId', String(collection.id));
  form.set('file', new Blob([`${csv.join('\n')}\n`], { type: 'text/csv' }), 'leads.csv');
  await api.client.call(contract.leads.import, { body: form });
  return { token: api.token, collectionId: collection.id };
}

function loadRow(database: string, clients: number, seconds: number, r: LoadResult): BenchRow {
  const lost = r.errors + r.timeouts + r.non2xx;
  return {
    measure: `${clients} signed-in clients for ${seconds} s (${database}): errors + timeouts + non-2xx`,
    value: String(lost),
    goal: '0',
    met: lost === 0,
    detail: `${r.requests} requests, ${Math.round(r.perSecond)}/s, p99 ${r.p99Ms} ms; ${r.errors} errors, ${r.timeouts} timeouts (> ${LOAD_TIMEOUT_SECONDS} s), ${r.non2xx} non-2xx`,
  };
}

/** The load rows for PGlite (a fresh data folder) and PostgreSQL (a fresh database on adminUrl). */
export async function loadBenches(log: (text: string) => void, adminUrl: string): Promise<BenchRow[]> {
  const clients = Number(process.env.LOAD_CLIENTS ?? 200);
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const rows: BenchRow[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-load-'));
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', AUTH_RATE_LIMIT: '1000000' };
  const ready = /running at (http:\/\/localhost:\d+)/;
  try {
    log(`load: ${clients} clients × ${seconds} s on PGlite`);
    const embedded = await startProcess(
      'server/src/main.ts',
      { ...env, DATA_DIR: path.join(work, 'pglite') },
      ready,
    );
    try {
      const { token, collectionId } = await seedLoadAccount(embedded.url, 500);
      rows.push(
        loadRow(
          'PGlite',
          clients,
          seconds,
          await runLoad(embedded.url, token, collectionId, { clients, seconds }),
        ),
      );
    } finally {
      await embedded.stop();
    }

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const dbName = `reachly_load_${Date.now()}`;
    await admin.query(`create database ${dbName}`);
    try {
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${dbName}`;
      log(`load: ${clients} clients × ${seconds} s on PostgreSQL`);
      const server = await startProcess(
        'server/src/main.ts',
        { ...env, DATABASE_URL: databaseUrl.toString(), DATA_DIR: path.join(work, 'pg') },
        ready,
      );
      try {
        const { token, collectionId } = await seedLoadAccount(server.url, 500);
        rows.push(
          loadRow(
            'PostgreSQL',
            clients,
            seconds,
            await runLoad(server.url, token, collectionId, { clients, seconds }),
          ),
        );
      } finally {
        await server.stop();
      }
    } finally {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
