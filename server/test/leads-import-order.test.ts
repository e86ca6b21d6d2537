import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ImportProgress as Progress, uploadLeads } from './helpers/lead-import.ts';
import { collect, connectSocket } from './helpers/socket.ts';
import {
  apiErrorOf,
  countRows,
  createCollection,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * POST /api/leads/import beside leads-import.test.ts: the multipart fields in any order (the file
 * before collectionId is spooled, then checked), an upload cut off keeping nothing, and every other
 * column of the CSV kept in the lead's `fields`.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The spool files the server holds now (files sent before their collectionId). */
function spooled(): string[] {
  try {
    return readdirSync(path.join(server.config.DATA_DIR, 'import-spool'));
  } catch {
    return [];
  }
}

/**
 * Imports the server has not settled: on PostgreSQL, a transaction that read a collection FOR SHARE
 * holds a row-share lock on the table until it ends. (On PGlite an import left open would hold its
 * one connection, and the next request would never be answered.)
 */
async function openImports(): Promise<number> {
  if (server.database.kind !== 'postgres') return 0;
  const { rows } = await server.database.db.raw<{ rows: { n: string }[] }>(
    `select count(*) as n from pg_locks where relation = 'collections'::regclass and mode = 'RowShareLock'
       and pid <> pg_backend_pid()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A CSV of `count` leads named `prefix`-i. */
function csvOf(prefix: string, count: number): string {
  const lines = ['url,name,Company'];
  for (let i = 0; i < count; i += 1)
    lines.push(`https://sandbox.local/people/${prefix}-${i},${prefix} ${i},Co ${i % 7}`);
  return `${lines.join('\n')}\n`;
}

/** POST /api/leads/import with the form's parts in `order` ('file' stands for the file part). */
function upload(
  account: TestAccount,
  parts: { collectionId?: number; shouldClear?: boolean; importId?: string; file?: string },
  order: string[],
) {
  return uploadLeads(server, account, { ...parts, order });
}

describe("POST /api/leads/import: the CSV's other columns", () => {
  it('keeps every column that is not a lead field in fields, by its header as written, and answers it', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Columns');
    const csv = [
      'Profile URL, Company ,First Name,City,,Company,notes',
      'https://x.com/ann,Acme,Ann,Lyon,ignored,Shadow,"said ""hi"", twice"',
      'https://x.com/bo,,Bo,  Oslo  ,,,',
      'https://x.com/cy,Initech',
    ].join('\n');
    expect(await upload(account, { collectionId, file: csv }, ['collectionId', 'file'])).toMatchObject({
      imported: 3,
      duplicates: 0,
      invalidCount: 0,
    });
    const page = await account.call(contract.leads.list, { query: { collectionId, lastId: -1 } });
    expect(page.leads.map((lead) => [lead.profileUrl, lead.firstName, lead.fields])).toEqual([
      ['https://x.com/ann', 'Ann', { Company: 'Acme', City: 'Lyon', notes: 'said "hi", twice' }],
      // Blank cells are left out; values are trimmed.
      ['https://x.com/bo', 'Bo', { City: 'Oslo' }],
      ['https://x.com/cy', null, { Company: 'Initech' }],
    ]);
    // Leads added any other way hold no fields; PATCH answers them too.
    await account.call(contract.leads.create, {
      body: { collectionId, leads: [{ profileUrl: 'https://x.com/manual' }] },
    });
    const all = await account.call(contract.leads.list, { query: { collectionId, lastId: -1 } });
    const manual = all.leads.find((lead) => lead.profileUrl === 'https://x.com/manual');
    expect(manual?.fields).toEqual({});
    const ann = all.leads.find((lead) => lead.profileUrl === 'https://x.com/ann');
    const patched = await account.call(contract.leads.setExcluded, {
      body: { id: ann?.id ?? 0, isExcluded: true },
    });
    expect(patched.fields).toEqual({ Company: 'Acme', City: 'Lyon', notes: 'said "hi", twice' });
  });
});

describe('POST /api/leads/import: the multipart fields in any order', () => {
  it('imports the file sent before collectionId, shouldClear and importId as it does after them, with progress pushes', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Orders');
    const { socket, error } = await connectSocket(server.url, {
      token: account.accessToken,
      organizationId: account.organizationId,
    });
    expect(error).toBeUndefined();
    const pushes = collect(socket, 'leads-import-progress') as Progress[];
    try {
      const rows = 25_000;
      const csv = csvOf('order', rows);
      const first = await upload(account, { collectionId, importId: 'file-first', file: csv }, [
        'file',
        'collectionId',
        'shouldClear',
        'importId',
      ]);
      expect(first).toEqual({
        importId: 'file-first',
        imported: rows,
        duplicates: 0,
        invalid: [],
        invalidCount: 0,
      });
      // The same file, fields first: all duplicates; then file first again with shouldClear after it.
      const after = await upload(account, { collectionId, importId: 'file-after', file: csv }, [
        'collectionId',
        'importId',
        'file',
      ]);
      expect(after).toMatchObject({ imported: 0, duplicates: rows });
      const cleared = await upload(
        account,
        {
          collectionId,
          shouldClear: true,
          importId: 'cleared',
          file: `${csv}https://sandbox.local/people/one-more,One,\n`,
        },
        ['file', 'shouldClear', 'importId', 'collectionId'],
      );
      expect(cleared).toMatchObject({ imported: rows + 1, duplicates: 0 });
      expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(rows + 1);
      const page = await account.call(contract.leads.list, { query: { collectionId, lastId: -1, limit: 1 } });
      expect(page.totalCount).toBe(rows + 1);
      expect(page.leads[0]).toMatchObject({
        profileUrl: 'https://sandbox.local/people/order-0',
        fields: { Company: 'Co 0' },
      });

      // Each import's progress arrives, chunk by chunk, whatever the order; the last push is its answer.
      for (const [importId, imported, duplicates] of [
        ['file-first', rows, 0],
        ['file-after', 0, rows],
        ['cleared', rows + 1, 0],
      ] as const) {
        await vi.waitFor(() =>
          expect(pushes.filter((p) => p.importId === importId).at(-1)).toEqual({
            importId,
            collectionId,
            processedRows: imported + duplicates,
            imported,
            duplicates,
            invalid: 0,
          }),
        );
        expect(pushes.filter((p) => p.importId === importId).length).toBeGreaterThanOrEqual(2);
      }
    } finally {
      socket.close();
    }
    expect(spooled()).toEqual([]);
    expect(await openImports()).toBe(0);
  }, 120_000);

  it("answers 404 to another organisation's collection named after the file, writing nothing and keeping no spool file", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    await other.call(contract.leads.create, {
      body: { collectionId: theirs, leads: [{ profileUrl: 'https://x.com/theirs' }] },
    });
    const { socket } = await connectSocket(server.url, {
      token: other.accessToken,
      organizationId: other.organizationId,
    });
    const theirPushes = collect(socket, 'leads-import-progress');
    try {
      const error = await apiErrorOf(
        upload(account, { collectionId: theirs, shouldClear: true, file: csvOf('sneaky', 12_000) }, [
          'file',
          'shouldClear',
          'collectionId',
        ]),
      );
      expect(error).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        message: `Collection ${theirs} not found.`,
      });
      // A bad field after the file: 400, and the spool goes too.
      const bad = await apiErrorOf(upload(account, { file: csvOf('bad', 10) }, ['file', 'collectionId']));
      expect(bad).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    } finally {
      socket.close();
    }
    expect(await server.database.db('leads').where({ collection_id: theirs }).pluck('profile_url')).toEqual([
      'https://x.com/theirs',
    ]);
    expect(theirPushes).toEqual([]);
    expect(spooled()).toEqual([]);
    expect(await openImports()).toBe(0);
  });
});

