import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { type ImportLeadsResponse, importLeadsFieldsSchema } from '@reachly/shared/schemas';
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import multer from 'multer';
import { authOf } from '../../auth/authenticate.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { parse } from '../../http/validate.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { importLeadsCsv, type LeadImportCounts, type LeadImportResult } from '../lead-import.ts';
import { tenant } from '../tenancy.ts';
import { compactLeadCounts } from './lead-counts.ts';

/**
 * POST /api/leads/import as an upload: multer parses the multipart body and hands the `file` part's
 * stream to a storage engine that imports it straight into the database (lead-import.ts), inside a
 * transaction that stays open until the whole request has been read. The route's handler commits
 * it; any failure (a bad part, a body cut off half-way, a file over the limit) rolls it back, so a
 * rejected or interrupted import keeps none of its rows.
 */

/**
 * The largest CSV file accepted (413 beyond). A constant of this file, not an environment variable:
 * 512 MB holds several million leads.
 */
export const LEAD_IMPORT_MAX_FILE_BYTES = 512 * 1024 * 1024;
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

/** An import whose rows are written but not yet committed. */
interface PendingImport {
  trx: Knex.Transaction;
  organizationId: number;
  collectionId: number;
  importId: string;
  result?: LeadImportResult;
  settled: boolean;
}

export type LeadImportUpload = ReturnType<typeof createLeadImportUpload>;

export function createLeadImportUpload({ db, realtime }: { db: Knex; realtime: Realtime }) {
  const pending = new WeakMap<Request, PendingImport>();
  /** Why the import of a request's file failed: the answer, whatever multer noticed after it. */
  const failures = new WeakMap<Request, unknown>();

  async function rollback(req: Request): Promise<void> {
    const open = pending.get(req);
    if (!open || open.settled) return;
    open.settled = true;
    pending.delete(req);
    await open.trx.rollback();
  }

  function pushProgress(open: PendingImport, counts: LeadImportCounts): void {
    realtime.emit(open.organizationId, 'leads-import-progress', {
      importId: open.importId,
      collectionId: open.collectionId,
      ...counts,
    });
  }

  /** The text fields sent before the file part, checked (400) before any row is read. */
  function fieldsOf(req: Request) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.collectionId === undefined) {
      throw badRequest('collectionId: send the collectionId field before the file.');
    }
    return parse(importLeadsFieldsSchema, { ...body });
  }

  /** Reads the file part into the database; the transaction is left open for the handler. */
  async function receive(req: Request, file: Express.Multer.File): Promise<void> {
    const { organizationId } = authOf(req);
    const fields = fieldsOf(req);
    if (NOT_TEXT_TYPES.test(file.mimetype)) {
      throw new HttpError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The file is ${file.mimetype}, not CSV text: save it as CSV (UTF-8) first.`,
      );
    }
    const stream: Readable = file.stream;
    let truncated = false;
    stream.once('limit', () => {
      truncated = true;
    });
    // Read through a PassThrough, attached before anything is awaited: leaving the loop early must
    // not destroy busboy's stream (multer would take that for a failed upload), while busboy's
    // errors and an upload cut off must reach the loop.
    const pass = new PassThrough();
    pass.on('error', () => undefined);
    stream.once('error', (error) => pass.destroy(error));
    stream.once('close', () => {
      if (!stream.readableEnded) pass.destroy(new Error('The upload was cut off.'));
    });
    stream.pipe(pass);

    const trx = await db.transaction();
    const open: PendingImport = {
      trx,
      organizationId,
      collectionId: fields.collectionId,
      importId: fields.importId ?? randomUUID(),
      settled: false,
    };
    pending.set(req, open);
    try {
      // Hung up while this waited for a connection: its response's close has come and gone.
      if (req.destroyed && !req.readableEnded) throw badRequest('The upload was cut off.');
      // FOR SHARE: the collection cannot be deleted while its rows are written.
      const owned = await tenant(trx, organizationId)
        .table('collections')
        .where({ id: fields.collectionId })
        .forShare()
        .first('id');
      if (!owned) throw notFound(`Collection ${fields.collectionId} not found.`);
      if (fields.shouldClear) {
        await tenant(trx, organizationId)
          .table('leads')
          .where({ collection_id: fields.collectionId })
          .delete();
      }
      async function* chunks(): AsyncGenerator<Buffer> {
        for await (const chunk of pass) {
          if (truncated) throw tooLarge();
          yield chunk as Buffer;
        }
        if (truncated || (stream as { truncated?: boolean }).truncated) throw tooLarge();
      }
      open.result = await importLeadsCsv({
        trx,
        organizationId,
        collectionId: fields.collectionId,
        input: chunks(),
        onProgress: (counts) => pushProgress(open, counts),
      });
    } catch (error) {
      await rollback(req);
      throw error;
    }
  }

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
      rollback(req).then(
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

  /** The route's body parser: a multipart upload whose file is imported as it arrives. */
  const middleware: RequestHandler = (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data.');
    }
    const length = Number(req.get('content-length') ?? 0);
    if (length > LEAD_IMPORT_MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    // Whatever happens to the response, an import not committed by then is rolled back.
    res.once('close', () => {
      rollback(req).catch(() => undefined);
    });
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const answer = () => next(asHttpError(failures.get(req) ?? error));
      rollback(req).then(answer, answer);
    });
  };

  /**
   * The handler's part: commits the import received by `middleware` and answers its counts. A
   * request without a file part answers 400 (after its text fields are checked).
   */
  async function commit(req: Request): Promise<ImportLeadsResponse> {
    const open = pending.get(req);
    if (!open?.result) {
      fieldsOf(req);
      throw badRequest('file: attach the CSV file in the field named file.');
    }
    const result = open.result;
    open.settled = true;
    pending.delete(req);
    await open.trx.commit();
    await compactLeadCounts(db, open.organizationId, open.collectionId);
    pushProgress(open, {
      processedRows: result.processedRows,
      imported: result.imported,
      duplicates: result.duplicates,
      invalid: result.invalidCount,
    });
    return {
      importId: open.importId,
      imported: result.imported,
      duplicates: result.duplicates,
      invalid: result.invalid,
      invalidCount: result.invalidCount,
    };
  }

  return { middleware, commit };
}
