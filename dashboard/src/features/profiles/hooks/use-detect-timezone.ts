import { PROXY_TIMEZONE_WAIT_MS } from '@reachly/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { bridgeRequest } from '../../../shell/bridge.ts';

export type DetectTimezoneState =
  | { status: 'idle' }
  | { status: 'detecting' }
  | { status: 'detected'; timezone: string }
  | { status: 'timeout' }
  | { status: 'failed'; reason: string };

export interface ProxyToProbe {
  HTTPProxyAddress: string;
  proxyLogin: string | null;
  proxyPassword: string | null;
}

/**
 * Asks the desktop app for a manual proxy's timezone over the bridge (spec §7: it waits up to
 * 10 s). Answers the timezone, or null when the app did not answer in time or could not tell: the
 * user then types it.
 */
export function useDetectTimezone(waitMs: number = PROXY_TIMEZONE_WAIT_MS) {
  const [state, setState] = useState<DetectTimezoneState>({ status: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const detect = useCallback(
    async (proxy: ProxyToProbe): Promise<string | null> => {
      setState({ status: 'detecting' });
      const startedAt = performance.now();
      try {
        const { timezone } = await bridgeRequest('get-proxy-timezone', proxy, waitMs);
        if (mounted.current) setState({ status: 'detected', timezone });
        return timezone;
      } catch (error) {
        const timedOut = performance.now() - startedAt >= waitMs;
        if (mounted.current) {
          setState(timedOut ? { status: 'timeout' } : { status: 'failed', reason: (error as Error).message });
        }
        return null;
      }
    },
    [waitMs],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, detect, reset };
}
