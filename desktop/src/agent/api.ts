import type { BridgeRequestMap, BridgeResponseMap, BridgeVerb } from '@reachly/shared/bridge';

/**
 * What the agent offers its hosts: the Electron shell (main process, through IPC from the preload),
 * the loopback HTTP bridge the extension relays to, and the command line (`npm run agent`).
 * Everything behind it runs under plain Node (docs/design.md §2).
 */

/** A bridge request the agent refuses; hosts answer it as `{ok: false, error: message}`. */
export class AgentBridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentBridgeError';
  }
}

/** One profile browser the agent keeps, as the tray and the logs show it. */
export interface RunningProfile {
  profileId: number;
  name: string;
  state: 'starting' | 'running' | 'restarting' | 'failed' | 'stopping';
  /** The loopback forwarding proxy's port, null without a proxy. */
  proxyPort: number | null;
  /** Browser restarts after a crash since the agent started it. */
  restarts: number;
  /** The last launch error, if any. */
  error: string | null;
}

export interface AgentEvents {
  /** The server offers a newer desktop version: the page is told with reachly-show-update-alert. */
  'show-update-alert': { offeredVersion: string };
  /** The set or state of profile browsers changed (tray menu). */
  'profiles-changed': RunningProfile[];
  /** Signed in (token from start-app or the command line) or out. */
  'session-changed': { signedIn: boolean; serverUrl: string | null };
}

export type AgentEventName = keyof AgentEvents;

export interface ReachlyAgent {
  /** Answers one bridge verb (docs/design.md §3); throws AgentBridgeError to refuse. */
  handleBridge<V extends BridgeVerb>(verb: V, payload: BridgeRequestMap[V]): Promise<BridgeResponseMap[V]>;
  runningProfiles(): RunningProfile[];
  on<E extends AgentEventName>(event: E, listener: (payload: AgentEvents[E]) => void): () => void;
  /** Stops every browser and proxy, reports the last traffic, closes the socket. */
  stop(): Promise<void>;
}
