import { SOCKET_PATH, SOCKET_TRANSPORTS } from '@reachly/shared/constants';
import type { CampaignLog } from '@reachly/shared/schemas';
import { io, type Socket } from 'socket.io-client';

/**
 * One client process of the realtime bench (realtime.ts forks several, so that no one Node event
 * loop decodes every socket's copy of a push in turn). It connects its share of the sockets as the
 * dashboard does (dashboard/src/realtime/socket.ts: path, transports, organizationId in the query,
 * the token in auth) and, for each push the bench announces, reports when each of its sockets had
 * it: `performance.timeOrigin + performance.now()` at its campaign-log-created listener, the same
 * wall clock as the server's `createdAt` (same machine), to a fraction of a millisecond.
 *
 * Messages from the bench (IPC): connect, expect, flush, close. To it: connected, expecting, got, error,
 * closed (with each socket's count of measured pushes and the process's CPU time).
 */

export type ToClients =
  | {
      type: 'connect';
      organizationId: number;
      /** Each socket's server (its URL and its index among the servers) and access token. */
      sockets: { url: string; server: number; token: string }[];
      batch: number;
    }
  /** The next push is the log line of this lead; `measured` false for a warm-up push. */
  | { type: 'expect'; leadId: number; measured: boolean }
  /** Report what this process has of the current push now, whether or not every socket has it. */
  | { type: 'flush' }
  | { type: 'close' };

export type FromClients =
  | { type: 'connected'; count: number }
  | { type: 'expecting' }
  /** Receipt times (ms since the epoch, fractional) of the current push, each socket's server, and the log's createdAt. */
  | { type: 'got'; leadId: number; createdAt: number; times: number[]; servers: number[] }
  | { type: 'error'; message: string }
  /** cpuMs: this process's CPU time from the first measured push on; disconnects: sockets lost before close. */
  | { type: 'closed'; counts: number[]; cpuMs: number; disconnects: number; frames: number };

const send = (message: FromClients) => process.send?.(message);
const now = () => performance.timeOrigin + performance.now();

const sockets: Socket[] = [];
let counts: number[] = [];
let live = 0;
let disconnects = 0;
/** CPU time of this process when the first measured push was announced (µs). */
let cpuAtStart: number | null = null;
/** Pushes of any event the sockets received from the first measured push on. */
let frames = 0;
let current: {
  leadId: number;
  measured: boolean;
  createdAt: number;
  times: number[];
  servers: number[];
  got: Set<number>;
  reported: boolean;
} | null = null;

function report(): void {
  const push = current;
  if (!push || push.reported) return;
  push.reported = true;
  send({
    type: 'got',
    leadId: push.leadId,
    createdAt: push.createdAt,
    times: push.times,
    servers: push.servers,
  });
}

async function connect({ organizationId, sockets: wanted, batch }: Extract<ToClients, { type: 'connect' }>) {
  counts = new Array<number>(wanted.length).fill(0);
  for (let start = 0; start < wanted.length; start += batch) {
    await Promise.all(
      wanted.slice(start, start + batch).map(({ url, server, token }, k) => {
        const index = start + k;
        const socket = io(url, {
          path: SOCKET_PATH,
          transports: [...SOCKET_TRANSPORTS],
          query: { organizationId: String(organizationId) },
          auth: { token },
          reconnection: false,
          forceNew: true,
          // The dashboard gives up a handshake after 20 s; thousands at once on a loaded machine take longer.
          timeout: 120_000,
        });
        sockets.push(socket);
        socket.onAny(() => {
          if (cpuAtStart !== null) frames += 1;
        });
        socket.on('campaign-log-created', (entry: CampaignLog) => {
          const at = now();
          const push = current;
          if (!push || entry.leadId !== push.leadId || push.got.has(index)) return;
          push.got.add(index);
          push.createdAt = Date.parse(entry.createdAt);
          push.times.push(at);
          push.servers.push(server);
          if (push.measured) counts[index] = (counts[index] ?? 0) + 1;
          if (push.got.size >= live) report();
        });
        socket.on('connect', () => {
          live += 1;
        });
        socket.on('disconnect', () => {
          live -= 1;
          disconnects += 1;
          if (current && current.got.size >= live) report();
        });
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
        });
      }),
    );
  }
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'connect':
      connect(message).then(
        () => send({ type: 'connected', count: live }),
        (error: unknown) => send({ type: 'error', message: String(error) }),
      );
      break;
    case 'expect':
      if (message.measured && cpuAtStart === null) {
        const { user, system } = process.cpuUsage();
        cpuAtStart = user + system;
      }
      current = {
        leadId: message.leadId,
        measured: message.measured,
        createdAt: 0,
        times: [],
        servers: [],
        got: new Set(),
        reported: false,
      };
      send({ type: 'expecting' });
      break;
    case 'flush':
      report();
      break;
    case 'close': {
      current = null;
      const { user, system } = process.cpuUsage();
      const lost = disconnects;
      for (const socket of sockets) socket.disconnect();
      send({
        type: 'closed',
        counts,
        cpuMs: (user + system - (cpuAtStart ?? 0)) / 1000,
        disconnects: lost,
        frames,
      });
      process.disconnect?.();
      break;
    }
  }
});
