import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_ROWS_HEADER } from '@reachly/shared/schemas';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CopiedRows } from '../../db/copy-to.ts';

/**
 * One CSV file sent as it is read (docs/design.md §7): RFC 4180 (CRLF between records, a field with
 * a comma, quote, CR or LF quoted, quotes doubled) in UTF-8 with a byte order mark and a header row.
 * The rows arrive in batches; each batch becomes one chunk of the answer, and the next batch is read
 * only when the client has taken the one before (back-pressure), so memory holds a batch or two
 * whatever the file's length. On PostgreSQL the rows arrive instead as the CSV text of a COPY, with
 * the formula guard applied in SQL (guardedCopyQuery) and LF made CRLF between records here
 * (crlfRecords): the same file, byte for byte. A client that goes away stops the reading.
 */

/** A cell as the queries give it: text (dates already ISO 8601 UTC), or null for an empty cell. */
export type CsvCell = string | null;

/** An export's rows: batches of cells, each row as many cells as the header, or a COPY's CSV text. */
export type ExportRows = { batches: AsyncIterable<CsvCell[][]> } | { copy: () => Promise<CopiedRows> };

export type CsvExport = ExportRows & {
  /** The attachment's name, without the date and extension (`leads-Spring fair`). */
  name: string;
  header: readonly string[];
  /** How many rows the file will hold, when known beforehand (sent as a header for the progress bar). */
  expectedRows?: number;
};

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a cell gets a leading '. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];
const FORMULA_START = new RegExp(`^[${FORMULA_STARTS.map((c) => `\\${c}`).join('')}]`);
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

/**
 * The query as COPY's rows of the same file as csvText writes from batches: each cell formula-guarded
 * as guardFormula does, and an empty text as null (COPY writes '' as `""`; csv-stringify, and so the
 * batches, as nothing).
 */
export function guardedCopyQuery(db: Knex, query: Knex.Raw | Knex.QueryBuilder, columns: number): Knex.Raw {
  const starts = FORMULA_STARTS.map((c) => `'${c}'`).join(', ');
  const names = Array.from({ length: columns }, (_, i) => `c${i + 1}`);
  const cells = names.map(
    (c) =>
      `case when t.${c} = '' then null when left(t.${c}, 1) in (${starts}) then '''' || t.${c} else t.${c} end`,
  );
  // The inner query's bindings stay knex's own: it is wrapped as a knex query, not as text.
  return db.raw(`select ${cells.join(', ')} from (?) as t(${names.join(', ')})`, [query]);
}

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

/** The byte order mark and the header row: the file's first chunk. */
function headText(csv: CsvExport): string {
  return `\ufeff${csvText([csv.header])}`;
}

/** The batches' CSV text: the byte order mark and header first, then each batch as one chunk. */
async function* csvChunks(
  csv: CsvExport & { batches: AsyncIterable<CsvCell[][]> },
  counted: { rows: number; bytes: number },
): AsyncGenerator<string> {
  const head = headText(csv);
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

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * COPY's CSV text with CRLF between records (RFC 4180), counting them: an LF outside quotes ends a
 * record (inside quotes it is the field's own and stays as it is; an unquoted CR can only be a
 * record's end, so an LF already after one is left alone). Quotes toggle the state, a doubled quote
 * twice. The scan jumps from quote to line feed with indexOf, so a chunk costs a few native searches.
 */
export function crlfRecords(counted: { rows: number; bytes: number }): Transform {
  let quoted = false;
  let last = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let from = 0;
      let at = 0;
      let nextQuote = chunk.indexOf(QUOTE);
      while (at < chunk.length) {
        if (quoted) {
          if (nextQuote < 0) break;
          quoted = false;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        const lf = chunk.indexOf(LF, at);
        if (lf < 0 && nextQuote < 0) break;
        if (nextQuote >= 0 && (lf < 0 || nextQuote < lf)) {
          quoted = true;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        counted.rows += 1;
        const before = lf > 0 ? chunk[lf - 1] : last;
        if (before !== CR) {
          parts.push(chunk.subarray(from, lf), CRLF_BYTES);
          from = lf + 1;
        }
        at = lf + 1;
      }
      if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
      const out = from === 0 ? chunk : Buffer.concat([...parts, chunk.subarray(from)]);
      counted.bytes += out.length;
      done(null, out);
    },
  });
}

const CRLF_BYTES = Buffer.from('\r\n');

/** The file as a stream of its bytes, and what to do when it has been sent or given up. */
async function csvStream(
  csv: CsvExport,
  counted: { rows: number; bytes: number },
): Promise<{ body: Readable; close(): Promise<void> }> {
  if ('batches' in csv) {
    // One chunk waits in the readable at most: the next batch is read when the socket has taken this one.
    return { body: Readable.from(csvChunks(csv, counted), { highWaterMark: 1 }), close: async () => {} };
  }
  const copied = await csv.copy();
  const body = crlfRecords(counted);
  const head = headText(csv);
  counted.bytes += Buffer.byteLength(head);
  body.push(head);
  // Piped, not part of the pipeline: a client that leaves must not destroy the COPY's stream, which
  // close() ends on its connection (db/copy-to.ts). A COPY that fails fails the file.
  copied.rows.once('error', (error) => body.destroy(error));
  copied.rows.pipe(body);
  return { body, close: copied.close };
}

/**
 * Answers the request with the CSV file, streamed. Resolves when the file is sent, or when the client
 * left (logged at info, not an error: the reading stopped with it). A failure after the first bytes
 * cuts the connection, so that the client sees a broken download rather than a short file.
 */
export async function sendCsv(res: Response, csv: CsvExport, logger: Logger, now: Date): Promise<void> {
  const fileName = attachmentName(csv.name, now);
  const counted = { rows: 0, bytes: 0 };
  const { body, close } = await csvStream(csv, counted);
  res.status(200);
  res.attachment(fileName);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (csv.expectedRows !== undefined) res.set(EXPORT_ROWS_HEADER, String(csv.expectedRows));
  const summary = () => ({ export: csv.name, rows: counted.rows, bytes: counted.bytes });
  try {
    await pipeline(body, res);
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
  } finally {
    await close();
  }
}
