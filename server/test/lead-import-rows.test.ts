import { type LeadCsvField, leadCsvRowSchema, normalizeProfileUrl } from '@reachly/shared/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyLines, copyText } from '../src/db/copy-lines.ts';
import { isCanonicalProfileUrl, readLeadRow } from '../src/services/lead-import.ts';

/**
 * The import reads each CSV row without zod's objects (readLeadRow's quick path): whatever the
 * cells, it must read the same lead as leadCsvRowSchema, or name the same first issue.
 */
describe('readLeadRow', () => {
  /** What leadCsvRowSchema answers for the record, as the import read it before the quick path. */
  function bySchema(fields: readonly string[], columns: Partial<Record<LeadCsvField, number>>) {
    const cells: Partial<Record<LeadCsvField, string>> = {};
    for (const field of ['profileUrl', 'name', 'firstName', 'lastName'] as const) {
      const index = columns[field];
      if (index !== undefined) cells[field] = fields[index] as string;
    }
    const row = leadCsvRowSchema.safeParse(cells);
    return row.success ? row.data : (row.error.issues[0]?.message ?? 'The line is not a valid lead');
  }

  const padding = fc.constantFrom('', ' ', '  ', '\t', ' \u00a0');
  const url = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('http://', 'https://', 'HTTPS://', 'ftp://', '', 'https:/'),
        fc.constantFrom('', 'www.', 'm.', 'www.m.', 'WWW.'),
        fc.constantFrom('example.com', 'Example.COM', 'localhost:8080', 'sandbox.local', 'bücher.de', ''),
        fc.constantFrom(
          '',
          '/',
          '/in/ann',
          '/in/ann/',
          '/in/ann//',
          '/profile.php',
          '/profile.php?id=42',
          '/a b',
        ),
        fc.constantFrom('', '?x=1', '#top', '?id=7&b=2'),
      )
      .map((parts) => parts.join('')),
    fc.string({ maxLength: 30 }),
    fc.constant(`https://example.com/${'x'.repeat(990)}`),
    fc.constant(`https://example.com/${'x'.repeat(975)}`),
  );
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('Ann', 'Ann Berg', 'Zoë', '', '   '),
    // Lengths at the limits (150 for a first or last name, 200 for a name), spaces around them.
    fc
      .tuple(fc.constantFrom(149, 150, 151, 199, 200, 201), fc.constantFrom('', ' '))
      .map(([n, space]) => `${space}${'n'.repeat(n)}${space}`),
  );
  const record = fc
    .tuple(padding, url, padding, text, text, text, fc.constantFrom(0, 0, 0, 1, 2, 3))
    .map(([before, link, after, name, first, last, drop]) =>
      // A short record (relax_column_count) leaves its last cells out.
      [`${before}${link}${after}`, name, first, last].slice(0, 4 - drop),
    );
  const columns = fc.record(
    {
      profileUrl: fc.constant(0),
      name: fc.constant(1),
      firstName: fc.constant(2),
      lastName: fc.constant(3),
    },
    { requiredKeys: ['profileUrl'] },
  );

  it('reads the same lead as leadCsvRowSchema, or the same first issue', () => {
    fc.assert(
      fc.property(record, columns, (fields, picked) => {
        expect(readLeadRow(fields, picked)).toEqual(bySchema(fields, picked));
      }),
      { numRuns: 3000 },
    );
  });

  it('makes the name from the first and last names when it has none', () => {
    const columns = { profileUrl: 0, name: 1, firstName: 2, lastName: 3 };
    expect(readLeadRow(['https://www.example.com/in/ann/', ' ', ' Ann ', 'Berg'], columns)).toEqual({
      profileUrl: 'https://example.com/in/ann',
      name: 'Ann Berg',
      firstName: 'Ann',
      lastName: 'Berg',
    });
    expect(readLeadRow(['https://example.com/in/ann', '', '', 'Berg'], columns)).toMatchObject({
      name: 'Berg',
    });
    expect(readLeadRow(['', 'Ann'], columns)).toBe('Missing profile URL');
  });
});

