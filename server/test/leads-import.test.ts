import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import type { RealtimePayload } from '@reachly/shared/realtime';
import { apiErrorSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordFigure } from './helpers/figures.ts';
import { collect, connectSocket } from './helpers/socket.ts';
import {
  apiErrorOf,
  callAs,
  countRows,
  createCollection,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'reachly-import-'));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

type Progress = RealtimePayload<'leads-import-progress'>;

interface UploadOptions {
  collectionId?: number | string;
  shouldClear?: boolean;
  importId?: string;
  /** The CSV text, or a Blob (a file on disk). */
  file?: string | Blob;
  type?: string;
  /** Fields in this order (the file where 'file' stands). */
  order?: string[];
  token?: string | null;
}

/** POST /api/leads/import as a browser's FormData sends it, through the typed client. */
function upload(account: TestAccount, options: UploadOptions) {
  const form = new FormData();
  const order = options.order ?? ['collectionId', 'shouldClear', 'importId', 'file'];
  for (const key of order) {
    if (key === 'file' && options.file !== undefined) {
      const blob =
        typeof options.file === 'string'
          ? new Blob([options.file], { type: options.type ?? 'text/csv' })
          : options.file;
      form.append('file', blob, 'leads.csv');
    } else if (key === 'collectionId' && options.collectionId !== undefined) {
      form.append('collectionId', String(options.collectionId));
    } else if (key === 'shouldClear' && options.shouldClear !== undefined) {
      form.append('shouldClear', String(options.shouldClear));
    } else if (key === 'importId' && options.importId !== undefined) {
      form.append('importId', options.importId);
    }
  }
  const token = options.token === undefined ? account.accessToken : options.token;
  const call = token ? callAs(server.url, { authorization: token }) : server.call;
  return call(contract.leads.import, { body: form });
}

/** A typed call refused with this status and code; answers the error's message. */
async function refused(call: Promise<unknown>, status: number, code: string): Promise<string> {
  const error = await apiErrorOf(call);
  expect(error).toMatchObject({ status, code });
  return error.message;
}

/** The same for a raw answer (a request the typed client cannot send). */
function expectError(res: { status: number; body: unknown }, status: number, code: string): string {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.error.code).toBe(code);
  return body.error.message;
}

