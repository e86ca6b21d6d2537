import { type CsvError, parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvReader, CsvRecordTooLong } from '../src/services/leads/csv-reader.ts';

/**
 * The import's CSV reader against csv-parse with the options the import used it with: the same
 * records, the same unclosed quote at the end, the same record too long, whatever the text and
 * wherever the upload's chunks split it.
 */

type Outcome = { records: string[][]; quoteNeverClosed: boolean } | 'too long';

function byCsvParse(input: Buffer, delimiter: string, maxRecordSize: number): Outcome {
  let quoteNeverClosed = false;
  let tooLong = false;
  const records = parse(input, {
    delimiter,
    bom: true,
    skip_empty_lines: false,
    relax_quotes: true,
    relax_column_count: true,
    skip_records_with_error: true,
    max_record_size: maxRecordSize,
    on_skip: (error: CsvError | undefined) => {
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') quoteNeverClosed = true;
      else if (error?.code === 'CSV_MAX_RECORD_SIZE') tooLong = true;
      else throw error;
    },
  }) as string[][];
  // The import stops at the first record too long: what csv-parse gives after it does not matter.
  return tooLong ? 'too long' : { records, quoteNeverClosed };
}

function byReader(chunks: Buffer[], delimiter: string, maxRecordSize: number): Outcome {
  const reader = new CsvReader(delimiter.charCodeAt(0), maxRecordSize);
  const records: string[][] = [];
  try {
    for (const chunk of chunks) records.push(...reader.push(chunk));
    records.push(...reader.end());
  } catch (error) {
    if (error instanceof CsvRecordTooLong) return 'too long';
    throw error;
  }
  return { records, quoteNeverClosed: reader.quoteNeverClosed };
}

function cut(input: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (input.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => input.subarray(from, at[i] ?? input.length)).filter((c) => c.length > 0);
}

describe('CsvReader', () => {
  const text = fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('a', 'b', ' ', 'é', '€', '😀') },
        { weight: 3, arbitrary: fc.constantFrom(',', ';', '\t') },
        { weight: 3, arbitrary: fc.constantFrom('"', '""') },
        { weight: 3, arbitrary: fc.constantFrom('\n', '\r\n', '\r') },
        { weight: 1, arbitrary: fc.constantFrom('\ufeff', '\u00a0', '\u3000') },
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));
  const bytes = fc.oneof(
    { weight: 8, arbitrary: text.map((t) => Buffer.from(t)) },
    // A byte sequence that is not UTF-8 (a cut multi-byte character, a lone continuation byte).
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.constantFrom([0xe2, 0x82], [0x80], [0xff]))
        .map(([t, b]) => Buffer.concat([Buffer.from(t), Buffer.from(b), Buffer.from(t)])),
    },
  );
  const delimiter = fc.constantFrom(',', ';', '\t');
  const maxRecordSize = fc.constantFrom(0, 3, 8, 20, 100_000);

  it('reads the records csv-parse reads, however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        bytes,
        delimiter,
        maxRecordSize,
        fc.array(fc.nat(), { maxLength: 6 }),
        (input, d, max, points) => {
          expect(byReader(cut(input, points), d, max)).toEqual(byCsvParse(input, d, max));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('reads a lead file with quoted cells, an empty line and a BOM', () => {
    const input = Buffer.from(
      '\ufeffurl,name\r\n"https://x.test/in/a","Ann ""A"" One"\r\n\r\nhttps://x.test/in/b,"Bo\r\nB"\r\nhttps://x.test/in/c,Cy',
    );
    expect(byReader(cut(input, [5, 40, 41]), ',', 100_000)).toEqual({
      records: [
        ['url', 'name'],
        ['https://x.test/in/a', 'Ann "A" One'],
        [''],
        ['https://x.test/in/b', 'Bo\r\nB'],
        ['https://x.test/in/c', 'Cy'],
      ],
      quoteNeverClosed: false,
    });
  });
});
