/**
 * The lead import's CSV reader: the records csv-parse gives with the import's options (a delimiter
 * of one byte; `"` quotes, `""` inside quotes; the first of \r\n, \n and \r outside quotes ends every
 * record from then on; relax_quotes, relax_column_count, skip_empty_lines false, bom,
 * max_record_size), read byte by byte in one tight loop instead of csv-parse's calls per byte and
 * promise per record: csv-parse took half of a million-row import's CPU in the server.
 * server/test/csv-reader.test.ts holds the two to the same records on random text and chunks.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** csv-parse reads no byte until the three after it have arrived (or the input ended). */
const LOOKAHEAD = 3;

/** Thrown when a record runs past `maxRecordSize` (csv-parse's CSV_MAX_RECORD_SIZE). */
export class CsvRecordTooLong extends Error {}

/** The record delimiter found so far: none yet, \n, \r\n or \r. */
type RecordDelimiter = 'unknown' | 'lf' | 'crlf' | 'cr';

export class CsvReader {
  private delimiterKind: RecordDelimiter = 'unknown';
  private quoting = false;
  private escaping = false;
  private wasQuoting = false;
  /** Bytes of the current field that are not a run of the buffer being read. */
  private spill: Buffer = Buffer.allocUnsafe(64);
  private spillLength = 0;
  /** Whether the field is in `spill` (else it is the run runStart..runEnd of the buffer). */
  private spilled = false;
  private runStart = 0;
  private runEnd = 0;
  private runAscii = true;
  private record: string[] = [];
  /** csv-parse's record_length: the characters of the record's fields so far. */
  private recordLength = 0;
  private rest: Buffer | null = null;
  private bomChecked = false;
  /** The input ended inside a quoted cell: the text from its opening quote is no record. */
  quoteNeverClosed = false;

  constructor(
    private readonly delimiter: number,
    private readonly maxRecordSize: number,
  ) {}

  /**
   * The records completed by `chunk` (its last bytes may wait for the next one), one at a time: a
   * record is garbage once read, instead of a chunk's records living together.
   */
  push(chunk: Buffer): Generator<string[]> {
    return this.read(chunk, false);
  }

  /** The records left once the input has ended. */
  end(): Generator<string[]> {
    return this.read(null, true);
  }

