import {
  BRIDGE_TIMEOUTS_MS,
  type BridgeRequestMap,
  type BridgeResponseMap,
  type BridgeVerb,
  bridgeEventName,
  bridgeResultName,
  bridgeResultSchemas,
} from '@reachly/shared/bridge';
import { randomId } from '../lib/random.ts';

/** The desktop app did not answer in time, or answered with an error. */
export class BridgeError extends Error {
  constructor(
    readonly verb: BridgeVerb,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * Page side of the bridge protocol (docs/design.md §3): fires `reachly-<verb>` with a requestId and
 * waits for `reachly-<verb>-result` with the same id, up to the verb's timeout (10 s for the proxy
 * timezone, spec §7).
 */
export function bridgeRequest<V extends BridgeVerb>(
  verb: V,
  payload: BridgeRequestMap[V],
  timeoutMs: number = BRIDGE_TIMEOUTS_MS[verb] ?? 0,
): Promise<BridgeResponseMap[V]> {
  const requestId = randomId();
  return new Promise((resolve, reject) => {
    const resultName = bridgeResultName(verb);
    const onResult = (event: Event) => {
      const parsed = bridgeResultSchemas[verb].safeParse((event as CustomEvent).detail);
      if (!parsed.success || parsed.data.requestId !== requestId) return;
      cleanup();
      if (parsed.data.ok) {
        const { requestId: _id, ok: _ok, ...response } = parsed.data;
        resolve(response as BridgeResponseMap[V]);
      } else {
        reject(new BridgeError(verb, parsed.data.error));
      }
    };
    const timer = window.setTimeout(() => {
      cleanup();
      reject(new BridgeError(verb, `The desktop app did not answer ${verb} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const cleanup = () => {
      window.clearTimeout(timer);
      window.removeEventListener(resultName, onResult);
    };
    window.addEventListener(resultName, onResult);
    window.dispatchEvent(new CustomEvent(bridgeEventName(verb), { detail: { requestId, ...payload } }));
  });
}
