import type { ClientToServerEvents, ServerToClientEvents } from '@reachly/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client as the page opens it (spec §7), resolved once connected or refused. */
export function connectSocket(
  url: string,
  options: { token?: string; organizationId?: number | string; cookie?: string } = {},
): Promise<{ socket: TestSocket; error?: Error & { data?: { code?: string } } }> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    query: options.organizationId === undefined ? {} : { organizationId: String(options.organizationId) },
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ socket, error });
    });
  });
}

/**
 * The next `event` the socket receives, or a rejection after `ms` (a missing push fails the test).
 * The bound only ends a wait for a push that never comes: on a loaded 2-core machine a push can take
 * seconds, so it is generous.
 */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 60_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    (socket as unknown as { once(e: string, f: (p: never) => void): void }).once(String(event), (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every `event` the socket receives, to show that nothing arrived. */
export function collect(socket: TestSocket, event: keyof ServerToClientEvents): unknown[] {
  const seen: unknown[] = [];
  (socket as unknown as { on(e: string, f: (p: unknown) => void): void }).on(String(event), (p) =>
    seen.push(p),
  );
  return seen;
}
