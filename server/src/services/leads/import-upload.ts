import { randomUUID } from 'node:crypto';
import {
  type ImportLeadsFields,
  type ImportLeadsResponse,
  importLeadsFieldsSchema,
} from '@reachly/shared/schemas';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { authOf } from '../../auth/authenticate.ts';
import { leadSink } from '../../db/lead-sink.ts';
import { badRequest, notFound } from '../../errors.ts';
import { parse } from '../../http/validate.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { IMPORTED_LEAD_SOURCE, importLeadsCsv } from '../lead-import.ts';
import { tenant } from '../tenancy.ts';
import { checkCsvType, csvUpload, fileChunks } from './csv-upload.ts';
import { createImportSpool } from './import-spool.ts';
import { createPendingImports } from './pending-imports.ts';

/**
 * POST /api/leads/import as an upload. Its multipart fields come in any order (spec §7 lists file,
 * collectionId, shouldClear):
 * - collectionId before the file (the dashboard's order): the file part (csv-upload.ts) is imported
 *   straight into the database as it arrives (lead-import.ts);
 * - the file first: the part is written to a spool file on disk (import-spool.ts) while the
 *   collection is unknown, and imported from there by the route's handler once the fields are in.
 * Either way the import runs inside a transaction that stays open until the route's handler commits
 * it (pending-imports.ts); any failure (a bad part, a body cut off half-way, a file over the limit,
 * another organisation's collection) rolls it back, so a rejected or interrupted import keeps none of
 * its rows, and the spool file goes with the request.
 */

export function createLeadImportUpload({
  db,
  realtime,
  spoolDir,
}: {
  db: Knex;
  realtime: Realtime;
  /** Where files sent before their collectionId wait (DATA_DIR/import-spool). */
  spoolDir: string;
}) {
  const imports = createPendingImports({ db, realtime });
  const spool = createImportSpool(spoolDir);
  spool.clearLeftovers().catch(() => undefined);

  /** The request's text fields, checked (400). */
  function fieldsOf(req: Request): ImportLeadsFields {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.collectionId === undefined) {
      throw badRequest('collectionId: name the collection to import into (the collectionId field).');
    }
    return parse(importLeadsFieldsSchema, { ...body });
  }

  /** The bytes, stopping with an error once the request has ended (the import is abandoned). */
  async function* untilAborted(input: AsyncIterable<Buffer>, signal: AbortSignal): AsyncGenerator<Buffer> {
    for await (const chunk of input) {
      if (signal.aborted) throw badRequest('The upload was cut off.');
      yield chunk;
    }
  }

  /**
   * Imports `input` into the fields' collection, inside a transaction left open for the handler:
   * checks the collection (404), clears it when asked, then writes the rows with progress pushes.
   */
  async function importInto(req: Request, fields: ImportLeadsFields, input: AsyncIterable<Buffer>) {
    const { organizationId } = authOf(req);
    const trx = await db.transaction();
    const entry = imports.open(req, {
      trx,
      organizationId,
      collectionId: fields.collectionId,
      importId: fields.importId ?? randomUUID(),
    });
    await imports.run(req, entry, async () => {
      // Hung up while this waited for a connection: its response's close has come and gone.
      if (req.socket?.destroyed) throw badRequest('The upload was cut off.');
      // FOR SHARE: the collection cannot be deleted while its rows are written.
      const owned = await tenant(trx, organizationId)
        .table('collections')
        .where({ id: fields.collectionId })
        .forShare()
        .first('id');
      if (!owned) throw notFound(`Collection ${fields.collectionId} not found.`);
      const leads = () =>
        tenant(trx, organizationId).table('leads').where({ collection_id: fields.collectionId });
      if (fields.shouldClear) await leads().delete();
      const sink = leadSink({
        db,
        trx,
        organizationId,
        collectionId: fields.collectionId,
        source: IMPORTED_LEAD_SOURCE,
        startsEmpty: fields.shouldClear || !(await leads().first('id')),
      });
      entry.result = await importLeadsCsv({
        // Nothing more is sent once the request has ended: its rollback waits for the connection.
        sink: {
          batch: () => sink.batch(),
          write: async (batch) => {
            if (entry.abort.signal.aborted) throw badRequest('The upload was cut off.');
            const insert = await sink.write(batch);
            return () => {
              if (entry.abort.signal.aborted) throw badRequest('The upload was cut off.');
              return insert();
            };
          },
        },
        input: untilAborted(input, entry.abort.signal),
        onProgress: (counts) => imports.progress(entry, counts),
      });
    });
  }

  /**
   * Reads the request's file part: into the database when its collectionId came first, else into
   * the spool. The text fields sent so far are in req.body.
   */
  async function receive(req: Request, file: Express.Multer.File): Promise<void> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const known = body.collectionId !== undefined;
    // Checked before a byte is read: fields sent before the file (400), the part's type (415).
    const fields = known ? fieldsOf(req) : null;
    checkCsvType(file);
    const input = fileChunks(file);
    if (fields) await importInto(req, fields, input);
    else await spool.write(req, input);
  }

  /** Undoes what the request left: its open import (rolled back) and its spool file. */
  async function discard(req: Request): Promise<void> {
    await Promise.all([imports.rollback(req), spool.remove(req)]);
  }

  /** The route's body parser: a multipart upload whose file is imported or spooled as it arrives. */
  const middleware = csvUpload({ receive, discard });

  /**
   * The handler's part: imports a spooled file now that the fields are known, commits the import and
   * answers its counts. A request without a file part answers 400 (after its text fields are checked).
   */
  async function commit(req: Request): Promise<ImportLeadsResponse> {
    try {
      const answer = await imports.commit(req);
      if (answer) return answer;
      const fields = fieldsOf(req);
      if (!spool.has(req)) throw badRequest('file: attach the CSV file in the field named file.');
      await importInto(req, fields, spool.read(req));
      const imported = await imports.commit(req);
      if (!imported) throw badRequest('The upload was cut off.');
      return imported;
    } finally {
      await discard(req);
    }
  }

  return { middleware, commit };
}
