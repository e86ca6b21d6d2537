import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDetectTimezone } from './use-detect-timezone.ts';

const proxy = { HTTPProxyAddress: 'proxy.example.com:8080', proxyLogin: 'alice', proxyPassword: 'pw' };

/** Plays the desktop app for get-proxy-timezone; returns the requests it saw and a stop function. */
function desktopAnswers(answer: (requestId: string) => object) {
  const requests: unknown[] = [];
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<{ requestId: string }>).detail;
    requests.push(detail);
    window.dispatchEvent(
      new CustomEvent('reachly-get-proxy-timezone-result', { detail: answer(detail.requestId) }),
    );
  };
  window.addEventListener('reachly-get-proxy-timezone', handler);
  return { requests, stop: () => window.removeEventListener('reachly-get-proxy-timezone', handler) };
}

describe('useDetectTimezone', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the desktop app with the proxy and answers its timezone', async () => {
    const desktop = desktopAnswers((requestId) => ({ requestId, ok: true, timezone: 'Asia/Tokyo' }));
    const { result } = renderHook(() => useDetectTimezone());
    let timezone: string | null = null;
    await act(async () => {
      timezone = await result.current.detect(proxy);
    });
    expect(timezone).toBe('Asia/Tokyo');
    expect(result.current.state).toEqual({ status: 'detected', timezone: 'Asia/Tokyo' });
    expect(desktop.requests).toEqual([expect.objectContaining(proxy)]);
    desktop.stop();
  });

  it('reports the reason when the desktop app cannot tell', async () => {
    const desktop = desktopAnswers((requestId) => ({ requestId, ok: false, error: 'proxy unreachable' }));
    const { result } = renderHook(() => useDetectTimezone());
    await act(async () => {
      expect(await result.current.detect(proxy)).toBeNull();
    });
    expect(result.current.state).toEqual({ status: 'failed', reason: 'proxy unreachable' });
    desktop.stop();
  });

  it('is detecting while it waits, and gives up after 10 s without an answer', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDetectTimezone());
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = result.current.detect(proxy);
    });
    expect(result.current.state).toEqual({ status: 'detecting' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_999);
    });
    expect(result.current.state).toEqual({ status: 'detecting' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(await answer).toBeNull();
    expect(result.current.state).toEqual({ status: 'timeout' });
  });
});
