import {
  type InvalidLeadLine,
  LEAD_CSV_FIELDS,
  LEAD_NAME_MAX_LENGTH,
  LEAD_PART_NAME_MAX_LENGTH,
  LEADS_IMPORT_INVALID_LIST_MAX,
  type LeadCsvField,
  type LeadCsvRow,
  leadCsvFieldForHeader,
  leadCsvRowSchema,
  normalizeProfileUrl,
  PROFILE_URL_MAX_LENGTH,
} from '@reachly/shared/schemas';
import type { LeadBatch, LeadSink } from '../db/lead-sink.ts';
import { badRequest } from '../errors.ts';
import { CsvReader, CsvRecordTooLong } from './leads/csv-reader.ts';

/**
 * The streaming part of POST /api/leads/import (docs/design.md §6): CSV bytes go through the CSV
 * reader (leads/csv-reader.ts: csv-parse's records, read faster) into batches of at most
 * LEAD_IMPORT_CHUNK_ROWS rows (or LEAD_IMPORT_CHUNK_BYTES), each written by the caller's sink
 * (db/lead-sink.ts: COPY on PostgreSQL) inside the caller's transaction. The file's chunks are read
 * with `for await`, and one batch is written while the next is read: the reading pauses (and the
 * upload with it) when the next one is full first, so memory holds two batches, whatever the
 * file's size.
 */

/**
 * Rows per chunk written (and per progress push): the first chunk small, so that the first progress
 * comes soon; the later ones larger, so that a large file costs fewer round trips.
 */
const LEAD_IMPORT_FIRST_CHUNK_ROWS = 5_000;
const LEAD_IMPORT_CHUNK_ROWS = 50_000;
/** A batch is written early when it holds this many bytes (wide rows, many columns). */
const LEAD_IMPORT_CHUNK_BYTES = 16 * 1024 * 1024;
/** The longest record (in characters) the parser accepts: a quote left open would swallow the file. */
const LEAD_IMPORT_MAX_RECORD_CHARS = 100_000;
/** How far the parser looks for the end of the header line to guess the delimiter. */
const HEADER_SNIFF_BYTES = 64 * 1024;
/** The `source` of imported leads. */
export const IMPORTED_LEAD_SOURCE = 'import';

export interface LeadImportCounts {
  /** Data rows read so far (the header is not one). */
  processedRows: number;
  imported: number;
  duplicates: number;
  invalid: number;
}

export interface LeadImportResult {
  imported: number;
  duplicates: number;
  /** The first LEADS_IMPORT_INVALID_LIST_MAX invalid lines, by line number. */
  invalid: InvalidLeadLine[];
  invalidCount: number;
  processedRows: number;
}

export interface ImportLeadsCsvOptions {
  /** Writes the leads into their collection (db/lead-sink.ts). */
  sink: LeadSink;
  /** The file's bytes. */
  input: AsyncIterable<Buffer>;
  /** Called after every chunk written. */
  onProgress?: (counts: LeadImportCounts) => void;
  chunkRows?: number;
}

const notCsv = (why: string) => badRequest(`The file is not a CSV file of leads: ${why}`);

/** Line breaks inside a record's quoted cells (\r\n, \r or \n: one line each). */
function breaksIn(fields: readonly string[]): number {
  let breaks = 0;
  for (const field of fields) {
    if (!field.includes('\n') && !field.includes('\r')) continue;
    for (let i = 0; i < field.length; i += 1) {
      const c = field.charCodeAt(i);
      if (c === 10 || (c === 13 && field.charCodeAt(i + 1) !== 10)) breaks += 1;
    }
  }
  return breaks;
}

/** A line with nothing in it (``, or only delimiters as spreadsheets export empty rows). */
function isBlank(fields: readonly string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/**
 * The delimiter of the header line: the most frequent of comma, semicolon (spreadsheets in many
 * locales) and tab, outside quotes; comma when none is seen. (The do-not-contact import reads its
 * files with it too.)
 */
export function sniffDelimiter(head: Uint8Array): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const byte of head) {
    if (byte === 0x22) quoted = !quoted;
    else if (!quoted && (byte === 0x0a || byte === 0x0d)) break;
    else if (!quoted && byte === 0x2c) counts[','] += 1;
    else if (!quoted && byte === 0x3b) counts[';'] += 1;
    else if (!quoted && byte === 0x09) counts['\t'] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** The file's chunks, refusing binary data (PostgreSQL cannot store NUL characters in text). */
async function* textChunks(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of input) {
    if (chunk.includes(0)) throw notCsv('it holds binary data (NUL bytes); save it as CSV (UTF-8).');
    yield chunk;
  }
}

/** Reads up to the end of the first line (or HEADER_SNIFF_BYTES), then gives back every chunk. */
async function withHead(
  input: AsyncIterable<Buffer>,
): Promise<{ head: Buffer; chunks: AsyncIterable<Buffer> }> {
  const iterator = input[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    headChunks.push(next.value);
    length += next.value.length;
    if (next.value.includes(0x0a) || next.value.includes(0x0d) || length >= HEADER_SNIFF_BYTES) break;
  }
  const head = Buffer.concat(headChunks);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, chunks: all() };
}

