import { DOWNLOAD_ITEMS, TEXTS } from '@reachly/shared/constants';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/toaster.tsx';
import { type AppDownloadState, useAppDownload } from './use-app-download.ts';

/** A response whose body the test feeds chunk by chunk. */
function controlledResponse(total: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-length': String(total), 'content-type': 'application/octet-stream' },
  });
  return {
    response,
    push: (size: number) => controller.enqueue(new Uint8Array(size)),
    end: () => controller.close(),
  };
}

describe('useAppDownload', () => {
  const created: unknown[] = [];
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    created.length = 0;
    vi.spyOn(toaster, 'create').mockImplementation((options) => {
      created.push(options);
      return 'toast';
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:download-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('goes idle → downloading with the percentage from Content-Length → idle, saves the file and toasts success', async () => {
    const stream = controlledResponse(300);
    const fetchMock = vi.fn().mockResolvedValue(stream.response);
    vi.stubGlobal('fetch', fetchMock);
    const onStart = vi.fn();
    const { result } = renderHook(() => useAppDownload({ onStart }));
    const seen: AppDownloadState[] = [result.current.state];

    let finished!: Promise<boolean>;
    act(() => {
      finished = result.current.start(DOWNLOAD_ITEMS.linux);
    });
    expect(onStart).toHaveBeenCalledWith(DOWNLOAD_ITEMS.linux);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/downloadApp?os=linux');
    await waitFor(() =>
      expect(result.current.state).toEqual({ status: 'downloading', os: 'linux', percent: 0 }),
    );
    for (const expected of [33, 66, 100]) {
      stream.push(100);
      await waitFor(() => expect(result.current.state).toMatchObject({ percent: expected }));
      seen.push(result.current.state);
    }
    stream.end();
    await act(async () => {
      expect(await finished).toBe(true);
    });
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(seen.map((s) => (s.status === 'downloading' ? s.percent : s.status))).toEqual([
      'idle',
      33,
      66,
      100,
    ]);
    expect(clicked).toEqual([{ href: 'blob:download-1', download: 'reachly-linux.deb' }]);
    expect(created).toEqual([expect.objectContaining({ type: 'success', title: TEXTS.downloadSuccess })]);
    vi.unstubAllGlobals();
  });

  it('asks for the msi format on Windows and toasts the failure when the installer is missing', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { code: 'NOT_FOUND', message: 'reachly-windows.msi is not available yet.' },
        }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onFinish = vi.fn();
    const { result } = renderHook(() => useAppDownload({ onFinish }));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.start(DOWNLOAD_ITEMS.windows);
    });
    expect(ok).toBe(false);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/downloadApp?os=windows&format=msi');
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(clicked).toEqual([]);
    expect(created).toEqual([
      expect.objectContaining({
        type: 'error',
        title: TEXTS.downloadFailure,
        description: 'reachly-windows.msi is not available yet.',
      }),
    ]);
    expect(onFinish).toHaveBeenCalledWith(DOWNLOAD_ITEMS.windows, false);
    vi.unstubAllGlobals();
  });

  it('fails when the body stops short of Content-Length, and ignores a second start while one runs', async () => {
    const stream = controlledResponse(1000);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(stream.response));
    const { result } = renderHook(() => useAppDownload());
    let first!: Promise<boolean>;
    act(() => {
      first = result.current.start(DOWNLOAD_ITEMS['macos-m']);
    });
    let second: boolean | undefined;
    await act(async () => {
      second = await result.current.start(DOWNLOAD_ITEMS.linux);
    });
    expect(second).toBe(false);
    stream.push(10);
    stream.end();
    await act(async () => {
      expect(await first).toBe(false);
    });
    expect(clicked).toEqual([]);
    expect(created).toEqual([expect.objectContaining({ type: 'error', title: TEXTS.downloadFailure })]);
    vi.unstubAllGlobals();
  });
});
