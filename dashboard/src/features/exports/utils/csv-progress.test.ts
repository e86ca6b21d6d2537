import { describe, expect, it } from 'vitest';
import { attachmentFileName, csvProgressCounter, formatBytes } from './csv-progress.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvProgressCounter', () => {
  it('counts data rows, not line breaks inside quoted fields, across chunk boundaries', () => {
    const counter = csvProgressCounter();
    expect(counter.add(bytes('\ufeffId,Note\r\n1,"two\r\nli'))).toMatchObject({ rows: 0 });
    expect(counter.add(bytes('nes ""quoted"""\r\n2,plain\r\n'))).toMatchObject({ rows: 2 });
    const last = counter.add(bytes('3,"a,b"\r\n'));
    expect(last.rows).toBe(3);
    expect(last.bytes).toBe(
      bytes('\ufeffId,Note\r\n1,"two\r\nlines ""quoted"""\r\n2,plain\r\n3,"a,b"\r\n').byteLength,
    );
  });
});

describe('attachmentFileName', () => {
  it('reads the UTF-8 name, else the plain one (quoted or bare), else the fallback', () => {
    expect(
      attachmentFileName(
        `attachment; filename="leads-K?ln-2026-11-27.csv"; filename*=UTF-8''leads-K%C3%B6ln-2026-11-27.csv`,
        'x.csv',
      ),
    ).toBe('leads-Köln-2026-11-27.csv');
    expect(attachmentFileName('attachment; filename="leads-2026-11-27.csv"', 'x.csv')).toBe(
      'leads-2026-11-27.csv',
    );
    // Express quotes the name only when it must: a bare token is the name too.
    expect(attachmentFileName('attachment; filename=report-2026-10-01-to-2026-10-31.csv', 'x.csv')).toBe(
      'report-2026-10-01-to-2026-10-31.csv',
    );
    expect(attachmentFileName('attachment', 'x.csv')).toBe('x.csv');
    expect(attachmentFileName(null, 'x.csv')).toBe('x.csv');
  });
});

describe('formatBytes', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect([formatBytes(512), formatBytes(3400), formatBytes(12_000_000)]).toEqual([
      '512 B',
      '3.4 kB',
      '12.0 MB',
    ]);
  });
});