describe('POST /api/leads/import: an upload killed half-way', () => {
  /** Streams a multipart body by hand, its parts in `order`, and destroys the socket half-way through the file. */
  async function killedUpload(
    account: TestAccount,
    collectionId: number,
    order: ('fields' | 'file')[],
    csv: string,
    /** Resolves once the server has read enough of the file to be worth killing. */
    started: () => Promise<void>,
  ): Promise<void> {
    const boundary = 'reachly-kill-boundary';
    const fields =
      `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="importId"\r\n\r\nkilled\r\n`;
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const fullLength =
      Buffer.byteLength(fields) +
      Buffer.byteLength(fileHead) +
      Buffer.byteLength(csv) +
      Buffer.byteLength(`\r\n--${boundary}--\r\n`);
    const req = http.request(new URL(urlOf(contract.leads.import, {}), server.url), {
      method: 'POST',
      headers: {
        authorization: account.accessToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(fullLength),
      },
    });
    req.on('error', () => undefined);
    if (order[0] === 'fields') req.write(fields);
    req.write(fileHead);
    req.write(csv.slice(0, Math.floor(csv.length / 2)));
    await started();
    req.destroy();
  }

  it.each([
    ['the file first', ['file', 'fields'] as const],
    ['the fields first', ['fields', 'file'] as const],
  ])(
    'keeps no lead, no open import and no spool file (%s)',
    async (_, order) => {
      const account = await registerAccount(server);
      const collectionId = await createCollection(account, `Killed ${order[0]}`);
      const { socket } = await connectSocket(server.url, {
        token: account.accessToken,
        organizationId: account.organizationId,
      });
      const pushes = collect(socket, 'leads-import-progress') as Progress[];
      const csv = csvOf('killed', 60_000);
      try {
        await killedUpload(account, collectionId, [...order], csv, () =>
          vi.waitFor(
            () =>
              order[0] === 'file'
                ? expect(spooled().length).toBe(1)
                : expect(pushes.some((p) => p.importId === 'killed' && p.imported > 0)).toBe(true),
            { timeout: 20_000 },
          ),
        );
        await vi.waitFor(() => expect(spooled()).toEqual([]), { timeout: 10_000 });
        await vi.waitFor(async () => expect(await openImports()).toBe(0), { timeout: 10_000 });
        expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(0);
        // The server goes on: the same file imports in full afterwards.
        expect(await upload(account, { collectionId, file: csv }, ['file', 'collectionId'])).toMatchObject({
          imported: 60_000,
        });
      } finally {
        socket.close();
      }
      expect(spooled()).toEqual([]);
    },
    90_000,
  );
});

