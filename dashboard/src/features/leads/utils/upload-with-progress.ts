import { ApiError, errorFromResponse } from '../../../lib/api.ts';

export interface UploadRequest {
  url: string;
  body: FormData;
  headers?: Record<string, string>;
  /** Called as the body goes out, with the whole percentage sent (0 to 100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Whole percentage of `loaded` out of `total`, 0 when the total is unknown, never above 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/**
 * POSTs a multipart body with XMLHttpRequest, whose upload events (unlike fetch's) tell how much of
 * the body has been sent. Resolves with the JSON answer; rejects with the server's ApiError for a
 * non-2xx answer, ApiError status 0 when the server cannot be reached, and an AbortError when the
 * signal aborts.
 */
export function uploadWithProgress(request: UploadRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener('abort', abort);
    xhr.open('POST', request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(100);
        try {
          resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
        } catch {
          reject(new ApiError(xhr.status, 'BAD_RESPONSE', 'The server answered something unexpected'));
        }
        return;
      }
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      errorFromResponse(response).then(reject, reject);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    request.signal?.addEventListener('abort', abort);
    xhr.send(request.body);
  });
}
