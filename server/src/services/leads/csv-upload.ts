import { PassThrough, type Readable } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { badRequest, HttpError } from '../../errors.ts';

/**
 * The multipart side of POST /api/leads/import: multer parses the body and hands the `file` part's
 * stream to a storage engine that calls `receive` with it (import-upload.ts writes it to the
 * database); the part's bytes come out of `fileChunks`, and multer's errors become API errors.
 */

/**
 * The largest CSV file accepted (413 beyond). A constant of this file, not an environment variable:
 * 512 MB holds several million leads.
 */
const LEAD_IMPORT_MAX_FILE_BYTES = 512 * 1024 * 1024;
/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Part types that are clearly not CSV text (a spreadsheet, an archive, a picture...): 415. */
const NOT_TEXT_TYPES =
  /^(image|audio|video|font|model)\/|^application\/(pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-rar-compressed|x-bzip2|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|msword|x-msdownload|wasm)/i;

const tooLarge = () =>
  new HttpError(
    'PAYLOAD_TOO_LARGE',
    `The CSV file must be at most ${LEAD_IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB.`,
  );

/** A file part that is clearly not CSV text answers 415. */
export function checkCsvType(file: Express.Multer.File): void {
  if (NOT_TEXT_TYPES.test(file.mimetype)) {
    throw new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is ${file.mimetype}, not CSV text: save it as CSV (UTF-8) first.`,
    );
  }
}

/**
 * The file part's bytes, for `for await`; a file over the limit throws 413, a cut-off upload an
 * error. Call it before anything is awaited: its listeners must be on the stream from the start.
 */
export function fileChunks(file: Express.Multer.File): AsyncGenerator<Buffer> {
  const stream: Readable = file.stream;
  let truncated = false;
  stream.once('limit', () => {
    truncated = true;
  });
  // Read through a PassThrough: leaving the loop early must not destroy busboy's stream (multer
  // would take that for a failed upload), while busboy's errors and an upload cut off must reach
  // the loop.
  const pass = new PassThrough();
  pass.on('error', () => undefined);
  stream.once('error', (error) => pass.destroy(error));
  stream.once('close', () => {
    if (!stream.readableEnded) pass.destroy(new Error('The upload was cut off.'));
  });
  stream.pipe(pass);
  return (async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of pass) {
      if (truncated) throw tooLarge();
      yield chunk as Buffer;
    }
    if (truncated || (stream as { truncated?: boolean }).truncated) throw tooLarge();
  })();
}

/** multer's errors as API errors: the file over the limit is a 413, any other a 400. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge();
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return badRequest('Send one CSV file, in the field named file.');
    }
    return badRequest(`The upload is not valid: ${error.message}.`);
  }
  return badRequest('The upload could not be read (was it cut off?).');
}

interface CsvUploadHandlers {
  /** Reads the request's file part (its text fields are in req.body by then). */
  receive(req: Request, file: Express.Multer.File): Promise<void>;
  /** Undoes whatever `receive` left open for the request; called when the request fails or ends. */
  discard(req: Request): Promise<void>;
}

/** The route's body parser: a multipart upload of one CSV file, received as it arrives. */
export function csvUpload({ receive, discard }: CsvUploadHandlers): RequestHandler {
  /** Why the receiving of a request's file failed: the answer, whatever multer noticed after it. */
  const failures = new WeakMap<Request, unknown>();
  const storage: multer.StorageEngine = {
    _handleFile(req, file, callback) {
      receive(req, file).then(
        () => callback(null, {}),
        (error: unknown) => {
          failures.set(req, error);
          // Let busboy go on reading (and discarding) the rest of the body.
          file.stream.unpipe();
          file.stream.resume();
          callback(error);
        },
      );
    },
    _removeFile(req, _file, callback) {
      discard(req).then(
        () => callback(null),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
  const upload = multer({
    storage,
    limits: {
      fileSize: LEAD_IMPORT_MAX_FILE_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 12,
    },
  }).single('file');

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data.');
    }
    const length = Number(req.get('content-length') ?? 0);
    if (length > LEAD_IMPORT_MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    // Whatever happens to the response, what was received and not taken by then is undone.
    res.once('close', () => {
      discard(req).catch(() => undefined);
    });
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const answer = () => next(asHttpError(failures.get(req) ?? error));
      discard(req).then(answer, answer);
    });
  };
}
