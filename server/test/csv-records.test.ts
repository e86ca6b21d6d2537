import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crlfRecords } from '../src/services/exports/csv-response.ts';

/**
 * The exports' LF → CRLF pass over a COPY's CSV text (services/exports/csv-response.ts): whatever the
 * cells hold and wherever the database's chunks split the text (inside a quoted cell, between a
 * doubled quote, between a CR and an LF), the output is the same records with CRLF after each, and
 * each record is counted once.
 */
describe('crlfRecords', () => {
  const cell = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', 'é', ' ') });
  const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });
  const quoteAll = { cast: { string: (v: string) => (/[",\r\n]/.test(v) ? { value: v, quoted: true } : v) } };

  it('ends every record with CRLF, keeps line breaks inside cells, and counts the records', async () => {
    await fc.assert(
      fc.asyncProperty(records, fc.array(fc.nat(), { maxLength: 8 }), async (rows, cuts) => {
        const lf = Buffer.from(stringify(rows, { record_delimiter: 'unix', ...quoteAll }));
        const points = [...new Set(cuts.map((c) => c % (lf.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, i) => lf.subarray(from, points[i] ?? lf.length));
        const counted = { rows: 0, bytes: 0 };
        const out = await text(Readable.from(chunks).pipe(crlfRecords(counted)));
        expect(out).toBe(stringify(rows, { record_delimiter: 'windows', ...quoteAll }));
        expect(counted.rows).toBe(rows.length);
        expect(counted.bytes).toBe(Buffer.byteLength(out));
      }),
      { numRuns: 300 },
    );
  });
});
