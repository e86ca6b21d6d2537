import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_ROWS_HEADER } from '@reachly/shared/schemas';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { Logger } from 'pino';

/**
 * One CSV file sent as it is read (docs/design.md §7): RFC 4180 (CRLF between records, a field with
 * a comma, quote, CR or LF quoted, quotes doubled) in UTF-8 with a byte order mark and a header row.
 * The rows arrive in batches; each batch becomes one chunk of the answer, and the next batch is read
 * only when the client has taken the one before (back-pressure), so memory holds a batch or two
 * whatever the file's length. A client that goes away stops the reading.
 */

/** A cell as the queries give it: text (dates already ISO 8601 UTC), or null for an empty cell. */
export type CsvCell = string | null;

export interface CsvExport {
  /** The attachment's name, without the date and extension (`leads-Spring fair`). */
  name: string;
  header: readonly string[];
  /** The rows, a batch at a time, each row as many cells as the header. */
  batches: AsyncIterable<CsvCell[][]>;
  /** How many rows the file will hold, when known beforehand (sent as a header for the progress bar). */
  expectedRows?: number;
}

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a cell gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field holding one of these is quoted (RFC 4180 §2.6); csv-stringify alone quotes a bare LF only when it is the record delimiter. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell made safe for a spreadsheet: a formula-like value is prefixed with a quote. */
function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const STRINGIFY_OPTIONS = {
  record_delimiter: 'windows',
  cast: {
    string: (value: string) => {
      const safe = guardFormula(value);
      return NEEDS_QUOTES.test(safe) ? { value: safe, quoted: true } : safe;
    },
  },
} as const;

/** Some rows (or the header) as CSV text. */
function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], STRINGIFY_OPTIONS);
}

/** A file name safe in every file system and header: no path or control characters, short, with the UTC date. */
function attachmentName(name: string, now: Date): string {
  const cleaned = name
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${cleaned || 'export'}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The batches' CSV text: the byte order mark and header first, then each batch as one chunk. */
async function* csvChunks(csv: CsvExport, counted: { rows: number; bytes: number }): AsyncGenerator<string> {
  const head = `\ufeff${csvText([csv.header])}`;
  counted.bytes += Buffer.byteLength(head);
  yield head;
  for await (const batch of csv.batches) {
    if (batch.length === 0) continue;
    const text = csvText(batch);
    counted.rows += batch.length;
    counted.bytes += Buffer.byteLength(text);
    yield text;
  }
}

/**
 * Answers the request with the CSV file, streamed. Resolves when the file is sent, or when the client
 * left (logged at info, not an error: the reading stopped with it). A failure after the first bytes
 * cuts the connection, so that the client sees a broken download rather than a short file.
 */
export async function sendCsv(res: Response, csv: CsvExport, logger: Logger, now: Date): Promise<void> {
  const fileName = attachmentName(csv.name, now);
  res.status(200);
  res.attachment(fileName);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (csv.expectedRows !== undefined) res.set(EXPORT_ROWS_HEADER, String(csv.expectedRows));
  const counted = { rows: 0, bytes: 0 };
  // One chunk waits in the readable at most: the next batch is read when the socket has taken this one.
  const source = Readable.from(csvChunks(csv, counted), { highWaterMark: 1 });
  const summary = () => ({ export: csv.name, rows: counted.rows, bytes: counted.bytes });
  try {
    await pipeline(source, res);
    logger.info({ ...summary(), complete: true }, 'export sent');
  } catch (error) {
    const left = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (left) {
      logger.info({ ...summary(), complete: false }, 'export stopped: the client went away');
      return;
    }
    if (!res.headersSent) throw error;
    logger.error({ err: error, ...summary() }, 'export failed after its first bytes');
    res.destroy();
  }
}