describe('POST /api/leads/import: duplicates into a collection that starts empty', () => {
  it('skips a line repeated in a later chunk, and a person another request adds to the collection meanwhile', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Repeats');
    // 24,000 lines, the last 4,000 repeating lines of the first chunk (5,000 rows; the next takes the rest).
    const lines = ['url,name'];
    for (let i = 0; i < 24_000; i += 1) lines.push(`https://sandbox.local/people/rep-${i % 20_000},Rep ${i}`);
    const csv = `${lines.join('\n')}\n`;
    expect(await upload(account, { collectionId, file: csv }, ['collectionId', 'file'])).toMatchObject({
      imported: 20_000,
      duplicates: 4_000,
    });
    const first = await server.database
      .db('leads')
      .where({ collection_id: collectionId, profile_url: 'https://sandbox.local/people/rep-7' })
      .first('name');
    expect(first).toEqual({ name: 'Rep 7' });
    expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(20_000);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'writes the chunk again with the key checked when another request added one of its people meanwhile',
    async () => {
      const account = await registerAccount(server);
      const collectionId = await createCollection(account, 'Raced');
      const { socket } = await connectSocket(server.url, {
        token: account.accessToken,
        organizationId: account.organizationId,
      });
      const pushes = collect(socket, 'leads-import-progress') as Progress[];
      try {
        const boundary = 'reachly-race-boundary';
        const head =
          `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="importId"\r\n\r\nraced\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
        const csv = csvOf('raced', 30_000);
        const tail = `\r\n--${boundary}--\r\n`;
        const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request(new URL(urlOf(contract.leads.import, {}), server.url), {
            method: 'POST',
            headers: {
              authorization: account.accessToken,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(
                Buffer.byteLength(head) + Buffer.byteLength(csv) + Buffer.byteLength(tail),
              ),
            },
          });
          req.on('response', (res) => {
            let body = '';
            res.on('data', (d: Buffer) => {
              body += d.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.write(head);
          const cut = csv.indexOf('raced-15000,');
          req.write(csv.slice(0, cut));
          // Once a chunk is in, another request adds a person of the file's second half.
          void vi
            .waitFor(() => expect(pushes.some((p) => p.importId === 'raced' && p.imported > 0)).toBe(true), {
              timeout: 20_000,
            })
            .then(() =>
              account.call(contract.leads.create, {
                body: { collectionId, leads: [{ profileUrl: 'https://sandbox.local/people/raced-25000' }] },
              }),
            )
            .then(() => {
              req.write(csv.slice(cut));
              req.end(tail);
            }, reject);
        });
        const res = await answer;
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body)).toMatchObject({ imported: 29_999, duplicates: 1 });
        expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(30_000);
      } finally {
        socket.close();
      }
    },
    60_000,
  );
});
