import type { Knex } from 'knex';
import { copyRows } from '../../db/copy-to.ts';
import { embeddedDatabase } from '../../db/knex.ts';
import { type CsvCell, type ExportRows, guardedCopyQuery } from './csv-response.ts';

/**
 * Where an export's rows come from. On PostgreSQL, one `COPY (select …) TO STDOUT` of the whole
 * query (db/copy-to.ts): the database writes the CSV and the server passes it on. On the embedded
 * PGlite, which has no COPY to a client, keyset batches: each batch is its own short query after the
 * last id of the one before, so an export holds no transaction and no connection between batches
 * (one connection serves every request there), and costs the same per row whether it is the first
 * batch or the thousandth. Both give the same file (server/test/exports.test.ts on both databases).
 */

/** An export's query in its two shapes: a keyset page, and the whole in the same order. */
export interface ExportQuery {
  /** Up to `limit` rows after the keyset id `afterId` (each row's first cell), in id order. */
  page(afterId: number, limit: number): Promise<CsvCell[][]>;
  /** Every row, in id order, each cell text: COPY's query. */
  all(): Knex.Raw | Knex.QueryBuilder;
  /** How many cells a row has (the header's length). */
  columns: number;
}

/** The export's rows as this database reads them best. */
export function exportRows(db: Knex, query: ExportQuery): ExportRows {
  if (embeddedDatabase(db)) return { batches: keysetBatches(query.page) };
  return { copy: () => copyRows(db, guardedCopyQuery(db, query.all(), query.columns)) };
}

/** Rows per batch: a chunk of about a megabyte of CSV. */
const EXPORT_BATCH_ROWS = 5000;

/** An ISO 8601 UTC timestamp as text, made by the database (as JavaScript's toISOString writes it). */
export const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A query's rows as arrays of text cells. Every column the export queries select is text (cast in
 * SQL), so neither driver parses a date or a JSON value only for it to be written out again.
 */
export async function textRows(query: Knex.Raw | Knex.QueryBuilder): Promise<CsvCell[][]> {
  const answer: unknown = await query.options({ rowMode: 'array' });
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as unknown[];
  return rows.map((row) => (Array.isArray(row) ? row : Object.values(row as object)) as CsvCell[]);
}

/**
 * Every row, in batches: `page(afterId)` answers up to EXPORT_BATCH_ROWS rows whose first cell is the
 * keyset id, in id order. The next batch is asked for as soon as one arrives, so that the database
 * reads it while this one is written out (one batch ahead at most: the consumer still sets the
 * pace). Reading stops at a short batch, or when the consumer stops asking.
 */
async function* keysetBatches(
  page: (afterId: number, limit: number) => Promise<CsvCell[][]>,
): AsyncGenerator<CsvCell[][]> {
  let next: Promise<CsvCell[][]> | null = page(0, EXPORT_BATCH_ROWS);
  while (next) {
    const rows: CsvCell[][] = await next;
    next = rows.length < EXPORT_BATCH_ROWS ? null : page(Number(rows.at(-1)?.[0]), EXPORT_BATCH_ROWS);
    // A consumer that stops early leaves the batch being read: let it end without an unhandled rejection.
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}
