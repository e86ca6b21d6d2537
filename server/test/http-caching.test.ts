import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { DOWNLOAD_ITEMS } from '@reachly/shared/constants';
import { parse } from 'csv-parse/sync';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabase } from '../src/db/knex.ts';
import { compressAnswers } from '../src/http/compression.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import {
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * Compression and caching over real HTTP (issue 19): the dashboard's precompressed files chosen by
 * Accept-Encoding (brotli first, then gzip, else the file itself) with Vary, a year's immutable
 * cache for hashed files and none for the page shell; a real robots.txt; API answers no-store and
 * compressed on the fly from 1 KB, a streamed CSV export flushed batch by batch.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The build's hashed script, shell and an unhashed public file, as Vite and vite.config.ts write them. */
const dist = mkdtempSync(path.join(tmpdir(), 'reachly-dist-'));
const SCRIPT = `/* main */\n${Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'x'.repeat(i % 40)}";`).join('\n')}\n`;
const SHELL = `<!doctype html><html lang="en"><head><title>Reachly</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="/assets/index-AbCd1234.js"></script></body></html>`;
const releases = mkdtempSync(path.join(tmpdir(), 'reachly-releases-'));
const LEADS = 12_000;
const EXPORT_BATCH = 5000;

function writeWithCopies(relative: string, text: string, copies: { br?: boolean; gz?: boolean }): void {
  const file = path.join(dist, relative);
  writeFileSync(file, text);
  if (copies.br) writeFileSync(`${file}.br`, brotliCompressSync(text));
  if (copies.gz) writeFileSync(`${file}.gz`, gzipSync(text));
}

mkdirSync(path.join(dist, 'assets'));
writeWithCopies('index.html', SHELL, { br: true, gz: true });
writeWithCopies('assets/index-AbCd1234.js', SCRIPT, { br: true, gz: true });
// A file the build left without a brotli copy: gzip is sent even to a client that prefers brotli.
writeWithCopies('assets/style-EfGh5678.css', `body{margin:0}${'.a{color:red}'.repeat(200)}`, { gz: true });
copyFileSync(path.join(here, '../../dashboard/public/robots.txt'), path.join(dist, 'robots.txt'));

let server: TestServer;
let owner: TestAccount;
let collectionId: number;

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_DIR: dist, RELEASES_DIR: releases });
  owner = await registerAccount(server, 'caching');
  collectionId = await seedCollection(server, owner.organizationId, 'Cached');
  await server.database.db.raw(
    `insert into leads (organization_id, collection_id, profile_url, name)
     select ?, ?, 'https://network.example/people/cached-' || g, 'Person ' || g
       from generate_series(1, ?) g`,
    [owner.organizationId, collectionId, LEADS],
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(releases, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire, still compressed. */
  body: Buffer;
}

/** A GET with exactly these headers (no client adds an Accept-Encoding of its own), read raw. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

const fromServer = (pathname: string, headers: Record<string, string> = {}) =>
  get(new URL(pathname, server.url).href, headers);

/** The body decoded by its Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return bytes.toString('utf8');
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('the dashboard files', () => {
  const script = '/assets/index-AbCd1234.js';

  it('send the brotli copy to a client that accepts it, with the script type and Vary', async () => {
    const answer = await fromServer(script, BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it('send the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
    for (const accept of ['gzip', 'gzip, br;q=0', 'deflate, gzip;q=0.5']) {
      const answer = await fromServer(script, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(decoded(answer), accept).toBe(SCRIPT);
    }
    const neither: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of neither) {
      const answer = await fromServer(script, headers);
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.toString('utf8')).toBe(SCRIPT);
    }
    // Only a gzip copy beside the file: that is what a brotli-first client gets.
    const style = await fromServer('/assets/style-EfGh5678.css', BROWSER);
    expect(style.headers['content-encoding']).toBe('gzip');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });

  it('cache hashed files for a year, immutable, whatever the encoding', async () => {
    for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }, {}]) {
      const answer = await fromServer(script, headers);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await fromServer('/assets/style-EfGh5678.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('answer a missing hashed file 404, not with the page shell', async () => {
    const answer = await fromServer('/assets/index-Old00000.js', BROWSER);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).not.toMatch(/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answer a file the build does not have 404 as text, not with the page shell', async () => {
    for (const pathname of ['/favicon.ico', '/apple-touch-icon.png', '/board/old-chunk.js']) {
      const answer = await fromServer(pathname, BROWSER);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers['content-type'], pathname).toMatch(/^text\/plain/);
    }
  });

  it('serve the page shell on / and every client-side route, compressed and never stored', async () => {
    for (const route of ['/', '/board', '/collections/12', '/signin?callbackUrl=%2Fboard', '/index.html']) {
      const answer = await fromServer(route, BROWSER);
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-type'], route).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers.vary, route).toMatch(/accept-encoding/i);
      // no-store rather than no-cache: always fetched anew, and never kept for Back after sign-out.
      expect(answer.headers['cache-control'], route).toBe('no-store');
      expect(decoded(answer), route).toBe(SHELL);
    }
    const plain = await fromServer('/board');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SHELL);
  });

  it('answer /robots.txt as text: the public pages allowed, the API and the app not', async () => {
    const answer = await fromServer('/robots.txt', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const text = decoded(answer);
    expect(text).not.toContain('<html');
    const rules = text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim());
    expect(rules).toEqual([
      'User-agent: *',
      'Allow: /signin',
      'Allow: /signup',
      'Allow: /download',
      'Disallow: /api/',
      'Disallow: /',
    ]);
  });
});

describe('API answers', () => {
  const auth = () => ({ authorization: owner.accessToken });

  it('are no-store, and compressed when large and accepted: brotli first, then gzip', async () => {
    const page = `/api/leads?collectionId=${collectionId}&limit=200`;
    const plain = await fromServer(page, auth());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    const json = JSON.parse(plain.body.toString('utf8')) as { leads: unknown[]; totalCount: number };
    expect(json.leads).toHaveLength(200);
    expect(plain.body.length).toBeGreaterThan(10_000);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await fromServer(page, { ...auth(), 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control'], accept).toBe('no-store');
      expect(answer.body.length, accept).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decoded(answer)), accept).toEqual(json);
    }
  });

  it('under 1 KB go uncompressed; errors and unknown API paths are JSON and no-store too', async () => {
    const user = await fromServer('/api/traffic', { ...auth(), ...BROWSER });
    expect(user.status).toBe(200);
    expect(user.body.length).toBeLessThan(1024);
    expect(user.headers['content-encoding']).toBeUndefined();
    expect(user.headers['cache-control']).toBe('no-store');

    for (const pathname of ['/api/nothing-here', '/api/assets/index-AbCd1234.js', '/api/robots.txt']) {
      const answer = await fromServer(pathname, { ...auth(), ...BROWSER });
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers['content-type'], pathname).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], pathname).toBe('no-store');
      expect(JSON.parse(decoded(answer)).error.code, pathname).toBe('NOT_FOUND');
    }
    const anonymous = await fromServer('/api/collections', BROWSER);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it("send the desktop app's installer as it is, with its length (the download page's percentage)", async () => {
    writeFileSync(path.join(releases, DOWNLOAD_ITEMS.linux.fileName), Buffer.alloc(256 * 1024));
    const answer = await fromServer(DOWNLOAD_ITEMS.linux.link, BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(256 * 1024));
    expect(answer.body.length).toBe(256 * 1024);
  });

  it("the API reference's static files are public: cached an hour and compressed", async () => {
    const css = await fromServer('/api/docs/assets/swagger-ui.css', BROWSER);
    expect(css.status).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=3600');
    expect(css.headers['content-encoding']).toBe('br');
    expect(decoded(css)).toContain('.swagger-ui');
  });
});

describe('a streamed CSV export', () => {
  const exportPath = () => `/api/exports/leads?collectionId=${collectionId}`;

  /** Where each of `lines`' first n records ends in the text (CRLF between records). */
  function recordEnds(text: string, counts: number[]): number[] {
    return counts.map((count) => {
      let at = 0;
      for (let i = 0; i < count; i += 1) at = text.indexOf('\r\n', at) + 2;
      return Buffer.byteLength(text.slice(0, at));
    });
  }

  it('is compressed and flushed batch by batch: the stream can be cut after the header and each batch', async () => {
    const answer = await fromServer(exportPath(), {
      authorization: owner.accessToken,
      'accept-encoding': 'gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = decoded(answer);
    const records = parse(text, { bom: true }) as string[][];
    expect(records).toHaveLength(LEADS + 1);
    expect(records[LEADS]?.[2]).toBe(`Person ${LEADS}`);

    // A sync flush ends with an empty stored block (00 00 ff ff): what precedes one decompresses
    // whole. Flushed per write, the stream holds one where the header row ends and one after each
    // write of rows, so a client has the rows as soon as they are sent (the page's progress). On
    // PGlite a write is a batch of rows; on PostgreSQL, a chunk of the COPY as it arrives.
    const cuts = new Set<number>();
    for (let at = answer.body.indexOf(SYNC_FLUSH); at >= 0; at = answer.body.indexOf(SYNC_FLUSH, at + 1)) {
      const prefix = answer.body.subarray(0, at + SYNC_FLUSH.length);
      cuts.add(gunzipSync(prefix, { finishFlush: constants.Z_SYNC_FLUSH }).length);
    }
    const batchEnds = recordEnds(text.replace(/^\ufeff/, ''), [
      1,
      1 + EXPORT_BATCH,
      1 + 2 * EXPORT_BATCH,
    ]).map((end) => end + Buffer.byteLength('\ufeff'));
    const [headerEnd = 0] = batchEnds;
    expect(cuts, `a flush at byte ${headerEnd} of the CSV`).toContain(headerEnd);
    if (embeddedDatabase(server.database.db)) {
      for (const end of batchEnds) expect(cuts, `a flush at byte ${end} of the CSV`).toContain(end);
    } else {
      expect([...cuts].filter((cut) => cut > headerEnd).length).toBeGreaterThan(3);
    }
  }, 60_000);

  it('arrives whole with brotli too', async () => {
    const answer = await fromServer(exportPath(), { authorization: owner.accessToken, ...BROWSER });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(parse(decoded(answer), { bom: true })).toHaveLength(LEADS + 1);
  }, 60_000);
});

const SYNC_FLUSH = Buffer.from([0x00, 0x00, 0xff, 0xff]);

describe('compressAnswers', () => {
  /**
   * A route that writes its first part, then waits until the client has read that part, decompressed,
   * before it writes the rest: it can end only if each write reaches the client without waiting for
   * more (a compressor that held its output would leave both sides waiting, and the test would time out).
   */
  async function twoParts(encoding: 'br' | 'gzip'): Promise<string[]> {
    const first = `${'first part, '.repeat(400)}\n`;
    const second = `${'second part, '.repeat(400)}\n`;
    let clientHasFirst: () => void = () => {};
    const firstRead = new Promise<void>((resolve) => {
      clientHasFirst = resolve;
    });
    const app = express();
    app.use(compressAnswers());
    app.get('/stream', async (_req, res) => {
      res.type('text/csv');
      res.write(first);
      await firstRead;
      res.end(second);
    });
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      return await new Promise<string[]>((resolve, reject) => {
        http.get(
          `http://127.0.0.1:${port}/stream`,
          { headers: { 'accept-encoding': encoding }, agent: false },
          (res) => {
            expect(res.headers['content-encoding']).toBe(encoding);
            const parts: string[] = [];
            let received = Buffer.alloc(0);
            res.on('data', (chunk: Buffer) => {
              received = Buffer.concat([received, chunk]);
              const text = (
                encoding === 'br'
                  ? brotliDecompressSync(received, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
                  : gunzipSync(received, { finishFlush: constants.Z_SYNC_FLUSH })
              ).toString('utf8');
              if (parts.length === 0 && text === first) {
                parts.push(text);
                clientHasFirst();
              }
            });
            res.once('end', () => {
              const whole = (
                encoding === 'br' ? brotliDecompressSync(received) : gunzipSync(received)
              ).toString('utf8');
              parts.push(whole.slice(first.length));
              resolve(parts);
            });
            res.once('error', reject);
          },
        );
      });
    } finally {
      listener.close();
    }
  }

  it('leaves a file of no known type as it is, with its length', async () => {
    const app = express();
    app.use(compressAnswers());
    app.get('/file', (_req, res) => {
      res.type('application/octet-stream').send(Buffer.alloc(64 * 1024));
    });
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const answer = await get(`http://127.0.0.1:${port}/file`, BROWSER);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(64 * 1024));
    } finally {
      listener.close();
    }
  });

  it.each(['br', 'gzip'] as const)('sends each write of a streamed answer at once (%s)', async (encoding) => {
    const parts = await twoParts(encoding);
    expect(parts[0]).toMatch(/^first part/);
    expect(parts[1]).toMatch(/^second part/);
  });
});
