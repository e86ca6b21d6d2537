/**
 * What an export's progress line counts as the CSV arrives: its bytes, and its records, told apart
 * from line breaks inside quoted fields (RFC 4180) by following the quotes across chunks. The
 * header row is not a record of data.
 */
interface CsvProgress {
  bytes: number;
  /** Data rows received in full (the header row not counted). */
  rows: number;
}

const QUOTE = 0x22;
const LF = 0x0a;

/** A counter fed the answer's chunks in order. */
export function csvProgressCounter(): { add(chunk: Uint8Array): CsvProgress } {
  let inQuotes = false;
  let lines = 0;
  let bytes = 0;
  return {
    add(chunk) {
      bytes += chunk.byteLength;
      for (const byte of chunk) {
        // A doubled quote inside a quoted field toggles twice: the count stays right.
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LF && !inQuotes) lines += 1;
      }
      return { bytes, rows: Math.max(0, lines - 1) };
    },
  };
}

/** `filename*=UTF-8''…` (else `filename="…"` or a bare `filename=…`) of a Content-Disposition header; the fallback when none. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  // Quoted, or a bare token: Express quotes a name only when it must (`filename=report-….csv`).
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s"]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

/** Bytes as people read them: 512 B, 3.4 kB, 12.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