/** A CSV of `count` leads (ids from `from`), written to disk line by line. */
async function writeCsv(
  file: string,
  count: number,
  header = 'Profile URL,Full Name,First Name,Last Name',
): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  for (let i = 1; i <= count; i += 1) {
    const line = `https://www.sandbox.local/people/import-${i}/,Person ${i},First${i},Last${i}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function totalCount(account: TestAccount, collectionId: number): Promise<number> {
  const page = await account.call(contract.leads.list, { query: { collectionId, lastId: -1, limit: 1 } });
  return page.totalCount;
}

describe('POST /api/leads/import: a large file', () => {
  it('imports 100,000 rows with progress pushes, then finds them all duplicates, then replaces them with shouldClear', async () => {
    const rows = 100_000;
    const file = path.join(work, 'big.csv');
    await writeCsv(file, rows);
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Big');
    const { socket, error } = await connectSocket(server.url, {
      token: account.accessToken,
      organizationId: account.organizationId,
    });
    expect(error).toBeUndefined();
    const pushes = collect(socket, 'leads-import-progress') as Progress[];
    try {
      // The typed client parses the answer with the shared schema and refuses any status but 200.
      const res = await upload(account, {
        collectionId,
        importId: 'big-1',
        file: await openAsBlob(file, { type: 'text/csv' }),
      });
      expect(res).toEqual({
        importId: 'big-1',
        imported: rows,
        duplicates: 0,
        invalid: [],
        invalidCount: 0,
      });
      await vi.waitFor(() => expect(pushes.at(-1)?.processedRows).toBe(rows), { timeout: 10_000 });
      // Pushed per batch, not per row; counts only grow; the last one is the answer's.
      expect(pushes.length).toBeGreaterThanOrEqual(2);
      expect(pushes.length).toBeLessThanOrEqual(rows / 1000 + 2);
      for (const [i, push] of pushes.entries()) {
        expect(push).toMatchObject({ importId: 'big-1', collectionId, duplicates: 0, invalid: 0 });
        if (i > 0) expect(push.processedRows).toBeGreaterThanOrEqual(pushes[i - 1]?.processedRows ?? 0);
      }
      expect(pushes.at(-1)).toEqual({
        importId: 'big-1',
        collectionId,
        processedRows: rows,
        imported: rows,
        duplicates: 0,
        invalid: 0,
      });
      expect(await totalCount(account, collectionId)).toBe(rows);
      expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(rows);
      const sample = await server.database
        .db('leads')
        .where({ collection_id: collectionId, profile_url: 'https://sandbox.local/people/import-77777' })
        .first();
      expect(sample).toMatchObject({
        organization_id: account.organizationId,
        name: 'Person 77777',
        first_name: 'First77777',
        last_name: 'Last77777',
        source: 'import',
      });

      const again = await upload(account, {
        collectionId,
        file: await openAsBlob(file, { type: 'text/csv' }),
      });
      expect(again).toMatchObject({ imported: 0, duplicates: rows });
      expect(await totalCount(account, collectionId)).toBe(rows);

      const cleared = await upload(account, {
        collectionId,
        shouldClear: true,
        file: await openAsBlob(file, { type: 'text/csv' }),
      });
      expect(cleared).toMatchObject({ imported: rows, duplicates: 0 });
      expect(await totalCount(account, collectionId)).toBe(rows);
    } finally {
      socket.close();
    }
  }, 180_000);
});

describe('POST /api/leads/import: lines that are not leads', () => {
  it('imports the valid rows and lists the invalid lines with their line number and reason, at most 100', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Messy');
    const lines = [
      'url,name,first_name,last_name', // 1
      'https://facebook.com/anna,Anna Smith,Anna,Smith', // 2
      ',No Link,No,Link', // 3
      'not a link,Bad,Link,Here', // 4
      'https://www.facebook.com/anna/,Anna Again,,', // 5: a duplicate of line 2
      'https://facebook.com/eve,Eve,E,V,extra cell', // 6
      `https://facebook.com/long,${'x'.repeat(201)},,`, // 7
      'https://facebook.com/multi,"Two', // 8
      'Lines",Multi,Line', // 9
      'ftp://facebook.com/ftp,Ftp,,', // 10
      'https://facebook.com/trailing,Trailing,,,,', // 11: empty extra cells are fine
      'https://facebook.com/short', // 12: missing cells are empty
      '', // 13: empty lines are skipped
      'https://facebook.com/profile.php?ref=x,No Id,,', // 14
    ];
    // 150 more lines without a link: counted, but only the first 100 invalid lines are listed.
    for (let i = 0; i < 150; i += 1) lines.push(`javascript:alert(${i}),Nobody ${i},,`);
    lines.push('https://facebook.com/last,Last One,,');
    const body = await upload(account, { collectionId, file: `${lines.join('\r\n')}\r\n` });
    expect(body.imported).toBe(5);
    expect(body.duplicates).toBe(1);
    expect(body.invalidCount).toBe(6 + 150);
    expect(body.invalid).toHaveLength(100);
    expect(body.invalid.slice(0, 7)).toEqual([
      { line: 3, reason: 'Missing profile URL' },
      { line: 4, reason: 'Profile URL must be an http(s) link to a profile' },
      { line: 6, reason: "The line has 5 cells, more than the header's 4" },
      { line: 7, reason: 'Name must be at most 200 characters' },
      { line: 10, reason: 'Profile URL must be an http(s) link to a profile' },
      { line: 14, reason: 'Profile URL must be an http(s) link to a profile' },
      { line: 15, reason: 'Profile URL must be an http(s) link to a profile' },
    ]);
    expect(body.invalid.at(-1)?.line).toBe(15 + 93);
    const stored = await server.database
      .db('leads')
      .where({ collection_id: collectionId })
      .orderBy('id')
      .select('profile_url', 'name', 'first_name', 'last_name');
    expect(stored).toEqual([
      {
        profile_url: 'https://facebook.com/anna',
        name: 'Anna Smith',
        first_name: 'Anna',
        last_name: 'Smith',
      },
      {
        profile_url: 'https://facebook.com/multi',
        name: 'Two\r\nLines',
        first_name: 'Multi',
        last_name: 'Line',
      },
      { profile_url: 'https://facebook.com/trailing', name: 'Trailing', first_name: null, last_name: null },
      { profile_url: 'https://facebook.com/short', name: null, first_name: null, last_name: null },
      { profile_url: 'https://facebook.com/last', name: 'Last One', first_name: null, last_name: null },
    ]);
  });

  it('reports a quote never closed, reads semicolon files and other header spellings, builds the name', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Spellings');
    const semicolons =
      '\uFEFFLink;Given Name;Surname;Email\nhttps://x.com/a;Ann;Lee;a@x.com\n"https://x.com/b;Bo;Ray\n';
    expect(await upload(account, { collectionId, file: semicolons })).toMatchObject({
      imported: 1,
      duplicates: 0,
      invalid: [{ line: 3, reason: 'A quoted cell is never closed' }],
      invalidCount: 1,
    });
    const row = await server.database.db('leads').where({ collection_id: collectionId }).first();
    expect(row).toMatchObject({
      profile_url: 'https://x.com/a',
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
    });
  });
});

