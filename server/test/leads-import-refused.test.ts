import http from 'node:http';
import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordFigure } from './helpers/figures.ts';
import {
  expectError,
  type ImportProgress as Progress,
  refused,
  type UploadOptions,
  uploadLeads,
} from './helpers/lead-import.ts';
import { collect, connectSocket } from './helpers/socket.ts';
import {
  countRows,
  createCollection,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * POST /api/leads/import refused (not a CSV, fields missing or wrong, another organisation's
 * collection, no token, a body over the limit) and cut off half-way: nothing written, nothing kept.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const upload = (account: TestAccount, options: UploadOptions) => uploadLeads(server, account, options);

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
