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

/** An import whose rows are being written, or are written but not yet committed. */
interface PendingImport {
  trx: Knex.Transaction;
  organizationId: number;
  collectionId: number;
  importId: string;
  result?: LeadImportResult;
  settled: boolean;
  /** Aborted when the request ends before its import is committed: the writing stops. */
  abort: AbortController;
  /** The writing under way, if any: rolled back only once it has stopped. */
  running?: Promise<unknown>;
}

export function createPendingImports({ db, realtime }: { db: Knex; realtime: Realtime }) {
  const pending = new WeakMap<Request, PendingImport>();

  /** The request's import, its transaction open from now on. */
  function open(req: Request, started: Omit<PendingImport, 'settled' | 'abort'>): PendingImport {
    const entry: PendingImport = { ...started, settled: false, abort: new AbortController() };
    pending.set(req, entry);
    return entry;
  }

  async function settleRollback(req: Request, entry: PendingImport): Promise<void> {
    if (entry.settled) return;
    entry.settled = true;
    if (pending.get(req) === entry) pending.delete(req);
    await entry.trx.rollback();
  }

  /**
   * Runs the writing of the request's import: a failure rolls the import back. The writing is told
   * to stop (entry.abort) when the request ends first.
   */
  async function run(req: Request, entry: PendingImport, write: () => Promise<void>): Promise<void> {
    const running = write();
    entry.running = running;
    try {
      await running;
    } catch (error) {
      await settleRollback(req, entry);
      throw error;
    } finally {
      entry.running = undefined;
    }
  }

  /**
   * Rolls the request's import back, unless it is committed or rolled back already; a writing under
   * way is stopped first (nothing else may use the transaction's connection meanwhile).
   */
  async function rollback(req: Request): Promise<void> {
    const entry = pending.get(req);
    if (!entry || entry.settled) return;
    entry.abort.abort();
    if (entry.running) await entry.running.catch(() => undefined);
    await settleRollback(req, entry);
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
    if (!entry?.result || entry.settled) return null;
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

  return { open, run, rollback, progress, commit };
}
