import {
  type BridgeRequestMap,
  type BridgeResponseMap,
  bridgeEventName,
  bridgeRequestPayloadSchemas,
  bridgeRequestSchemas,
  bridgeResponsePayloadSchemas,
  bridgeResultName,
  type ReachlyDesktopBridge,
} from '@reachly/shared/bridge';
import {
  type BridgeAnswer,
  type BridgePush,
  invalidMessage,
  isPageVerb,
  PAGE_VERBS,
  type PageVerb,
  PUSH_VERBS,
  VERSION_ARGUMENT,
} from './ipc.ts';

/**
 * The preload's work as a plain module (no electron import, so it runs under Node in tests): the
 * page's bridge window events (docs/design.md §3) go to main over IPC and their answers come back as
 * `reachly-<verb>-result` events; main's notices become `reachly-show-update-alert` events. Also
 * the one object the preload exposes as `window.reachlyDesktop`.
 */

/** CustomEvent as the renderer and Node ≥ 19 both provide it (@types/node 20 does not declare it). */
declare const CustomEvent: new <T>(type: string, init?: { detail?: T }) => Event & { readonly detail: T };

/** The window, or an EventTarget standing in for it. */
export interface BridgeTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
}

/** Asks main (ipcRenderer.invoke on BRIDGE_INVOKE_CHANNEL in the preload). */
export type BridgeInvoke = <V extends PageVerb>(verb: V, payload: BridgeRequestMap[V]) => Promise<unknown>;

/** Subscribes to main's notices (ipcRenderer.on BRIDGE_PUSH_CHANNEL); returns the unsubscribe function. */
type OnPush = (listener: (push: unknown) => void) => () => void;

export interface BridgeMappingOptions {
  target: BridgeTarget;
  invoke: BridgeInvoke;
  onPush: OnPush;
}

/** Maps the page's bridge events to `invoke` and main's notices to window events. Returns the disposer. */
export function mapBridge({ target, invoke, onPush }: BridgeMappingOptions): () => void {
  const removers = PAGE_VERBS.map((verb) => {
    const listener = (event: Event) => void answerEvent(target, invoke, verb, event);
    target.addEventListener(bridgeEventName(verb), listener);
    return () => target.removeEventListener(bridgeEventName(verb), listener);
  });
  let pushes = 0;
  removers.push(
    onPush((push) => {
      const notice = readPush(push);
      if (!notice) return;
      // Notices carry a requestId too (shared bridgeRequestSchemas); the page does not answer them.
      const detail = { requestId: `desktop-${++pushes}`, ...notice.payload };
      target.dispatchEvent(new CustomEvent(bridgeEventName(notice.verb), { detail }));
    }),
  );
  return () => {
    for (const remove of removers.splice(0)) remove();
  };
}

async function answerEvent(target: BridgeTarget, invoke: BridgeInvoke, verb: PageVerb, event: Event) {
  const detail: unknown = (event as Event & { detail?: unknown }).detail;
  const requestId = (detail as { requestId?: unknown } | null)?.requestId;
  // Without a requestId no one could match an answer, so there is nothing to say.
  if (typeof requestId !== 'string') return;
  let answer: BridgeAnswer<PageVerb>;
  const parsed = bridgeRequestSchemas[verb].safeParse(detail);
  if (!parsed.success) {
    answer = { ok: false, error: invalidMessage(verb, parsed.error.issues) };
  } else {
    const { requestId: _id, ...payload } = parsed.data;
    answer = await askMain(invoke, verb, payload as BridgeRequestMap[PageVerb]);
  }
  target.dispatchEvent(new CustomEvent(bridgeResultName(verb), { detail: { ...answer, requestId } }));
}

/** invoke, with every way it can fail turned into `{ok: false, error}`. */
async function askMain<V extends PageVerb>(
  invoke: BridgeInvoke,
  verb: V,
  payload: BridgeRequestMap[V],
): Promise<BridgeAnswer<PageVerb>> {
  try {
    const answer = await invoke(verb, payload);
    if (
      typeof answer !== 'object' ||
      answer === null ||
      typeof (answer as { ok?: unknown }).ok !== 'boolean'
    ) {
      return { ok: false, error: `The desktop app answered ${verb} without a result` };
    }
    if ((answer as { ok: boolean }).ok) return answer as BridgeAnswer<PageVerb>;
    const error = (answer as { error?: unknown }).error;
    return { ok: false, error: typeof error === 'string' ? error : `The desktop app refused ${verb}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A notice from main, checked: only the push verbs with a valid payload. */
function readPush(push: unknown): BridgePush | null {
  const { verb, payload } = (push ?? {}) as { verb?: unknown; payload?: unknown };
  if (!(PUSH_VERBS as readonly unknown[]).includes(verb)) return null;
  const parsed = bridgeRequestPayloadSchemas[verb as BridgePush['verb']].safeParse(payload);
  return parsed.success ? { verb: verb as BridgePush['verb'], payload: parsed.data } : null;
}

export interface DesktopBridgeIpc {
  invoke: BridgeInvoke;
  /** The preload's process.argv, where main put the app's version (VERSION_ARGUMENT). */
  argv: readonly string[];
  platform: string;
}

/** The object the preload exposes as `window.reachlyDesktop` (ReachlyDesktopBridge, shared/src/bridge.ts). */
export function createDesktopBridgeApi({ invoke, argv, platform }: DesktopBridgeIpc): ReachlyDesktopBridge {
  return {
    version: versionFromArgv(argv),
    platform,
    async request<V extends PageVerb>(verb: V, payload: BridgeRequestMap[V]): Promise<BridgeResponseMap[V]> {
      if (!isPageVerb(verb)) throw new Error(`Unknown bridge request ${String(verb)}`);
      const parsed = bridgeRequestPayloadSchemas[verb].safeParse(payload ?? {});
      if (!parsed.success) throw new Error(invalidMessage(verb, parsed.error.issues));
      const answer = await askMain(invoke, verb, parsed.data as BridgeRequestMap[V]);
      if (!answer.ok) throw new Error(answer.error);
      const { ok: _ok, ...fields } = answer;
      const response = bridgeResponsePayloadSchemas[verb].safeParse(fields);
      if (!response.success) throw new Error(`The desktop app answered ${verb} with an unexpected result`);
      return response.data as BridgeResponseMap[V];
    },
  };
}

/** The version main passed as `--reachly-version=<v>`; empty when it is missing. */
export function versionFromArgv(argv: readonly string[]): string {
  const argument = argv.find((a) => a.startsWith(VERSION_ARGUMENT));
  return argument ? argument.slice(VERSION_ARGUMENT.length) : '';
}
