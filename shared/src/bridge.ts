import { z } from 'zod';
import { PROXY_TIMEZONE_WAIT_MS } from './constants/limits.ts';
import { DESKTOP_EVENTS, PRODUCT_KEY } from './constants/product.ts';
import { machineDataSchema } from './schemas/account.ts';
import { PROXY_CREDENTIAL_MAX_LENGTH, proxyAddressSchema, timeZoneSchema } from './schemas/profiles.ts';

/**
 * The bridge protocol between the page, the extension and the desktop agent (docs/design.md §3).
 *
 * A request is a window CustomEvent named `reachly-<verb>` whose `detail` is `{requestId, ...}`;
 * its answer is a CustomEvent `reachly-<verb>-result` whose `detail` is
 * `{requestId, ok: true, ...response}` or `{requestId, ok: false, error}` with the same requestId.
 * start-app, page-loaded and show-update-alert are notices: the page does not wait for their
 * answer (an empty `{ok: true}`), the desktop may still send it.
 */

export const BRIDGE_VERBS = [
  'get-machine-data',
  'get-proxy-timezone',
  'start-app',
  'page-loaded',
  'show-update-alert',
] as const;
export type BridgeVerb = (typeof BRIDGE_VERBS)[number];

export type BridgeEventName<V extends BridgeVerb = BridgeVerb> = `${typeof PRODUCT_KEY}-${V}`;
export type BridgeResultName<V extends BridgeVerb = BridgeVerb> = `${BridgeEventName<V>}-result`;

/** The window event names, reusing DESKTOP_EVENTS for the three the spec names. */
export const BRIDGE_EVENT_NAMES: { readonly [V in BridgeVerb]: BridgeEventName<V> } = {
  'get-machine-data': `${PRODUCT_KEY}-get-machine-data`,
  'get-proxy-timezone': `${PRODUCT_KEY}-get-proxy-timezone`,
  'start-app': DESKTOP_EVENTS.startApp,
  'page-loaded': DESKTOP_EVENTS.pageLoaded,
  'show-update-alert': DESKTOP_EVENTS.showUpdateAlert,
};

export function bridgeEventName<V extends BridgeVerb>(verb: V): BridgeEventName<V> {
  return BRIDGE_EVENT_NAMES[verb] as BridgeEventName<V>;
}

export function bridgeResultName<V extends BridgeVerb>(verb: V): BridgeResultName<V> {
  return `${bridgeEventName(verb)}-result`;
}

/** Reads a window event name back: its verb and whether it is the answer. Null for other events. */
export function parseBridgeEventName(name: string): { verb: BridgeVerb; isResult: boolean } | null {
  for (const verb of BRIDGE_VERBS) {
    if (name === bridgeEventName(verb)) return { verb, isResult: false };
    if (name === bridgeResultName(verb)) return { verb, isResult: true };
  }
  return null;
}

/** How long the page waits for an answer; null = it does not wait (a notice). */
export const BRIDGE_DEFAULT_TIMEOUT_MS = 5_000;
export const BRIDGE_TIMEOUTS_MS: { readonly [V in BridgeVerb]: number | null } = {
  'get-machine-data': BRIDGE_DEFAULT_TIMEOUT_MS,
  'get-proxy-timezone': PROXY_TIMEZONE_WAIT_MS,
  'start-app': null,
  'page-loaded': null,
  'show-update-alert': null,
};

export const requestIdSchema = z.string().min(1).max(100);

/** Request payloads per verb, without requestId. */
export const bridgeRequestPayloadSchemas = {
  'get-machine-data': z.object({}),
  /** A manual proxy whose exit timezone the desktop looks up through the proxy itself. */
  'get-proxy-timezone': z.object({
    HTTPProxyAddress: proxyAddressSchema.pipe(z.string({ error: 'A proxy address is needed' })),
    proxyLogin: z.string().max(PROXY_CREDENTIAL_MAX_LENGTH).nullable().default(null),
    proxyPassword: z.string().max(PROXY_CREDENTIAL_MAX_LENGTH).nullable().default(null),
  }),
  'start-app': z.object({ accessToken: z.string().min(1).max(1024) }),
  'page-loaded': z.object({}),
  'show-update-alert': z.object({ offeredVersion: z.string().min(1).max(50) }),
} as const satisfies Record<BridgeVerb, z.ZodType>;

