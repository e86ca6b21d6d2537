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
  if (!res.body) {
    const blob = await res.blob();
    onProgress(100);
    return blob;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(percentOf(received, total));
  }
  if (total !== null && received < total) {
    throw new Error(`The download stopped after ${received} of ${total} bytes`);
  }
  return new Blob(chunks, { type });
}
