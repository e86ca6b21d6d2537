/**
 * Lines of COPY … FROM STDIN's text format written straight into a Buffer, which is what the COPY
 * sends: a chunk of a million-row import holds one buffer instead of tens of thousands of strings
 * that outlive the young generation (the import's garbage collection was most of its CPU).
 */

/** A value in COPY's text format: `\N` for null; backslash, tab, line feed and return escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

const FIRST_BYTES = 256 * 1024;

export class CopyLines {
  private buffer: Buffer;
  /** Bytes written. */
  length = 0;
  /** Lines written. */
  lines = 0;

  constructor(buffer?: Buffer) {
    this.buffer = buffer ?? Buffer.allocUnsafe(FIRST_BYTES);
  }

  /** Appends one line: its cells as COPY text (see copyText), already escaped, joined by tabs. */
  add(line: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit, and the line feed one more.
    const most = line.length * 3 + 1;
    if (this.length + most > this.buffer.length) this.grow(this.length + most);
    this.length += this.buffer.write(line, this.length, 'utf8');
    this.buffer[this.length] = 0x0a;
    this.length += 1;
    this.lines += 1;
  }

  /** The lines written, as COPY's body (a view of the buffer: valid until the lines are reused). */
  body(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** The buffer, to write the lines of another chunk into (`new CopyLines(buffer)`). */
  release(): Buffer {
    const { buffer } = this;
    this.length = 0;
    this.lines = 0;
    return buffer;
  }

  private grow(needed: number): void {
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }
}
