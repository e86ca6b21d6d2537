import type { ImportLeadsResponse } from '@reachly/shared/schemas';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Realtime } from '../../realtime/realtime.ts';
import type { LeadImportCounts, LeadImportResult } from '../lead-import.ts';
import { compactLeadCounts } from './lead-counts.ts';

/**
 * The imports of the requests under way: each one's open transaction until the route's handler
 * commits it or the request fails (rolled back), and its progress pushed to the organisation.
 */

/** An import whose rows are written but not yet committed. */
interface PendingImport {
  trx: Knex.Transaction;
  organizationId: number;
  collectionId: number;
  importId: string;
  result?: LeadImportResult;
  settled: boolean;
}

export function createPendingImports({ db, realtime }: { db: Knex; realtime: Realtime }) {
  const pending = new WeakMap<Request, PendingImport>();

  /** The request's import, its transaction open from now on. */
  function open(req: Request, started: Omit<PendingImport, 'settled'>): PendingImport {
    const entry: PendingImport = { ...started, settled: false };
    pending.set(req, entry);
    return entry;
  }

  /** Rolls the request's import back, unless it is committed or rolled back already. */
  async function rollback(req: Request): Promise<void> {
    const entry = pending.get(req);
    if (!entry || entry.settled) return;
    entry.settled = true;
    pending.delete(req);
    await entry.trx.rollback();
  }

  /** Pushes an import's counts so far to its organisation's pages. */
  function progress(entry: PendingImport, counts: LeadImportCounts): void {
    realtime.emit(entry.organizationId, 'leads-import-progress', {
      importId: entry.importId,
      collectionId: entry.collectionId,
      ...counts,
    });
  }

  /**
   * Commits the request's import if its whole file was written, pushes its last progress and
   * answers its counts; null when the request brought no file.
   */
  async function commit(req: Request): Promise<ImportLeadsResponse | null> {
    const entry = pending.get(req);
    if (!entry?.result) return null;
    const result = entry.result;
    entry.settled = true;
    pending.delete(req);
    await entry.trx.commit();
    await compactLeadCounts(db, entry.organizationId, entry.collectionId);
    progress(entry, {
      processedRows: result.processedRows,
      imported: result.imported,
      duplicates: result.duplicates,
      invalid: result.invalidCount,
    });
    return {
      importId: entry.importId,
      imported: result.imported,
      duplicates: result.duplicates,
      invalid: result.invalid,
      invalidCount: result.invalidCount,
    };
  }

  return { open, rollback, progress, commit };
}
