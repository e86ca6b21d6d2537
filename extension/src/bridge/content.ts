import { BRIDGE_VERBS, type BridgeVerb, bridgeEventName, bridgeResultName } from '@reachly/shared/bridge';
import { sendMessage } from '../messaging.ts';

/**
 * The bridge content script on the dashboard's pages (docs/design.md §3): a page request (a window
 * CustomEvent `reachly-<verb>` with `{requestId, …}`) goes to the background, and its answer comes
 * back as `reachly-<verb>-result` with the same requestId.
 */
export function relayBridge(target: Window = window): () => void {
  const listeners = BRIDGE_VERBS.map((verb: BridgeVerb) => {
    const listener = async (event: Event) => {
      const detail = ((event as CustomEvent).detail ?? {}) as Record<string, unknown>;
      const requestId = detail.requestId;
      let answer: Record<string, unknown>;
      try {
        answer = await sendMessage('bridge:request', { verb, detail });
      } catch (error) {
        answer = { ok: false, error: (error as Error).message };
      }
      target.dispatchEvent(new CustomEvent(bridgeResultName(verb), { detail: { ...answer, requestId } }));
    };
    target.addEventListener(bridgeEventName(verb), listener);
    return () => target.removeEventListener(bridgeEventName(verb), listener);
  });
  return () => {
    for (const remove of listeners) remove();
  };
}
