import { SOCKET_PATH } from '@reachly/shared/constants';
import type { ExtensionSession } from '@reachly/shared/extension';
import type { ServerToClientEvents } from '@reachly/shared/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * The server's pushes that mean "look now" for this profile's browser: work became due or the
 * rules changed (executor-wake naming this profile or every profile), a campaign started, paused
 * or stopped, a licence or traffic grant, a new locator table (the caller fetches it before the
 * next step). The loop still looks every few minutes on its own: a push only shortens the wait, so
 * a lost connection costs minutes, never work.
 */
export interface WakeSocket {
  close(): void;
}

type Wakeful = Extract<
  keyof ServerToClientEvents,
  'executor-wake' | 'campaign-status-update' | 'LICENSE_UPDATE' | 'PROXY_TRAFFIC_UPDATE' | 'locators-updated'
>;

/** Whether an executor-wake push is meant for this profile. */
export function wakesProfile(payload: { profileIds: number[] | null }, profileId: number): boolean {
  return payload.profileIds === null || payload.profileIds.includes(profileId);
}

export function connectWakeSocket(
  session: ExtensionSession,
  organizationId: number,
  onWake: (reason: string) => void,
  connect: typeof io = io,
): WakeSocket {
  const socket: Socket<ServerToClientEvents> = connect(session.serverUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: session.accessToken, organizationId },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
  });
  socket.on('executor-wake', (payload) => {
    if (wakesProfile(payload, session.profileId)) onWake(payload.reason);
  });
  const others: Exclude<Wakeful, 'executor-wake'>[] = [
    'campaign-status-update',
    'LICENSE_UPDATE',
    'PROXY_TRAFFIC_UPDATE',
    'locators-updated',
  ];
  for (const event of others) socket.on(event, () => onWake(event));
  return {
    close() {
      socket.removeAllListeners();
      socket.close();
    },
  };
}