describe('POST /api/leads/import: refused uploads write nothing', () => {
  async function withExistingLead(account: TestAccount): Promise<number> {
    const collectionId = await createCollection(account, 'Existing');
    await account.call(contract.leads.create, {
      body: { collectionId, leads: [{ profileUrl: 'https://x.com/existing' }] },
    });
    return collectionId;
  }

  it('answers 400 to a file that is not CSV, even with shouldClear, and keeps the collection as it was', async () => {
    const account = await registerAccount(server);
    const collectionId = await withExistingLead(account);
    const binary = new Blob(
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48])],
      {
        type: 'application/octet-stream',
      },
    );
    const cases: [string, UploadOptions['file'], string][] = [
      [
        'binary',
        binary,
        'The file is not a CSV file of leads: it holds binary data (NUL bytes); save it as CSV (UTF-8).',
      ],
      [
        'no url column',
        'name,email\nAnna,anna@x.com\n',
        'The file is not a CSV file of leads: its first line names no profile URL column (url, profileUrl or link).',
      ],
      [
        'UTF-16 without NUL bytes',
        new Blob([Buffer.from([0xff, 0xfe]), Buffer.from('網址名前', 'utf16le')], { type: 'text/csv' }),
        'The file is not a CSV file of leads: it is UTF-16 text; save it as CSV (UTF-8).',
      ],
      ['empty', '', 'The file is not a CSV file of leads: it is empty.'],
      ['only blank lines', '\n\n\n', 'The file is not a CSV file of leads: it has no header line.'],
    ];
    for (const [, file, message] of cases) {
      const res = upload(account, { collectionId, shouldClear: true, file });
      expect(await refused(res, 400, 'BAD_REQUEST')).toBe(message);
    }
    // Binary data after a good start: the rows already read are rolled back.
    const lateBinary = `url\n${Array.from({ length: 12_000 }, (_, i) => `https://x.com/p${i}`).join('\n')}\n\u0000\u0001`;
    await refused(upload(account, { collectionId, shouldClear: true, file: lateBinary }), 400, 'BAD_REQUEST');
    const image = upload(account, {
      collectionId,
      shouldClear: true,
      file: 'url\nhttps://x.com/a\n',
      type: 'image/png',
    });
    await refused(image, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const rows = await server.database
      .db('leads')
      .where({ collection_id: collectionId })
      .pluck('profile_url');
    expect(rows).toEqual(['https://x.com/existing']);
  });

  it('answers 400 to missing fields and to a second file, 415 to a body that is not multipart', async () => {
    const account = await registerAccount(server);
    const collectionId = await withExistingLead(account);
    const csv = 'url\nhttps://x.com/new\n';
    // The fields may come after the file (leads-import-order.test.ts); none at all is a 400.
    expect(await refused(upload(account, { file: csv }), 400, 'BAD_REQUEST')).toBe(
      'collectionId: name the collection to import into (the collectionId field).',
    );
    expect(
      await refused(upload(account, { file: csv, order: ['file', 'collectionId'] }), 400, 'BAD_REQUEST'),
    ).toBe('collectionId: name the collection to import into (the collectionId field).');
    expect(await refused(upload(account, { collectionId }), 400, 'BAD_REQUEST')).toBe(
      'file: attach the CSV file in the field named file.',
    );
    await refused(upload(account, { collectionId: 'all', file: csv }), 400, 'BAD_REQUEST');
    await refused(upload(account, { collectionId, importId: '../etc', file: csv }), 400, 'BAD_REQUEST');
    await refused(
      upload(account, { collectionId, shouldClear: 'maybe' as never, file: csv }),
      400,
      'BAD_REQUEST',
    );

    // Two files: the first is read into the transaction, the second refuses the request, nothing is kept.
    const form = new FormData();
    form.append('collectionId', String(collectionId));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'a.csv');
    form.append('file', new Blob(['url\nhttps://x.com/other\n'], { type: 'text/csv' }), 'b.csv');
    expect(await refused(account.call(contract.leads.import, { body: form }), 400, 'BAD_REQUEST')).toBe(
      'Send one CSV file, in the field named file.',
    );

    // A JSON body where multipart is due: raw.
    const json = await account.api.post(urlOf(contract.leads.import, {}), {
      json: { collectionId, file: csv },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const rows = await server.database
      .db('leads')
      .where({ collection_id: collectionId })
      .pluck('profile_url');
    expect(rows).toEqual(['https://x.com/existing']);
  });

  it("answers 404 to another organisation's collection and 401 without a token, writing nothing", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await withExistingLead(other);
    const csv = 'url\nhttps://x.com/sneaky\n';
    const res = upload(account, { collectionId: theirs, shouldClear: true, file: csv });
    expect(await refused(res, 404, 'NOT_FOUND')).toBe(`Collection ${theirs} not found.`);
    await refused(upload(account, { collectionId: theirs, file: csv, token: null }), 401, 'UNAUTHORIZED');
    const rows = await server.database.db('leads').where({ collection_id: theirs }).pluck('profile_url');
    expect(rows).toEqual(['https://x.com/existing']);
  });

  it('answers 413 to a body announced over the limit, before reading it', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Huge');
    const boundary = 'reachly-boundary';
    // Raw: a multipart head whose announced length is never sent.
    const response = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(new URL(urlOf(contract.leads.import, {}), server.url), {
        method: 'POST',
        headers: {
          authorization: account.accessToken,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(600 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n`,
      );
    });
    expect(expectError(response, 413, 'PAYLOAD_TOO_LARGE')).toBe('The CSV file must be at most 512 MB.');
    expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(0);
  });
});

describe('POST /api/leads/import: an upload cut off half-way', () => {
  it('keeps none of the rows it had already written, and the same file imports in full afterwards', async () => {
    const account = await registerAccount(server);
    const collectionId = await createCollection(account, 'Cut');
    const rows = 40_000;
    const lines = ['url,name'];
    for (let i = 0; i < rows; i += 1) lines.push(`https://sandbox.local/people/cut-${i},Cut ${i}`);
    const csv = `${lines.join('\n')}\n`;
    const boundary = 'reachly-cut-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="importId"\r\n\r\ncut-1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const fullLength = Buffer.byteLength(head) + Buffer.byteLength(csv) + Buffer.byteLength(tail);

    const { socket } = await connectSocket(server.url, {
      token: account.accessToken,
      organizationId: account.organizationId,
    });
    const pushes = collect(socket, 'leads-import-progress') as Progress[];
    try {
      // Raw: an upload streamed by hand and cut off half-way.
      const req = http.request(new URL(urlOf(contract.leads.import, {}), server.url), {
        method: 'POST',
        headers: {
          authorization: account.accessToken,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(fullLength),
        },
      });
      req.on('error', () => undefined);
      req.write(head);
      req.write(csv.slice(0, Math.floor(csv.length / 2)));
      // Wait until the server has written at least one batch inside its transaction, then hang up.
      await vi.waitFor(
        () => expect(pushes.some((p) => p.importId === 'cut-1' && p.imported > 0)).toBe(true),
        {
          timeout: 20_000,
        },
      );
      req.destroy();

      // A short poll: the table never shows the rows, and the server settles with none of them.
      for (let i = 0; i < 10; i += 1) {
        expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      recordFigure('rowsKept', await countRows(server, 'leads', { collection_id: collectionId }));
      expect(await upload(account, { collectionId, file: csv })).toMatchObject({
        imported: rows,
        duplicates: 0,
      });
      expect(await countRows(server, 'leads', { collection_id: collectionId })).toBe(rows);
    } finally {
      socket.close();
    }
  }, 60_000);
});
