import {
  AGENT_TOKEN_HEADER,
  agentBridgePath,
  agentTimeoutMs,
  BRIDGE_VERBS,
  type BridgeVerb,
} from '@reachly/shared/bridge';
import type { ExtensionRequest, ExtensionResponse, ExtensionSession } from '@reachly/shared/extension';

type Answer = ExtensionResponse<'bridge:request'>;

/**
 * The background's side of the dashboard bridge (docs/design.md §3): a page request relayed by the
 * bridge content script goes on to the desktop agent (its loopback bridge, named in the session),
 * and machine data's extensionVersion is answered here and added to the agent's answer. Without an
 * agent, machine data answers the extension's version alone and the other requests fail clearly.
 */
export async function answerBridge(
  request: ExtensionRequest<'bridge:request'>,
  session: Pick<ExtensionSession, 'agentUrl' | 'agentToken'> | null,
  extensionVersion: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Answer> {
  if (!(BRIDGE_VERBS as readonly string[]).includes(request.verb)) {
    return { ok: false, error: `Unknown bridge request ${String(request.verb)}` };
  }
  const { requestId: _requestId, ...payload } = request.detail;
  const fromAgent = session?.agentUrl
    ? await askAgent(session.agentUrl, session.agentToken, request.verb, payload, fetchImpl)
    : null;
  if (request.verb === 'get-machine-data') {
    return fromAgent?.ok ? { ...fromAgent, extensionVersion } : { ok: true, extensionVersion };
  }
  if (fromAgent) return fromAgent;
  if (request.verb === 'page-loaded' || request.verb === 'show-update-alert') return { ok: true };
  return { ok: false, error: 'The Reachly desktop app is not connected to this browser.' };
}

async function askAgent(
  agentUrl: string,
  token: string | undefined,
  verb: BridgeVerb,
  payload: Record<string, unknown>,
  fetchImpl: typeof fetch,
): Promise<Answer> {
  try {
    const res = await fetchImpl(new URL(agentBridgePath(verb), agentUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { [AGENT_TOKEN_HEADER]: token } : {}) },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(agentTimeoutMs(verb)),
    });
    const body = (await res.json().catch(() => null)) as Answer | null;
    if (!body || typeof body.ok !== 'boolean') {
      return { ok: false, error: `The desktop app answered ${res.status} without a result` };
    }
    return body;
  } catch (error) {
    return { ok: false, error: `The Reachly desktop app did not answer: ${(error as Error).message}` };
  }
}
