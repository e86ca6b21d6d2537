import { errorFromResponse } from '../../../lib/api.ts';

/** Whole percent of `received` out of `total`, capped at 100; null when the size is unknown. */
function percentOf(received: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.floor((received * 100) / total));
}

function contentLength(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/**
 * Reads an answer's body chunk by chunk through a ReadableStream reader, telling `onChunk` of each
 * (the download's percentage, an export's rows and bytes), and answers the chunks read.
 */
export async function readChunks(
  res: Response,
  onChunk: (chunk: Uint8Array<ArrayBuffer>, received: number) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!res.body) {
    const whole = new Uint8Array(await res.arrayBuffer());
    onChunk(whole, whole.byteLength);
    return [whole];
  }
  const reader = res.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onChunk(value, received);
  }
  return chunks;
}

/**
 * Fetches a file through a ReadableStream reader and reports the percentage received, counted
 * from Content-Length (spec §7 Download): `onProgress(null)` while the size is unknown. A non-2xx
 * answer throws the server's error (ApiError); a body shorter than Content-Length throws too.
 */
export async function fetchWithProgress(
  url: string,
  onProgress: (percent: number | null) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw await errorFromResponse(res);
  const total = contentLength(res.headers.get('content-length'));
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  onProgress(percentOf(0, total));
  let received = 0;
  const chunks = await readChunks(res, (_chunk, soFar) => {
    received = soFar;
    onProgress(percentOf(received, total));
  });
  if (total !== null && received < total) {
    throw new Error(`The download stopped after ${received} of ${total} bytes`);
  }
  return new Blob(chunks, { type });
}
