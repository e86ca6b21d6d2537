import { randomUUID } from 'node:crypto';
import { type ImportLeadsResponse, importLeadsFieldsSchema } from '@reachly/shared/schemas';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { authOf } from '../../auth/authenticate.ts';
import { badRequest, notFound } from '../../errors.ts';
import { parse } from '../../http/validate.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { importLeadsCsv } from '../lead-import.ts';
import { tenant } from '../tenancy.ts';
import { checkCsvType, csvUpload, fileChunks } from './csv-upload.ts';
import { createPendingImports } from './pending-imports.ts';

/**
 * POST /api/leads/import as an upload: the multipart body's `file` part (csv-upload.ts) is imported
 * straight into the database (lead-import.ts), inside a transaction that stays open until the whole
 * request has been read (pending-imports.ts). The route's handler commits it; any failure (a bad
 * part, a body cut off half-way, a file over the limit) rolls it back, so a rejected or interrupted
 * import keeps none of its rows.
 */

export function createLeadImportUpload({ db, realtime }: { db: Knex; realtime: Realtime }) {
  const imports = createPendingImports({ db, realtime });

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
    checkCsvType(file);
    const input = fileChunks(file);
    const trx = await db.transaction();
    const open = imports.open(req, {
      trx,
      organizationId,
      collectionId: fields.collectionId,
      importId: fields.importId ?? randomUUID(),
    });
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
      open.result = await importLeadsCsv({
        trx,
        organizationId,
        collectionId: fields.collectionId,
        input,
        onProgress: (counts) => imports.progress(open, counts),
      });
    } catch (error) {
      await imports.rollback(req);
      throw error;
    }
  }

  /** The route's body parser: a multipart upload whose file is imported as it arrives. */
  const middleware = csvUpload({ receive, discard: imports.rollback });

  /**
   * The handler's part: commits the import received by `middleware` and answers its counts. A
   * request without a file part answers 400 (after its text fields are checked).
   */
  async function commit(req: Request): Promise<ImportLeadsResponse> {
    const answer = await imports.commit(req);
    if (answer) return answer;
    fieldsOf(req);
    throw badRequest('file: attach the CSV file in the field named file.');
  }

  return { middleware, commit };
}