/** The first LEADS_IMPORT_INVALID_LIST_MAX invalid lines by line number, and how many there were. */
class InvalidLines {
  readonly lines: InvalidLeadLine[] = [];
  count = 0;

  /** Lines come in the file's order (the reader reads it from start to end), so the first are kept. */
  add(line: number, reason: string): void {
    this.count += 1;
    if (this.lines.length < LEADS_IMPORT_INVALID_LIST_MAX) this.lines.push({ line, reason });
  }
}

interface HeaderMap {
  /** Which column holds each lead field; the first column naming a field wins. */
  columns: Partial<Record<LeadCsvField, number>>;
  /** The other columns, kept in leads.fields under their header (trimmed; the first of a name wins). */
  extras: { index: number; key: string }[];
}

function mapHeader(header: readonly string[]): HeaderMap {
  const columns: Partial<Record<LeadCsvField, number>> = {};
  const extras: { index: number; key: string }[] = [];
  const keys = new Set<string>();
  header.forEach((cell, index) => {
    const field = leadCsvFieldForHeader(cell);
    if (field) {
      if (columns[field] === undefined) columns[field] = index;
      return;
    }
    const key = cell.trim();
    if (key === '' || keys.has(key)) return;
    keys.add(key);
    extras.push({ index, key });
  });
  return { columns, extras };
}

/** A row's other columns as leads.fields' JSON text; blank cells are left out. */
function fieldsJson(fields: readonly string[], extras: HeaderMap['extras']): string {
  if (extras.length === 0) return '{}';
  const kept: Record<string, string> = {};
  for (const { index, key } of extras) {
    const value = fields[index]?.trim();
    if (value) kept[key] = value;
  }
  return JSON.stringify(kept);
}

/** A trimmed optional cell as nullableTextSchema reads it: null when blank, false when too long. */
function optionalText(value: string | undefined, max: number): string | null | false {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length > max) return false;
  return trimmed === '' ? null : trimmed;
}

/**
 * A link normalizeProfileUrl answers as it is: http(s), a host of lower-case ASCII labels (no
 * www. or m. to strip, no punycode, no port, not an IPv4 address), path segments of unreserved
 * characters (no dot segment, no trailing slash), no query or fragment, not a profile.php link.
 * Most links of a large file are such, and reading them through URL made a tenth of the import's
 * CPU in the server. server/test/lead-import-rows.test.ts holds it to normalizeProfileUrl.
 */
const CANONICAL_PROFILE_URL =
  /^https?:\/\/(?!www\.|m\.|[^/]*xn--)(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\/(?!\.\.?(?:\/|$))[\w.~-]+)*$/;
const PROFILE_PHP = /\/profile\.php$/i;

export function isCanonicalProfileUrl(url: string): boolean {
  return CANONICAL_PROFILE_URL.test(url) && !PROFILE_PHP.test(url);
}

/**
 * A row's lead as leadCsvRowSchema reads it (the same checks in the same order, the same lead),
 * without the schema's objects for every row: a million-row import spent a third of its time there.
 * Null when a check fails: the schema then names the failure.
 */
function quickLeadRow(
  profileUrl: string | undefined,
  name: string | undefined,
  firstName: string | undefined,
  lastName: string | undefined,
): LeadCsvRow | null {
  if (profileUrl === undefined) return null;
  const url = profileUrl.trim();
  if (url.length === 0 || url.length > PROFILE_URL_MAX_LENGTH) return null;
  const normalized = isCanonicalProfileUrl(url) ? url : normalizeProfileUrl(url);
  if (normalized === null) return null;
  const full = optionalText(name, LEAD_NAME_MAX_LENGTH);
  const first = optionalText(firstName, LEAD_PART_NAME_MAX_LENGTH);
  const last = optionalText(lastName, LEAD_PART_NAME_MAX_LENGTH);
  if (full === false || first === false || last === false) return null;
  if (full !== null) return { profileUrl: normalized, name: full, firstName: first, lastName: last };
  const joined = first !== null && last !== null ? `${first} ${last}` : (first ?? last);
  return { profileUrl: normalized, name: joined, firstName: first, lastName: last };
}

/** The record's cell at `index`, if the header has that column and the record that cell. */
function cellOf(fields: readonly string[], index: number | undefined): string | undefined {
  return index === undefined ? undefined : fields[index];
}

/**
 * A CSV record's lead (its cells picked by `columns`) as leadCsvRowSchema reads it, or why the line
 * is invalid (the schema's first issue).
 */
export function readLeadRow(
  fields: readonly string[],
  columns: Partial<Record<LeadCsvField, number>>,
): LeadCsvRow | string {
  const quick = quickLeadRow(
    cellOf(fields, columns.profileUrl),
    cellOf(fields, columns.name),
    cellOf(fields, columns.firstName),
    cellOf(fields, columns.lastName),
  );
  if (quick) return quick;
  const cells: Partial<Record<LeadCsvField, string>> = {};
  for (const field of LEAD_CSV_FIELDS) {
    const value = cellOf(fields, columns[field]);
    if (value !== undefined) cells[field] = value;
  }
  const row = leadCsvRowSchema.safeParse(cells);
  return row.success ? row.data : (row.error.issues[0]?.message ?? 'The line is not a valid lead');
}

