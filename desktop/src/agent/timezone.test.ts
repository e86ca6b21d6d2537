import { PROXY_TIMEZONE_WAIT_MS } from '@reachly/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentBridgeError } from './api.ts';
import { type AuthProxy, type LocalServer, startAuthProxy, startLocalServer } from './test-support.ts';
import { DEFAULT_TIMEZONE_TIMEOUT_MS, lookupProxyTimezone, timezoneFromAnswer } from './timezone.ts';

/**
 * get-proxy-timezone: the IP lookup goes through the proxy itself (a local proxy that requires
 * credentials) to a local fake lookup service answering as ip-api.com does.
 */

let lookup: LocalServer;
let proxy: AuthProxy;
const hanging = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  lookup = await startLocalServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/json'))
      res.end(JSON.stringify({ status: 'success', timezone: 'europe/berlin' }));
    else if (req.url?.startsWith('/fail'))
      res.end(JSON.stringify({ status: 'fail', message: 'reserved range' }));
    else if (req.url?.startsWith('/odd'))
      res.end(JSON.stringify({ status: 'success', timezone: 'Mars/Olympus' }));
    else hanging.add(res); // /slow never answers
  });
  proxy = await startAuthProxy('bob', 'pw');
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await proxy?.close();
  await lookup?.close();
});

describe('proxy timezone lookup', () => {
  it('asks the lookup service through the proxy, with its credentials', async () => {
    const timezone = await lookupProxyTimezone(
      { HTTPProxyAddress: proxy.address, proxyLogin: 'bob', proxyPassword: 'pw' },
      { lookupUrl: `${lookup.url}/json?fields=status,timezone` },
    );
    expect(timezone).toBe('Europe/Berlin');
    expect(proxy.log).toContain(`127.0.0.1:${lookup.port}`);
  });

  it('takes the credentials written into the address', async () => {
    await expect(
      lookupProxyTimezone(
        { HTTPProxyAddress: `http://bob:pw@${proxy.address}`, proxyLogin: null, proxyPassword: null },
        { lookupUrl: `${lookup.url}/json` },
      ),
    ).resolves.toBe('Europe/Berlin');
  });

  it('refuses clearly when the proxy refuses the credentials', async () => {
    const refused = proxy.refused;
    const attempt = lookupProxyTimezone(
      { HTTPProxyAddress: proxy.address, proxyLogin: 'bob', proxyPassword: 'nope' },
      { lookupUrl: `${lookup.url}/json` },
    );
    await expect(attempt).rejects.toBeInstanceOf(AgentBridgeError);
    await expect(attempt).rejects.toThrow(`The proxy ${proxy.address} refused its login and password`);
    expect(proxy.refused).toBe(refused + 1);
  });

  it('refuses when nothing answers at the proxy address', async () => {
    const closed = await startLocalServer(() => {});
    const address = `127.0.0.1:${closed.port}`;
    await closed.close();
    await expect(
      lookupProxyTimezone(
        { HTTPProxyAddress: address, proxyLogin: null, proxyPassword: null },
        { lookupUrl: `${lookup.url}/json` },
      ),
    ).rejects.toThrow(`Nothing answers at the proxy address ${address}`);
  });

  it('gives up before the page stops waiting', async () => {
    expect(DEFAULT_TIMEZONE_TIMEOUT_MS).toBeLessThanOrEqual(PROXY_TIMEZONE_WAIT_MS - 2_000);
    await expect(
      lookupProxyTimezone(
        { HTTPProxyAddress: proxy.address, proxyLogin: 'bob', proxyPassword: 'pw' },
        { lookupUrl: `${lookup.url}/slow`, timeoutMs: 500 },
      ),
    ).rejects.toThrow(`The proxy ${proxy.address} did not answer the timezone lookup within 1 s`);
  });

  it('refuses a failed lookup or an unknown zone', async () => {
    await expect(
      lookupProxyTimezone(
        { HTTPProxyAddress: proxy.address, proxyLogin: 'bob', proxyPassword: 'pw' },
        { lookupUrl: `${lookup.url}/fail` },
      ),
    ).rejects.toThrow('The timezone lookup failed: reserved range');
    expect(() => timezoneFromAnswer({ status: 'success', timezone: 'Mars/Olympus' })).toThrow(
      'did not answer a known timezone',
    );
    expect(() => timezoneFromAnswer(null)).toThrow(AgentBridgeError);
    expect(timezoneFromAnswer({ timezone: ' asia/tokyo ' })).toBe('Asia/Tokyo');
  });
});
