import { BRIDGE_VERBS } from '@reachly/shared/bridge';
import type { ExtensionRequest, ExtensionResponse } from '@reachly/shared/extension';
import { browser } from 'wxt/browser';

/**
 * The background's side of the dashboard bridge (DESIGN.md §3): machine data's extensionVersion
 * is answered here; what only the desktop app knows (machine id, proxy timezones, starting
 * profiles) is relayed to it once the desktop agent is connected (the desktop issue), and until
 * then answered with a clear error.
 */
export async function answerBridge(
  request: ExtensionRequest<'bridge:request'>,
): Promise<ExtensionResponse<'bridge:request'>> {
  if (!(BRIDGE_VERBS as readonly string[]).includes(request.verb)) {
    return { ok: false, error: `Unknown bridge request ${String(request.verb)}` };
  }
  if (request.verb === 'get-machine-data') {
    return { ok: true, extensionVersion: browser.runtime.getManifest().version };
  }
  if (request.verb === 'page-loaded' || request.verb === 'show-update-alert') return { ok: true };
  return { ok: false, error: 'The Reachly desktop app is not connected to this browser.' };
}