describe('isCanonicalProfileUrl', () => {
  /** Links built of the pieces URL parsing changes or refuses, and of ordinary ones. */
  const piece = <T>(...values: T[]) => fc.constantFrom(...values);
  const label = fc.oneof(
    { weight: 4, arbitrary: piece('a', 'example', 'x1', 'my-site', 'b2b', 'sandbox', 'local', 'com', 'de') },
    {
      weight: 1,
      arbitrary: piece(
        'www',
        'm',
        'xn--bcher-kva',
        'xn--a',
        '0x1f',
        '1',
        '08',
        '255',
        '-a',
        'a-',
        'a--b',
        'A',
        'é',
        '',
      ),
    },
  );
  const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  const segment = fc.oneof(
    {
      weight: 6,
      arbitrary: piece('in', 'people', 'import-42', 'Ann_Berg', 'a.b', 'x~y', 'profile.php', 'PROFILE.PHP'),
    },
    {
      weight: 1,
      arbitrary: piece('.', '..', '%2e', '%41', '', 'a b', 'é', 'a:b', 'a@b', 'a;b', '\\', '?', '#'),
    },
  );
  const link = fc
    .tuple(
      piece('https://', 'https://', 'http://', 'HTTPS://', 'ftp://', 'https:', 'https:///', ''),
      piece('', '', '', 'user@'),
      host,
      piece('', '', '', '', ':443', ':80', ':8080', ':'),
      fc.array(segment, { maxLength: 4 }),
      piece('', '', '', '', '/', '?id=1', '#x', '?'),
    )
    .map(
      ([scheme, user, h, port, segments, tail]) =>
        `${scheme}${user}${h}${port}${segments.map((s) => `/${s}`).join('')}${tail}`,
    );

  it('holds only links normalizeProfileUrl answers as they are', () => {
    let canonical = 0;
    fc.assert(
      fc.property(link, (url) => {
        if (!isCanonicalProfileUrl(url)) return;
        canonical += 1;
        expect(normalizeProfileUrl(url)).toBe(url);
      }),
      { numRuns: 20_000 },
    );
    // The generator reaches the quick path, not only the links it leaves to URL.
    expect(canonical).toBeGreaterThan(500);
  });

  it('takes the links of a usual file, and leaves the others to URL', () => {
    for (const url of ['https://sandbox.local/people/import-1', 'https://example.com/in/ann', 'http://a.b']) {
      expect(isCanonicalProfileUrl(url)).toBe(true);
    }
    for (const url of [
      'https://www.example.com/in/ann',
      'https://m.example.com/in/ann',
      'https://example.com/in/ann/',
      'https://Example.com/in/ann',
      'https://example.com:443/in/ann',
      'https://1.2.3.4/in/ann',
      'https://example.com/./in',
      'https://example.com/profile.php',
      'https://example.com/in/ann?x=1',
    ]) {
      expect(isCanonicalProfileUrl(url)).toBe(false);
    }
  });
});

describe('CopyLines', () => {
  it("writes COPY's text format: escaped cells, one line each, growing past its first buffer", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.option(fc.string({ unit: 'binary', maxLength: 40 })), { minLength: 1, maxLength: 4 }),
          {
            maxLength: 50,
          },
        ),
        (rows) => {
          const lines = new CopyLines(Buffer.alloc(8));
          const expected: string[] = [];
          for (const row of rows) {
            const line = row.map(copyText).join('\t');
            lines.add(line);
            expected.push(`${line}\n`);
          }
          expect(lines.lines).toBe(rows.length);
          expect(lines.body().toString('utf8')).toBe(expected.join(''));
          lines.release();
          expect(lines.body().length).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('escapes what COPY reads as syntax', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText('\\N')).toBe('\\\\N');
  });
});
