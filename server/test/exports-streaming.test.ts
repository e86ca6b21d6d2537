import http from 'node:http';
import { Writable } from 'node:stream';
import { EXPORT_ROWS_HEADER } from '@reachly/shared/schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabase } from '../src/db/knex.ts';
import { createLogger } from '../src/http/logger.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import {
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * A large CSV export (issue 20; the files' contents are exports.test.ts's): it streams in many
 * chunks with back-pressure, is read from the database no faster than the client takes it, and a
 * client that leaves stops the server's reading (PostgreSQL's COPY cancelled) without an error.
 */

let server: TestServer;
let owner: TestAccount;
let log = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logger: createLogger('info', sink) });
  owner = await registerAccount(server, 'big-exporter');
}, 180_000);
afterAll(() => server?.close());

describe('a large export', () => {
  const total = 50_000;
  let big: number;
  beforeAll(async () => {
    big = await seedCollection(server, owner.organizationId, 'Big');
    // About 600 bytes a row: 30 MB of CSV, far more than the sockets between client and server hold.
    await server.database.db.raw(
      `insert into leads (organization_id, collection_id, profile_url, name)
       select ?, ?, 'https://network.example/people/big-' || g || '#ref=' || repeat('b', 500), 'Person ' || g
         from generate_series(1, ?) g`,
      [owner.organizationId, big, total],
    );
  }, 180_000);

  /** An export request read by hand: resolves on its first chunk with the paused response. */
  function openExport(path: string): Promise<{ res: http.IncomingMessage; first: Buffer }> {
    return new Promise((resolve, reject) => {
      // A connection of its own (no pooled socket the server may have closed while the rows were seeded).
      const req = http.get(
        new URL(path, server.url),
        { headers: { authorization: owner.accessToken }, agent: false },
        (res) => {
          res.once('data', (first: Buffer) => {
            res.pause();
            resolve({ res, first });
          });
          res.once('error', reject);
        },
      );
      req.once('error', reject);
    });
  }

  const exportLogs = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            level: number;
            msg: string;
            export?: string;
            rows?: number;
            complete?: boolean;
          },
      )
      .filter((entry) => entry.export === 'leads-Big');

  /** PostgreSQL: how many COPYs of this database are running now. */
  async function runningCopies(): Promise<number | undefined> {
    const { rows } = (await server.database.db.raw(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and query like 'copy (%'`,
    )) as { rows: { n: number }[] };
    return rows[0]?.n;
  }

  /** The whole file of an export request, in the chunks it arrived in. */
  async function readAll(path: string): Promise<{ res: http.IncomingMessage; chunks: Buffer[] }> {
    const { res, first } = await openExport(path);
    const chunks: Buffer[] = [first];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => res.once('end', resolve).resume());
    return { res, chunks };
  }

  it('arrives in many chunks and parses back to every row', async () => {
    const { res, chunks } = await readAll(`/api/exports/leads?collectionId=${big}`);
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe(String(total));
    expect(chunks.length).toBeGreaterThan(10);
    const records = parse(Buffer.concat(chunks), { bom: true }) as string[][];
    expect(records).toHaveLength(total + 1);
    expect(records[total]?.[2]).toBe(`Person ${total}`);
  }, 180_000);

  it('is read no faster than the client takes it, and stops when the client leaves', async () => {
    log = '';
    const path = `/api/exports/leads?collectionId=${big}`;
    const { res, first } = await openExport(path);
    expect(first.toString('utf8')).toContain('Lead ID,Profile URL');
    // While this client holds still, a second one takes the whole file: the server has had every
    // chance to read the first export to its end, and must not have.
    const other = await readAll(path);
    expect(Buffer.concat(other.chunks).length).toBeGreaterThan(total * 500);
    const onPostgres = !embeddedDatabase(server.database.db);
    if (onPostgres) expect(await runningCopies()).toBe(1);
    res.destroy();
    await expect
      .poll(() => exportLogs().filter((e) => e.complete === false), { timeout: 20_000 })
      .toHaveLength(1);
    const [stopped] = exportLogs().filter((e) => e.complete === false);
    expect(stopped?.msg).toBe('export stopped: the client went away');
    expect(stopped?.rows).toBeLessThan(total / 2);
    // Nothing logged as an error, and no 500.
    const entries = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; res?: { statusCode?: number } });
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(entries.filter((e) => e.res?.statusCode === 500)).toEqual([]);
    // On PostgreSQL the rows came from a COPY: it was cancelled, not left to run, and its connection
    // went back to the pool ready (the next export works).
    if (onPostgres) await expect.poll(runningCopies, { timeout: 20_000 }).toBe(0);
    const again = await readAll(path);
    expect(parse(Buffer.concat(again.chunks), { bom: true })).toHaveLength(total + 1);
  }, 180_000);
});
