import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ImportProgress as Progress,
  totalCount,
  type UploadOptions,
  uploadLeads,
  writeCsv,
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
 * POST /api/leads/import: a large file with its progress, its duplicates and shouldClear, and the
 * lines that are not leads. Refused uploads and an upload cut off: leads-import-refused.test.ts; the
 * fields in any order and the other columns: leads-import-order.test.ts.
 */

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'reachly-import-'));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const upload = (account: TestAccount, options: UploadOptions) => uploadLeads(server, account, options);

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
