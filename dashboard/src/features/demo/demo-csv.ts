/** The delimiter of a header line: the most frequent of comma, semicolon and tab (comma on a tie). */
function sniffDelimiter(headerLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const count = headerLine.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** One CSV record with the 1-based line of the file where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * A small CSV reader for the demo's import (RFC 4180 quoting, `""` inside quotes, line breaks in
 * quoted cells, \r\n or \n). Lines with nothing in them are left out. `unclosedQuoteLine` names the
 * line of a quote never closed (the rest of the file is then one broken record, dropped).
 */
export function parseCsv(text: string): { records: CsvRecord[]; unclosedQuoteLine: number | null } {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(source.split(/\r?\n/, 1)[0] ?? '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += ch;
  }
  if (quoted) return { records, unclosedQuoteLine: recordLine };
  if (cell !== '' || cells.length > 0) endRecord();
  return { records, unclosedQuoteLine: null };
}
