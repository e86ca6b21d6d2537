import type { BridgeRequestMap, BridgeResponseMap, BridgeVerb } from '@reachly/shared/bridge';
import type { MachineData } from '@reachly/shared/schemas';
import type { ReachlyAgent } from './api.ts';
import { AgentBridgeError } from './api.ts';
import { lookupProxyTimezone, type TimezoneLookupOptions } from './timezone.ts';

/**
 * The agent's answers to the bridge verbs (docs/design.md §3, shared/src/bridge.ts), whichever
 * transport carried them (the Electron preload's IPC or the extension's loopback relay):
 * get-machine-data answers the machine data, get-proxy-timezone looks the proxy's timezone up
 * through the proxy, start-app signs in with the page's token (the same token again changes
 * nothing), page-loaded and show-update-alert are notices, acknowledged.
 */

export interface BridgeHandlerDeps {
  machineData: () => Promise<MachineData>;
  signIn: (accessToken: string) => Promise<void>;
  timezone?: TimezoneLookupOptions;
  log: (line: string) => void;
}

export function createBridgeHandler(deps: BridgeHandlerDeps): ReachlyAgent['handleBridge'] {
  async function answer(verb: BridgeVerb, payload: BridgeRequestMap[BridgeVerb]): Promise<unknown> {
    switch (verb) {
      case 'get-machine-data':
        return deps.machineData();
      case 'get-proxy-timezone': {
        const query = payload as BridgeRequestMap['get-proxy-timezone'];
        const timezone = await lookupProxyTimezone(query, deps.timezone);
        deps.log(`proxy timezone of ${query.HTTPProxyAddress}: ${timezone}`);
        return { timezone };
      }
      case 'start-app':
        await deps.signIn((payload as BridgeRequestMap['start-app']).accessToken);
        return {};
      case 'page-loaded':
        deps.log('the dashboard page loaded');
        return {};
      case 'show-update-alert':
        return {};
      default:
        throw new AgentBridgeError(`Unknown bridge request ${String(verb)}`);
    }
  }
  return (verb, payload) => answer(verb, payload) as Promise<BridgeResponseMap[typeof verb]>;
}
