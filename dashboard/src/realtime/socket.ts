import { SOCKET_PATH, SOCKET_RECONNECTION, SOCKET_TRANSPORTS } from '@reachly/shared/constants';
import type {
  ClientToServerEvents,
  RealtimePayload,
  ServerEventName,
  ServerToClientEvents,
} from '@reachly/shared/realtime';
import { io, type Socket } from 'socket.io-client';

/** Realtime connection states of spec §4. */
export type ConnectionState = 'closed' | 'opening' | 'open';

type PageSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PageSocket | null = null;
let connectedFor: { organizationId: number; token: string | null } | null = null;
let state: ConnectionState = 'closed';
/** Whether the page's socket has been open since it was made: its next 'opening' is a reconnection. */
let wasOpen = false;
const stateListeners = new Set<() => void>();
/** Each event's listeners, whichever socket is open: a socket hands every push to them (onAny). */
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

function dispatch(event: string, payload: unknown): void {
  for (const listener of eventListeners.get(event) ?? []) listener(payload);
}

function setState(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener();
}

export function getConnectionState(): ConnectionState {
  return state;
}

/**
 * Whether the page's socket was open before: 'opening' then means it lost the connection and is
 * getting it back, not that it is making its first (the page opens it once the first screen is
 * painted, so a first 'opening' is seen on every load).
 */
export function hasBeenOpen(): boolean {
  return wasOpen;
}

export function subscribeConnectionState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/**
 * Opens the page's one socket (spec §7): query organizationId, websocket then polling, path
 * /socket.io, reconnect 1 s to 5 s with randomisation 0.5 and a 20 s timeout (spec §9). Calling it
 * again for the same organisation and token keeps the socket; otherwise the old one is closed.
 */
export function connectRealtime(organizationId: number, token: string | null): PageSocket {
  if (socket && connectedFor?.organizationId === organizationId && connectedFor.token === token)
    return socket;
  disconnectRealtime();
  connectedFor = { organizationId, token };
  wasOpen = false;
  socket = io({
    path: SOCKET_PATH,
    transports: [...SOCKET_TRANSPORTS],
    query: { organizationId: String(organizationId) },
    auth: token ? { token } : {},
    reconnection: true,
    ...SOCKET_RECONNECTION,
  });
  setState('opening');
  socket.onAny(dispatch);
  socket.on('connect', () => {
    wasOpen = true;
    setState('open');
  });
  socket.on('disconnect', (reason) => {
    // socket.io does not reconnect after the server closed the socket (e.g. during a deploy); the
    // page does, once, after the first backoff delay. A refused handshake then ends it ('closed').
    if (reason === 'io server disconnect') {
      const closed = socket;
      setState('opening');
      window.setTimeout(() => {
        if (socket === closed && !closed?.connected) closed?.connect();
      }, SOCKET_RECONNECTION.reconnectionDelay);
      return;
    }
    setState(socket?.active ? 'opening' : 'closed');
  });
  socket.on('connect_error', () => setState(socket?.active ? 'opening' : 'closed'));
  socket.io.on('reconnect_attempt', () => setState('opening'));
  return socket;
}

function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
  connectedFor = null;
  setState('closed');
}

/**
 * subscribe(event) of spec §7: calls the listener for each push of that kind, from the page's
 * socket whenever one is open (a listener added before the socket opens, or kept while it
 * reconnects, hears it too); returns the unsubscribe.
 */
export function subscribe<E extends ServerEventName>(
  event: E,
  listener: (payload: RealtimePayload<E>) => void,
): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    eventListeners.set(event, listeners);
  }
  // The payload's type follows E: the socket's pushes of `event` carry RealtimePayload<E>.
  const handler = listener as (payload: unknown) => void;
  listeners.add(handler);
  return () => {
    listeners.delete(handler);
  };
}

/**
 * send(event, organizationId, payload) of spec §7: emits to the server when the socket belongs to
 * that organisation; returns false (and sends nothing) otherwise. No screen sends yet: the spec
 * lists it among the socket's handlers, hence `@public` (knip does not report it as unused).
 * @public
 */
export function send<E extends 'profile-handled' | 'processed-finished'>(
  event: E,
  organizationId: number,
  payload: RealtimePayload<E>,
): boolean {
  if (!socket || connectedFor?.organizationId !== organizationId) return false;
  (socket.emit as (e: E, p: RealtimePayload<E>) => void)(event, payload);
  return true;
}
