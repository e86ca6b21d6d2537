import type { RealtimePayload, ServerEventName } from '@reachly/shared/realtime';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getConnectionState, subscribe, subscribeConnectionState } from './socket.ts';

export function useConnectionState() {
  return useSyncExternalStore(subscribeConnectionState, getConnectionState, getConnectionState);
}

/**
 * Calls `listener` for each push of `event` while the component is mounted (whenever the page's
 * socket is open). The latest listener is used without resubscribing; the component does not
 * render again when the connection opens or drops (only ConnectionIndicator shows that).
 */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  listener: (payload: RealtimePayload<E>) => void,
): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe(event, (payload) => latest.current(payload)), [event]);
}