/**
 * Imports a CSV of leads through `sink`. The first line names the columns (see
 * LEAD_CSV_HEADER_ALIASES); each later line is a lead, or an invalid line (no usable profile URL, a
 * value too long, more non-empty cells than the header, a quote never closed) that is counted and listed.
 * Throws a 400 when the file is not a CSV of leads: empty, binary, UTF-16, no profile URL column, or a
 * record longer than LEAD_IMPORT_MAX_RECORD_CHARS. Rows already in the collection, or repeated in
 * the file, count as duplicates (the unique index skips them, the transaction sees its own rows).
 */
export async function importLeadsCsv(options: ImportLeadsCsvOptions): Promise<LeadImportResult> {
  const { sink, onProgress } = options;
  let chunkRows = options.chunkRows ?? LEAD_IMPORT_FIRST_CHUNK_ROWS;
  const { head, chunks } = await withHead(textChunks(options.input));
  if (head.length === 0) throw notCsv('it is empty.');

  const invalid = new InvalidLines();
  const counts: LeadImportCounts = { processedRows: 0, imported: 0, duplicates: 0, invalid: 0 };
  // UTF-16 text would read as nonsense (its ASCII holds NUL bytes, refused above; this is the rest).
  if (head[0] === 0xff && head[1] === 0xfe) throw notCsv('it is UTF-16 text; save it as CSV (UTF-8).');
  // Blank lines come through as records, so that every line of the file is counted below; short
  // lines read missing cells as empty, long lines are checked below (empty extras are fine).
  const reader = new CsvReader(sniffDelimiter(head).charCodeAt(0), LEAD_IMPORT_MAX_RECORD_CHARS);

  // One batch is written while the next one is read: the reading pauses (and the upload with it)
  // when that next batch is full before the write is done.
  let writing: Promise<void> = Promise.resolve();
  async function flush(rows: LeadBatch): Promise<void> {
    await writing;
    const { size } = rows;
    const insert = size > 0 ? await sink.write(rows) : async () => 0;
    writing = (async () => {
      const inserted = await insert();
      counts.imported += inserted;
      counts.duplicates += size - inserted;
      counts.invalid = invalid.count;
      onProgress?.({ ...counts });
    })();
    // Noticed by the next flush; a failed write must not be an unhandled rejection meanwhile.
    writing.catch(() => undefined);
  }

  let header: HeaderMap | null = null;
  let headerLength = 0;
  let batch = sink.batch();
  // The 1-based line of the file where the next record starts.
  let line = 1;
  async function take(records: Iterable<string[]>): Promise<void> {
    for (const fields of records) {
      const start = line;
      line += 1 + breaksIn(fields);
      if (isBlank(fields)) continue;
      if (header === null) {
        header = mapHeader(fields);
        headerLength = fields.length;
        if (header.columns.profileUrl === undefined) {
          throw notCsv('its first line names no profile URL column (url, profileUrl or link).');
        }
        continue;
      }
      counts.processedRows += 1;
      if (fields.length > headerLength && !isBlank(fields.slice(headerLength))) {
        invalid.add(start, `The line has ${fields.length} cells, more than the header's ${headerLength}`);
        continue;
      }
      const row = readLeadRow(fields, header.columns);
      if (typeof row === 'string') {
        invalid.add(start, row);
        continue;
      }
      batch.add(row.profileUrl, row.name, row.firstName, row.lastName, fieldsJson(fields, header.extras));
      if (batch.size >= chunkRows || batch.weight >= LEAD_IMPORT_CHUNK_BYTES) {
        await flush(batch);
        batch = sink.batch();
        chunkRows = options.chunkRows ?? LEAD_IMPORT_CHUNK_ROWS;
      }
    }
  }

  try {
    try {
      for await (const chunk of chunks) {
        await take(reader.push(chunk));
        // A turn of the event loop between chunks: the batch being COPYed goes on to the database
        // while the next is read (its socket is written to only when the loop comes round).
        await new Promise((resolve) => setImmediate(resolve));
      }
      await take(reader.end());
    } catch (error) {
      if (!(error instanceof CsvRecordTooLong)) throw error;
      throw notCsv(`a record runs past ${LEAD_IMPORT_MAX_RECORD_CHARS} characters (is a quote left open?).`);
    }
    // The text from a quote never closed to the end of the file is one invalid line.
    if (reader.quoteNeverClosed) {
      counts.processedRows += 1;
      invalid.add(line, 'A quoted cell is never closed');
    }
    if (header === null) throw notCsv('it has no header line.');
    await flush(batch);
    await writing;
  } catch (error) {
    // Whatever is still being written fails or ends inside the transaction the caller rolls back.
    await writing.catch(() => undefined);
    throw error;
  }
  return {
    imported: counts.imported,
    duplicates: counts.duplicates,
    invalid: invalid.lines,
    invalidCount: invalid.count,
    processedRows: counts.processedRows,
  };
}