/** Response payloads per verb (the fields besides requestId and ok). */
export const bridgeResponsePayloadSchemas = {
  'get-machine-data': machineDataSchema,
  'get-proxy-timezone': z.object({ timezone: timeZoneSchema }),
  'start-app': z.object({}),
  'page-loaded': z.object({}),
  'show-update-alert': z.object({}),
} as const satisfies Record<BridgeVerb, z.ZodType>;

export type BridgeRequestMap = { [V in BridgeVerb]: z.infer<(typeof bridgeRequestPayloadSchemas)[V]> };
export type BridgeResponseMap = { [V in BridgeVerb]: z.infer<(typeof bridgeResponsePayloadSchemas)[V]> };

const failureSchema = z.object({
  requestId: requestIdSchema,
  ok: z.literal(false),
  error: z.string().max(1000),
});

const withRequestId = { requestId: requestIdSchema };
const success = { requestId: requestIdSchema, ok: z.literal(true) };
const P = bridgeRequestPayloadSchemas;
const R = bridgeResponsePayloadSchemas;

/** Full `detail` schemas of the requests, requestId included. */
export const bridgeRequestSchemas = {
  'get-machine-data': P['get-machine-data'].extend(withRequestId),
  'get-proxy-timezone': P['get-proxy-timezone'].extend(withRequestId),
  'start-app': P['start-app'].extend(withRequestId),
  'page-loaded': P['page-loaded'].extend(withRequestId),
  'show-update-alert': P['show-update-alert'].extend(withRequestId),
} as const;

/** Full `detail` schemas of the results: success or failure, on `ok`. */
export const bridgeResultSchemas = {
  'get-machine-data': z.discriminatedUnion('ok', [R['get-machine-data'].extend(success), failureSchema]),
  'get-proxy-timezone': z.discriminatedUnion('ok', [R['get-proxy-timezone'].extend(success), failureSchema]),
  'start-app': z.discriminatedUnion('ok', [R['start-app'].extend(success), failureSchema]),
  'page-loaded': z.discriminatedUnion('ok', [R['page-loaded'].extend(success), failureSchema]),
  'show-update-alert': z.discriminatedUnion('ok', [R['show-update-alert'].extend(success), failureSchema]),
} as const;

/** The `detail` of a `reachly-<verb>` event. */
export type BridgeRequest<V extends BridgeVerb> = z.infer<(typeof bridgeRequestSchemas)[V]>;
/** The `detail` of a `reachly-<verb>-result` event. */
export type BridgeResult<V extends BridgeVerb> = z.infer<(typeof bridgeResultSchemas)[V]>;

/**
 * What the Electron shell's preload exposes to the page as `window.reachlyDesktop` (contextBridge);
 * absent in a normal browser. The window events above work in the shell too; this is the direct way.
 */
export interface ReachlyDesktopBridge {
  /** The desktop app's version, the same as the `Reachly/<version>` of its user agent. */
  readonly version: string;
  /** The machine's platform as Node names it: `win32`, `darwin` or `linux`. */
  readonly platform: string;
  /**
   * Asks the desktop agent; resolves with the answer's fields, rejects with its error.
   * show-update-alert goes the other way (desktop → page), so the page does not send it.
   */
  request<V extends Exclude<BridgeVerb, 'show-update-alert'>>(
    verb: V,
    payload: BridgeRequestMap[V],
  ): Promise<BridgeResponseMap[V]>;
}

/**
 * The extension's relay to the desktop agent, for a dashboard opened in a normal browser (the
 * Electron shell's preload talks to the agent itself): the background POSTs the request's payload
 * (without requestId) to `<agentUrl>/bridge/<verb>` with the header `x-reachly-agent-token`, and
 * the agent answers the result's fields, `{ok: true, …}` or `{ok: false, error}`, as JSON.
 */
export const AGENT_TOKEN_HEADER = 'x-reachly-agent-token';
export const agentBridgePath = (verb: BridgeVerb) => `/bridge/${verb}`;
/** How long the extension waits for the agent: the page's own wait for the verb, or 5 s for a notice. */
export function agentTimeoutMs(verb: BridgeVerb): number {
  return BRIDGE_TIMEOUTS_MS[verb] ?? BRIDGE_DEFAULT_TIMEOUT_MS;
}
