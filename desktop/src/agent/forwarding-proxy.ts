import { type AgentProxy, parseProxyAddress } from '@reachly/shared/schemas';
import { Server } from 'proxy-chain';

/**
 * A profile's local forwarding proxy (docs/design.md §2): a proxy-chain server on 127.0.0.1 (a free
 * port) that the profile's Chromium uses as its proxy, and that forwards every request (plain HTTP
 * and CONNECT tunnels) to the profile's upstream proxy with its credentials. Chromium cannot take
 * proxy credentials on its command line, so this is how authenticated proxies work. It also counts
 * the bytes between the browser and itself, both ways, per connection: open connections are read
 * with getConnectionStats, closed ones with the connectionClosed stats, so no byte is counted
 * twice or lost (takeBytes hands out what was counted since the last call).
 */

/** The upstream proxy URL proxy-chain takes: `http(s)://user:pass@host:port`, credentials encoded. */
export function upstreamProxyUrl(proxy: AgentProxy): string {
  const parsed = parseProxyAddress(proxy.address);
  if (!parsed) throw new Error(`The proxy address ${JSON.stringify(proxy.address)} cannot be read`);
  const username = proxy.login ?? parsed.username;
  const password = proxy.password ?? parsed.password;
  const auth =
    username !== null || password !== null
      ? `${encodeURIComponent(username ?? '')}:${encodeURIComponent(password ?? '')}@`
      : '';
  const host = parsed.host.includes(':') && !parsed.host.startsWith('[') ? `[${parsed.host}]` : parsed.host;
  return `${parsed.protocol}://${auth}${host}:${parsed.port}`;
}

export interface ForwardingProxy {
  readonly port: number;
  /** `http://127.0.0.1:<port>`, for Chromium's --proxy-server. */
  readonly url: string;
  /** Bytes counted since the last call (both ways, open and closed connections). */
  takeBytes(): bigint;
  /** Every byte counted since the start. */
  totalBytes(): bigint;
  /** Closes the server and its connections; the bytes counted until then stay for takeBytes. */
  close(): Promise<void>;
}

export async function startForwardingProxy(upstream: AgentProxy): Promise<ForwardingProxy> {
  const upstreamUrl = upstreamProxyUrl(upstream);
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: () => ({ upstreamProxyUrl: upstreamUrl }),
  });
  /** Bytes of each open connection already handed out. */
  const seen = new Map<number, number>();
  let pending = 0n;
  let total = 0n;
  const bytesOf = (stats: { srcTxBytes: number; srcRxBytes: number } | undefined) =>
    stats ? stats.srcTxBytes + stats.srcRxBytes : 0;
  const add = (bytes: number) => {
    if (bytes <= 0) return;
    pending += BigInt(bytes);
    total += BigInt(bytes);
  };
  server.on('connectionClosed', ({ connectionId, stats }) => {
    add(bytesOf(stats) - (seen.get(connectionId) ?? 0));
    seen.delete(connectionId);
  });
  // A failed request is answered to the browser by proxy-chain; nothing to do here but not crash.
  server.on('requestFailed', () => {});
  await server.listen();
  const readOpen = () => {
    for (const id of server.getConnectionIds()) {
      const now = bytesOf(server.getConnectionStats(id));
      add(now - (seen.get(id) ?? 0));
      seen.set(id, Math.max(now, seen.get(id) ?? 0));
    }
  };
  let closed = false;
  return {
    port: server.port,
    url: `http://127.0.0.1:${server.port}`,
    takeBytes() {
      if (!closed) readOpen();
      const bytes = pending;
      pending = 0n;
      return bytes;
    },
    totalBytes() {
      if (!closed) readOpen();
      return total;
    },
    async close() {
      if (closed) return;
      readOpen();
      closed = true;
      await server.close(true);
    },
  };
}
