import {
  BRIDGE_VERBS,
  type BridgeRequestMap,
  type BridgeResult,
  type BridgeVerb,
  bridgeRequestPayloadSchemas,
} from '@reachly/shared/bridge';
import { AgentBridgeError, type ReachlyAgent } from '../src/agent/api.ts';

/**
 * The IPC between the shell's preload (renderer) and its main process, where the agent lives. The
 * page's bridge requests go up as `ipcRenderer.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload)` and
 * come back as an answer `{ok: true, …}` or `{ok: false, error}`; the agent's notices for the page
 * come down on BRIDGE_PUSH_CHANNEL. No electron import: main passes its ipcMain in.
 */

export const BRIDGE_INVOKE_CHANNEL = 'reachly:bridge';
export const BRIDGE_PUSH_CHANNEL = 'reachly:bridge-push';
/** Main hands the app's version to the preload as this command-line switch (webPreferences.additionalArguments). */
export const VERSION_ARGUMENT = '--reachly-version=';

/** Verbs the desktop sends to the page, never the other way round. */
export const PUSH_VERBS = ['show-update-alert'] as const satisfies readonly BridgeVerb[];
type PushVerb = (typeof PUSH_VERBS)[number];
/** Verbs the page asks the desktop. */
export type PageVerb = Exclude<BridgeVerb, PushVerb>;
export const PAGE_VERBS = BRIDGE_VERBS.filter(
  (verb): verb is PageVerb => !(PUSH_VERBS as readonly string[]).includes(verb),
);

export function isPageVerb(verb: unknown): verb is PageVerb {
  return typeof verb === 'string' && (PAGE_VERBS as readonly string[]).includes(verb);
}

/** An answer as it crosses IPC: the result event's detail without its requestId. */
export type BridgeAnswer<V extends BridgeVerb> = WithoutRequestId<BridgeResult<V>>;
type WithoutRequestId<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/** A notice for the page, sent by main on BRIDGE_PUSH_CHANNEL. */
export type BridgePush = { [V in PushVerb]: { verb: V; payload: BridgeRequestMap[V] } }[PushVerb];

/** The part of Electron's ipcMain used here (a fake in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** The part of Electron's IpcMainInvokeEvent used here: the frame that asked. */
export interface IpcInvokeEventLike {
  senderFrame?: { url: string } | null;
}

export interface RegisterBridgeOptions {
  /** Refuses requests from any frame but the dashboard's (default: every sender is trusted). */
  isTrustedSender?: (event: IpcInvokeEventLike) => boolean;
  /** Where unexpected agent errors are written (the page only sees a short message). */
  logError?: (message: string, error: unknown) => void;
}

/**
 * Answers the page's bridge requests in main with the agent. Never throws into IPC: a refused
 * request (AgentBridgeError), an unknown verb, a bad payload or an untrusted sender all become
 * `{ok: false, error}`. Returns the function that removes the handler.
 */
export function registerBridgeIpc(
  ipcMain: IpcMainLike,
  agent: Pick<ReachlyAgent, 'handleBridge'>,
  options: RegisterBridgeOptions = {},
): () => void {
  const { isTrustedSender = () => true, logError = (m, e) => console.error(m, e) } = options;
  ipcMain.handle(BRIDGE_INVOKE_CHANNEL, async (event, verb, payload): Promise<BridgeAnswer<BridgeVerb>> => {
    if (!isTrustedSender(event)) {
      return { ok: false, error: 'Only the Reachly dashboard may talk to the desktop app' };
    }
    return answerBridge(agent, verb, payload, logError);
  });
  return () => ipcMain.removeHandler(BRIDGE_INVOKE_CHANNEL);
}

/** One request: validated again here (the renderer is not trusted), then asked of the agent. */
async function answerBridge(
  agent: Pick<ReachlyAgent, 'handleBridge'>,
  verb: unknown,
  payload: unknown,
  logError: (message: string, error: unknown) => void = () => {},
): Promise<BridgeAnswer<BridgeVerb>> {
  if (!isPageVerb(verb)) return { ok: false, error: `Unknown bridge request ${String(verb)}` };
  const parsed = bridgeRequestPayloadSchemas[verb].safeParse(payload ?? {});
  if (!parsed.success) return { ok: false, error: invalidMessage(verb, parsed.error.issues) };
  try {
    const response = await agent.handleBridge(verb, parsed.data as BridgeRequestMap[typeof verb]);
    return { ...response, ok: true } as BridgeAnswer<typeof verb>;
  } catch (error) {
    if (error instanceof AgentBridgeError) return { ok: false, error: error.message };
    logError(`The agent failed to answer ${verb}`, error);
    return { ok: false, error: `The desktop app could not answer ${verb}` };
  }
}

/**
 * `Invalid get-proxy-timezone request: A proxy address is needed`. zod's own messages already name
 * their field (shared/src/schemas/common.ts), a schema's own messages are shown as written.
 */
export function invalidMessage(verb: BridgeVerb, issues: readonly { message: string }[]): string {
  return `Invalid ${verb} request: ${issues[0]?.message ?? 'bad payload'}`;
}

/**
 * Sends the agent's notices for the page (show-update-alert) through `send`, which main points at
 * the window's webContents. Returns the unsubscribe function.
 */
export function forwardAgentPushes(
  agent: Pick<ReachlyAgent, 'on'>,
  send: (push: BridgePush) => void,
): () => void {
  return agent.on('show-update-alert', (payload) => send({ verb: 'show-update-alert', payload }));
}
