import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this an answer goes as it is: the headers cost what compression would save. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A contract endpoint's JSON answer (http/endpoints.ts), compressed whole when it is 1 KB or more
 * and the client accepts it: brotli (quality 4, the `compression` middleware's default), else gzip,
 * in the thread pool. An answer is built whole before it is sent, so it needs none of the
 * per-request wrapping of `res.write`/`res.end` that the streaming middleware below does: that
 * wrapping cost about a third of a small answer's requests/s (docs/decisions.md, Server). No ETag:
 * API answers are never stored (Cache-Control: no-store), so nobody revalidates them.
 */
export async function sendJson(req: Request, res: Response, status: number, answer: unknown): Promise<void> {
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  const text = JSON.stringify(answer);
  if (text === undefined) {
    res.end();
    return;
  }
  const body = Buffer.from(text);
  const encoding =
    body.length < COMPRESS_FROM_BYTES ? false : req.acceptsEncodings('br') || req.acceptsEncodings('gzip');
  if (!encoding) {
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return;
  }
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipped(body);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', compressed.length);
  res.end(compressed);
}

/**
 * Streamed and static API answers (CSV exports, reports, the API reference's files) compressed on the fly (brotli, else gzip, as the client accepts; `Vary:
 * Accept-Encoding`), from 1 KB up: below that the headers cost what compression saves. The
 * `compression` middleware skips media types that are not compressible (the desktop app's installers:
 * msi, dmg, deb) and answers that carry a Content-Encoding already; a file of no known type
 * (application/octet-stream) is skipped too, so a download keeps its Content-Length (the page's
 * percentage).
 *
 * Every write is flushed through the compressor: a streamed answer (the CSV exports, written a
 * batch at a time with back-pressure) reaches the client batch by batch, compressed, so an export's
 * progress moves as it did uncompressed; an answer sent whole (JSON) is one write anyway. The
 * import's progress goes over socket.io, which is not under /api and not compressed here.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: COMPRESS_FROM_BYTES,
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('application/octet-stream') &&
      compression.filter(req, res),
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
  });
}