  private *read(chunk: Buffer | null, end: boolean): Generator<string[]> {
    let buf = this.rest === null ? chunk : chunk === null ? this.rest : Buffer.concat([this.rest, chunk]);
    this.rest = null;
    if (buf === null) {
      if (end) yield* this.finish();
      return;
    }
    if (!this.bomChecked) {
      if (buf.length < 3 && !end) {
        this.rest = buf;
        return;
      }
      this.bomChecked = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    const length = buf.length;
    const limit = end ? length : length - LOOKAHEAD;
    const d = this.delimiter;
    let pos = 0;
    this.runStart = 0;
    this.runEnd = 0;
    for (; pos < limit; pos += 1) {
      // Unquoted: the field's bytes up to the next delimiter, line break or quote, in one sweep.
      if (!this.quoting && !this.escaping && this.fieldLength() === 0 && buf[pos] !== QUOTE) {
        let i = pos;
        let ascii = true;
        let c = 0;
        while (i < limit) {
          c = buf[i] as number;
          if (c === d || c === LF || c === CR || c === QUOTE) break;
          if (c >= 0x80) ascii = false;
          i += 1;
        }
        if (i > pos) {
          this.checkSize(i - pos - 1);
          this.runStart = pos;
          this.runEnd = i;
          this.runAscii = ascii;
          pos = i - 1;
          continue;
        }
      }
      const c = buf[pos] as number;
      if (!this.quoting && this.delimiterKind === 'unknown') this.discover(buf, pos);
      if (this.escaping) {
        this.escaping = false;
      } else {
        if (this.quoting && c === QUOTE && pos + 1 < length && buf[pos + 1] === QUOTE) {
          this.escaping = true;
          continue;
        }
        if (c === QUOTE) {
          if (this.quoting) {
            const next = buf[pos + 1];
            const closes =
              next === undefined ||
              next === 0 ||
              next === d ||
              (this.delimiterKind === 'unknown'
                ? this.discover(buf, pos + 1)
                : this.delimiterAt(buf, pos + 1)) > 0;
            this.quoting = false;
            this.wasQuoting = true;
            if (closes) continue;
            // relax_quotes: the quotes of a cell that goes on after its closing quote are text.
            this.spillField(buf);
            this.prependQuote();
          } else if (this.fieldLength() === 0) {
            this.quoting = true;
            continue;
          }
        }
        if (!this.quoting) {
          const ends = this.delimiterAt(buf, pos);
          if (ends > 0) {
            this.endField(buf);
            const record = this.record;
            this.record = [];
            this.recordLength = 0;
            pos += ends - 1;
            yield record;
            continue;
          }
          if (c === d) {
            this.endField(buf);
            continue;
          }
        }
      }
      this.checkSize(this.fieldLength());
      this.append(buf, pos, c);
    }
    // The field read so far goes on in the next chunk: keep its bytes, and the unread ones.
    if (!this.spilled && this.runEnd > this.runStart) this.spillField(buf);
    this.runStart = 0;
    this.runEnd = 0;
    if (pos < length) this.rest = Buffer.from(buf.subarray(pos));
    if (end) yield* this.finish();
  }

  private *finish(): Generator<string[]> {
    if (this.quoting) {
      this.quoteNeverClosed = true;
      return;
    }
    if (this.wasQuoting || this.record.length > 0 || this.fieldLength() > 0) {
      this.endField(null);
      const record = this.record;
      this.record = [];
      this.recordLength = 0;
      yield record;
    }
  }

  /** The length (bytes) of the record delimiter at `pos`, finding it first if not yet known. */
  private delimiterAt(buf: Buffer, pos: number): number {
    const c = buf[pos];
    switch (this.delimiterKind) {
      case 'lf':
        return c === LF ? 1 : 0;
      case 'crlf':
        return c === CR && buf[pos + 1] === LF ? 2 : 0;
      case 'cr':
        return c === CR ? 1 : 0;
      default:
        return 0;
    }
  }

  /** csv-parse's record delimiter discovery at `pos`: \r\n, \n or \r. */
  private discover(buf: Buffer, pos: number): number {
    const c = buf[pos];
    if (c === CR && buf[pos + 1] === LF) this.delimiterKind = 'crlf';
    else if (c === LF) this.delimiterKind = 'lf';
    else if (c === CR) this.delimiterKind = 'cr';
    else return 0;
    return this.delimiterKind === 'crlf' ? 2 : 1;
  }

  private fieldLength(): number {
    return this.spilled ? this.spillLength : this.runEnd - this.runStart;
  }

  /** csv-parse refuses a byte once the record's characters and the field's bytes pass the maximum. */
  private checkSize(fieldBytes: number): void {
    if (this.maxRecordSize !== 0 && this.recordLength + fieldBytes > this.maxRecordSize) {
      throw new CsvRecordTooLong(`a record runs past ${this.maxRecordSize} characters`);
    }
  }

  private append(buf: Buffer, pos: number, c: number): void {
    if (!this.spilled) {
      if (this.runEnd === this.runStart) {
        this.runStart = pos;
        this.runEnd = pos + 1;
        this.runAscii = c < 0x80;
        return;
      }
      if (this.runEnd === pos) {
        this.runEnd += 1;
        if (c >= 0x80) this.runAscii = false;
        return;
      }
      this.spillField(buf);
    }
    this.reserve(1);
    this.spill[this.spillLength] = c;
    this.spillLength += 1;
  }

  /** Moves the field's run into `spill`. */
  private spillField(buf: Buffer): void {
    if (this.spilled) return;
    const run = this.runEnd - this.runStart;
    this.spilled = true;
    this.spillLength = 0;
    this.reserve(run);
    buf.copy(this.spill, 0, this.runStart, this.runEnd);
    this.spillLength = run;
    this.runStart = 0;
    this.runEnd = 0;
  }

  private prependQuote(): void {
    this.reserve(1);
    this.spill.copy(this.spill, 1, 0, this.spillLength);
    this.spill[0] = QUOTE;
    this.spillLength += 1;
  }

  private reserve(more: number): void {
    if (this.spillLength + more <= this.spill.length) return;
    let size = this.spill.length * 2;
    while (size < this.spillLength + more) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.spill.copy(bigger, 0, 0, this.spillLength);
    this.spill = bigger;
  }

  private endField(buf: Buffer | null): void {
    let value: string;
    if (this.spilled) value = this.spill.toString('utf8', 0, this.spillLength);
    else if (buf === null || this.runEnd === this.runStart) value = '';
    else value = buf.toString(this.runAscii ? 'latin1' : 'utf8', this.runStart, this.runEnd);
    this.record.push(value);
    this.recordLength += value.length;
    this.spilled = false;
    this.spillLength = 0;
    this.runStart = 0;
    this.runEnd = 0;
    this.wasQuoting = false;
  }
}
