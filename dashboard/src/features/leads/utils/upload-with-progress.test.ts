import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { FakeXhr } from '../test-support/fake-xhr.ts';
import { uploadPercent, uploadWithProgress } from './upload-with-progress.ts';

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadPercent', () => {
  it('is the whole percentage sent, 0 for an unknown total, at most 100', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(99, 200)).toBe(49);
    expect(uploadPercent(200, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('uploadWithProgress', () => {
  it('POSTs the form with the headers, reports the percentage as the body goes out, and resolves the JSON', async () => {
    const body = new FormData();
    body.append('collectionId', '7');
    const percents: number[] = [];
    const done = uploadWithProgress({
      url: '/api/leads/import',
      body,
      headers: { authorization: 'tok' },
      onProgress: (p) => percents.push(p),
    });
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: '/api/leads/import',
      headers: { authorization: 'tok' },
    });
    expect(xhr.body).toBe(body);
    xhr.progress(250, 1000);
    xhr.progress(10, 0, false);
    xhr.progress(1000, 1000);
    xhr.respond(200, { imported: 3 });
    await expect(done).resolves.toEqual({ imported: 3 });
    expect(percents).toEqual([25, 100, 100]);
  });

  it("rejects with the server's error message and status", async () => {
    const done = uploadWithProgress({ url: '/x', body: new FormData() });
    FakeXhr.last.respond(415, {
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is image/png, not CSV text' },
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The file is image/png, not CSV text',
    });
  });

  it('rejects with a network error when the server cannot be reached', async () => {
    const done = uploadWithProgress({ url: '/x', body: new FormData() });
    FakeXhr.last.fail();
    await expect(done).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('aborts the request when the signal aborts, before or during the upload', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress({ url: '/x', body: new FormData(), signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);

    const early = uploadWithProgress({ url: '/x', body: new FormData(), signal: controller.signal });
    await expect(early).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(1);
  });
});
