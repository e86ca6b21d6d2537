import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, bridgeRequest } from './bridge.ts';
import { bridgeNotify, onShowUpdateAlert } from './bridge-notices.ts';

/** Plays the desktop app: answers every `reachly-<verb>` with `answer(detail)`. */
function desktopAnswers(verb: string, answer: (detail: { requestId: string }) => object | null) {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<{ requestId: string }>).detail;
    const result = answer(detail);
    if (result) window.dispatchEvent(new CustomEvent(`reachly-${verb}-result`, { detail: result }));
  };
  window.addEventListener(`reachly-${verb}`, handler);
  return () => window.removeEventListener(`reachly-${verb}`, handler);
}

const machine = {
  machineId: 'machine-1',
  reachlyVersion: '1.2.3',
  extensionVersion: '1.0.0',
  platform: 'linux',
  OS: 'Debian 12',
};

describe('bridgeRequest', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the answer carrying the same requestId, ignoring others', async () => {
    const stop = desktopAnswers('get-machine-data', ({ requestId }) => {
      window.dispatchEvent(
        new CustomEvent('reachly-get-machine-data-result', {
          detail: { requestId: 'someone-else', ok: true, ...machine, machineId: 'wrong' },
        }),
      );
      return { requestId, ok: true, ...machine };
    });
    await expect(bridgeRequest('get-machine-data', {})).resolves.toEqual(machine);
    stop();
  });

  it('rejects with the error the desktop answers', async () => {
    const stop = desktopAnswers('get-proxy-timezone', ({ requestId }) => ({
      requestId,
      ok: false,
      error: 'Proxy refused the connection',
    }));
    const request = bridgeRequest('get-proxy-timezone', {
      HTTPProxyAddress: 'proxy.example.com:8080',
      proxyLogin: null,
      proxyPassword: null,
    });
    await expect(request).rejects.toThrow('Proxy refused the connection');
    stop();
  });

  it('gives up after the proxy-timezone wait of 10 s when nobody answers', async () => {
    vi.useFakeTimers();
    const request = bridgeRequest('get-proxy-timezone', {
      HTTPProxyAddress: 'proxy.example.com:8080',
      proxyLogin: null,
      proxyPassword: null,
    });
    const settled = vi.fn();
    request.catch(settled);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(BridgeError));
  });

  it('ignores an answer that does not match the schema', async () => {
    vi.useFakeTimers();
    const stop = desktopAnswers('get-machine-data', ({ requestId }) => ({
      requestId,
      ok: true,
      machineId: 42,
    }));
    const request = bridgeRequest('get-machine-data', {}, 1000);
    const failed = expect(request).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    stop();
  });
});

describe('notices', () => {
  it('fires reachly-start-app with the access token and a requestId', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('reachly-start-app', listener);
    bridgeNotify('start-app', { accessToken: 'token-1' });
    window.removeEventListener('reachly-start-app', listener);
    expect(seen).toEqual([{ requestId: expect.stringMatching(/^[0-9a-f]{32}$/), accessToken: 'token-1' }]);
  });

  it('hears reachly-show-update-alert with its offered version', () => {
    const versions: (string | null)[] = [];
    const stop = onShowUpdateAlert((v) => versions.push(v));
    window.dispatchEvent(
      new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '2.0.0' } }),
    );
    window.dispatchEvent(new CustomEvent('reachly-show-update-alert'));
    stop();
    window.dispatchEvent(
      new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '3.0.0' } }),
    );
    expect(versions).toEqual(['2.0.0', null]);
  });
});
