import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as ProxyServer } from 'proxy-chain';

/**
 * Real local parts for the agent's tests (loopback only): an upstream proxy that requires Basic
 * credentials and logs every request it lets through (as a paid proxy would), and small HTTP
 * servers.
 */

export interface AuthProxy {
  readonly port: number;
  /** `127.0.0.1:<port>`, as a user writes a proxy address. */
  readonly address: string;
  /** `host:port` of every request let through (CONNECT or plain), in order. */
  readonly log: string[];
  /** Requests refused for their credentials. */
  readonly refused: number;
  /** Bytes between its clients and itself, both ways, over every connection so far. */
  bytes(): number;
  close(): Promise<void>;
}

export async function startAuthProxy(username: string, password: string): Promise<AuthProxy> {
  const log: string[] = [];
  let refused = 0;
  const server = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username: u, password: p, hostname, port }) => {
      if (u !== username || p !== password) {
        refused += 1;
        return { requestAuthentication: true, failMsg: 'Bad proxy credentials' };
      }
      log.push(`${hostname}:${port}`);
      return {};
    },
  });
  server.on('requestFailed', () => {});
  let closedBytes = 0;
  server.on('connectionClosed', ({ stats }) => {
    closedBytes += stats ? stats.srcTxBytes + stats.srcRxBytes : 0;
  });
  await server.listen();
  return {
    bytes: () =>
      closedBytes +
      server.getConnectionIds().reduce((sum, id) => {
        const stats = server.getConnectionStats(id);
        return sum + (stats ? stats.srcTxBytes + stats.srcRxBytes : 0);
      }, 0),
    port: server.port,
    address: `127.0.0.1:${server.port}`,
    log,
    get refused() {
      return refused;
    },
    close: () => server.close(true),
  };
}

export interface LocalServer {
  readonly port: number;
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reads a request's body as text. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Polls until `probe` answers something truthy (no fixed sleeps in tests). */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
