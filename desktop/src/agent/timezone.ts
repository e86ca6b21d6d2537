import { PROXY_TIMEZONE_WAIT_MS } from '@reachly/shared/constants';
import { canonicalTimeZone, parseProxyAddress } from '@reachly/shared/schemas';
import { ProxyAgent, request } from 'undici';
import { AgentBridgeError } from './api.ts';

/**
 * get-proxy-timezone (docs/design.md §3): the exit timezone of a manual proxy, found by an IP lookup
 * made through that proxy (undici's ProxyAgent, with the proxy's credentials), so the answer is
 * the proxy's location and not this machine's. The lookup service is configurable (default
 * ip-api.com's JSON, reading `timezone`). The page waits PROXY_TIMEZONE_WAIT_MS (10 s); the lookup
 * gives up earlier (8 s by default) so the page gets a clear refusal rather than silence.
 */

const DEFAULT_TIMEZONE_LOOKUP_URL = 'http://ip-api.com/json/?fields=status,message,timezone';
/** The page's wait minus a margin for the bridge's own hops. */
export const DEFAULT_TIMEZONE_TIMEOUT_MS = PROXY_TIMEZONE_WAIT_MS - 2_000;

export interface TimezoneQuery {
  HTTPProxyAddress: string;
  proxyLogin: string | null;
  proxyPassword: string | null;
}

export interface TimezoneLookupOptions {
  lookupUrl?: string;
  timeoutMs?: number;
}

/** Reads the lookup service's answer: `{timezone}` (ip-api's `{status: 'fail', message}` refused). */
export function timezoneFromAnswer(body: unknown): string {
  const answer = (body ?? {}) as { status?: unknown; message?: unknown; timezone?: unknown };
  if (answer.status === 'fail') {
    throw new AgentBridgeError(
      `The timezone lookup failed${typeof answer.message === 'string' ? `: ${answer.message}` : ''}`,
    );
  }
  const timezone = typeof answer.timezone === 'string' ? canonicalTimeZone(answer.timezone.trim()) : null;
  if (!timezone) throw new AgentBridgeError('The timezone lookup did not answer a known timezone');
  return timezone;
}

function describe(error: unknown, proxy: string, timeoutMs: number, timedOut: boolean): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  const message = e.message ?? String(error);
  // undici reports a refused tunnel as "Proxy response (407) !== 200 when HTTP Tunneling".
  const status = /\((\d{3})\)/.exec(message)?.[1];
  if (status === '407') return `The proxy ${proxy} refused its login and password`;
  if (status) return `The proxy ${proxy} refused the timezone lookup (${status})`;
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `The proxy ${proxy} did not answer the timezone lookup within ${Math.ceil(timeoutMs / 1000)} s`;
  }
  if (code === 'ECONNREFUSED') return `Nothing answers at the proxy address ${proxy}`;
  if (code === 'ENOTFOUND') return `The proxy host of ${proxy} is not known`;
  return `The timezone lookup through ${proxy} failed: ${message}`;
}

export async function lookupProxyTimezone(
  query: TimezoneQuery,
  options: TimezoneLookupOptions = {},
): Promise<string> {
  const parsed = parseProxyAddress(query.HTTPProxyAddress);
  if (!parsed) throw new AgentBridgeError('The proxy address must look like host:port');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEZONE_TIMEOUT_MS;
  const username = query.proxyLogin ?? parsed.username;
  const password = query.proxyPassword ?? parsed.password;
  const host = parsed.host.includes(':') && !parsed.host.startsWith('[') ? `[${parsed.host}]` : parsed.host;
  const shown = `${host}:${parsed.port}`;
  const agent = new ProxyAgent({
    uri: `${parsed.protocol}://${shown}`,
    ...(username !== null || password !== null
      ? { token: `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}` }
      : {}),
    connectTimeout: timeoutMs,
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(options.lookupUrl ?? DEFAULT_TIMEZONE_LOOKUP_URL, {
      dispatcher: agent,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: { accept: 'application/json' },
    });
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new AgentBridgeError(`The timezone lookup answered ${res.statusCode}`);
    }
    const body = (await res.body.json().catch(() => null)) as unknown;
    return timezoneFromAnswer(body);
  } catch (error) {
    if (error instanceof AgentBridgeError) throw error;
    throw new AgentBridgeError(describe(error, shown, timeoutMs, signal.aborted));
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}
