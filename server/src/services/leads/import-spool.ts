import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';

/**
 * The files of imports whose file part came before their collectionId (spec §7 lists file first):
 * the collection is not known yet, so the part is written to a file of its own in `dir` (the
 * server's DATA_DIR/import-spool) and imported from there once the request's fields are in. Nothing
 * is held in memory; the file goes when the request ends, whatever the way (imported, refused, cut
 * off), and files left by a server that stopped half-way are removed when the next one starts.
 */

/** A spooled file this much older than its last write is a leftover (another server may share the folder). */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;
export function createImportSpool(dir: string) {
  const files = new WeakMap<Request, string>();

  /** Writes the request's file part to disk; a failed or abandoned write leaves no file. */
  async function write(req: Request, chunks: AsyncIterable<Buffer>): Promise<void> {
    const file = path.join(dir, `${randomUUID()}.csv`);
    files.set(req, file);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await pipeline(Readable.from(chunks), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      if (files.get(req) === file) files.delete(req);
      await rm(file, { force: true });
      throw error;
    }
    // Removed while it was being written (the request ended): make sure it is gone.
    if (files.get(req) !== file) await rm(file, { force: true });
  }

  /** Whether the request's file part is spooled. */
  function has(req: Request): boolean {
    return files.has(req);
  }

  /**
   * The spooled file's bytes. The file is opened when the first chunk is asked for, not before: an
   * import refused before it reads a row (another organisation's collection, 404) must not leave a
   * stream opening a file that the request's end has already removed (an uncaught ENOENT).
   */
  function read(req: Request): AsyncIterable<Buffer> {
    const file = files.get(req);
    if (!file) throw new Error('no spooled file for this request');
    return (async function* chunks() {
      yield* createReadStream(file, { highWaterMark: 256 * 1024 });
    })();
  }

  /** Removes the request's spooled file, if any. */
  async function remove(req: Request): Promise<void> {
    const file = files.get(req);
    if (!file) return;
    files.delete(req);
    await rm(file, { force: true });
  }

  /** Removes what a server that stopped during an upload left behind (files idle for an hour). */
  async function clearLeftovers(now = Date.now()): Promise<void> {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.csv')) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > LEFTOVER_AGE_MS) await rm(file, { force: true });
    }
  }

  return { write, has, read, remove, clearLeftovers };
}
