import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Request } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createImportSpool } from '../src/services/leads/import-spool.ts';

/**
 * The import spool (files sent before their collectionId) on its own: a request's file is written,
 * read back, and removed; and a read that is never consumed opens nothing. The last point is the
 * one a clean-clone CI run caught: an upload to another organisation's collection is refused (404)
 * before a row is read, the request's end removes the spooled file, and a stream opened eagerly by
 * read() then failed to open it: an uncaught ENOENT in the server.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function spoolDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reachly-spool-'));
  dirs.push(dir);
  return path.join(dir, 'import-spool');
}

async function* chunksOf(...texts: string[]): AsyncIterable<Buffer> {
  for (const text of texts) yield Buffer.from(text);
}

/** Errors thrown outside any awaited call while `run` goes on and a few turns of the loop after it. */
async function uncaughtDuring(run: () => Promise<void>): Promise<Error[]> {
  const errors: Error[] = [];
  const keep = (error: Error) => errors.push(error);
  process.on('uncaughtException', keep);
  try {
    await run();
    // An fs open goes through the thread pool: give it several turns to come back.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  } finally {
    process.off('uncaughtException', keep);
  }
  return errors;
}

describe('import spool', () => {
  it('writes the file part, reads it back, and removes it when the request ends', async () => {
    const dir = spoolDir();
    const spool = createImportSpool(dir);
    const req = {} as Request;
    expect(spool.has(req)).toBe(false);
    await spool.write(req, chunksOf('profileUrl\n', 'https://x.com/a\n'));
    expect(spool.has(req)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await text(spool.read(req))).toBe('profileUrl\nhttps://x.com/a\n');
    await spool.remove(req);
    expect(spool.has(req)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('opens nothing for a read that is never consumed, so removing the file first throws nowhere', async () => {
    const dir = spoolDir();
    const spool = createImportSpool(dir);
    const req = {} as Request;
    await spool.write(req, chunksOf('profileUrl\nhttps://x.com/b\n'));
    const [file] = readdirSync(dir);
    const errors = await uncaughtDuring(async () => {
      spool.read(req); // the import refused before its first row (404): the rows are never read
      // The request's end removes the file before any open could come back from the thread pool.
      rmSync(path.join(dir, String(file)));
      await spool.remove(req);
    });
    expect(errors).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
