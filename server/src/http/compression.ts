import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * The API's answers compressed on the fly (brotli, else gzip, as the client accepts; `Vary:
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
    threshold: 1024,
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('application/octet-stream') &&
      compression.filter(req, res),
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
  });
}
