import http from 'node:http';
import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForwardingProxy, upstreamProxyUrl } from './forwarding-proxy.ts';
import {
  type AuthProxy,
  type LocalServer,
  readText,
  startAuthProxy,
  startLocalServer,
} from './test-support.ts';

/**
 * The forwarding proxy in front of a real upstream proxy that requires credentials, to a local
 * HTTP target: requests get through with the profile's credentials, are counted both ways, plain
 * and tunnelled (CONNECT), and wrong credentials fail at the upstream.
 */

const DOWNLOAD = 200_000;
const UPLOAD = 100_000;
let target: LocalServer;
let upstream: AuthProxy;

beforeAll(async () => {
  target = await startLocalServer((req, res) => {
    void readText(req).then((body) => {
      res.setHeader('x-received', String(body.length));
      res.end(req.url === '/big' ? 'd'.repeat(DOWNLOAD) : 'ok');
    });
  });
  upstream = await startAuthProxy('alice', 's3cret:@/');
});
afterAll(async () => {
  await upstream?.close();
  await target?.close();
});

/** A plain proxied request (absolute-form URL), as Chromium sends http:// through a proxy. */
function viaProxy(
  proxyPort: number,
  path: string,
  body?: string,
): Promise<{ status: number; text: string; received: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        method: body ? 'POST' : 'GET',
        path: `${target.url}${path}`,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            received: res.headers['x-received'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('upstreamProxyUrl', () => {
  it('takes the credentials from the profile, or from the address, encoded', () => {
    expect(upstreamProxyUrl({ address: '10.0.0.1:8080', login: 'a b', password: 'p@ss' })).toBe(
      'http://a%20b:p%40ss@10.0.0.1:8080',
    );
    expect(upstreamProxyUrl({ address: 'https://u:p@proxy.example:443', login: null, password: null })).toBe(
      'https://u:p@proxy.example:443',
    );
    expect(upstreamProxyUrl({ address: 'proxy.example:3128', login: null, password: null })).toBe(
      'http://proxy.example:3128',
    );
    expect(() => upstreamProxyUrl({ address: 'not a proxy', login: null, password: null })).toThrow(
      /cannot be read/,
    );
  });
});

describe('forwarding proxy', () => {
  it('forwards through the authenticated upstream and counts the bytes both ways', async () => {
    const proxy = await startForwardingProxy({
      address: upstream.address,
      login: 'alice',
      password: 's3cret:@/',
    });
    try {
      const down = await viaProxy(proxy.port, '/big');
      expect(down.status).toBe(200);
      expect(down.text).toHaveLength(DOWNLOAD);
      const up = await viaProxy(proxy.port, '/upload', 'u'.repeat(UPLOAD));
      expect(up.status).toBe(200);
      expect(up.received).toBe(String(UPLOAD));
      expect(upstream.log).toContain(`127.0.0.1:${target.port}`);

      const counted = proxy.takeBytes();
      // Both bodies, plus the request and response heads (a few hundred bytes each).
      expect(counted).toBeGreaterThanOrEqual(BigInt(DOWNLOAD + UPLOAD));
      expect(counted).toBeLessThan(BigInt(DOWNLOAD + UPLOAD + 4_000));
      expect(proxy.takeBytes()).toBe(0n);
      expect(proxy.totalBytes()).toBe(counted);
    } finally {
      await proxy.close();
    }
  });

  it('counts a CONNECT tunnel, while it is open and after it closed', async () => {
    const proxy = await startForwardingProxy({
      address: `http://alice:${encodeURIComponent('s3cret:@/')}@${upstream.address}`,
      login: null,
      password: null,
    });
    const tunnel = new ProxyAgent({ uri: proxy.url, proxyTunnel: true });
    try {
      const res = await request(`${target.url}/big`, { dispatcher: tunnel });
      expect(res.statusCode).toBe(200);
      expect((await res.body.text()).length).toBe(DOWNLOAD);
      // The tunnel is still open (keep-alive): counted from the open connection's stats.
      const whileOpen = proxy.takeBytes();
      expect(whileOpen).toBeGreaterThanOrEqual(BigInt(DOWNLOAD));
      const again = await request(`${target.url}/upload`, {
        dispatcher: tunnel,
        method: 'POST',
        body: 'x'.repeat(UPLOAD),
      });
      expect(again.statusCode).toBe(200);
      await again.body.text();
      await tunnel.close();
      await proxy.close();
      // Closed: the rest of the tunnel's bytes, and nothing counted twice.
      const afterClose = proxy.takeBytes();
      expect(afterClose).toBeGreaterThanOrEqual(BigInt(UPLOAD));
      expect(afterClose).toBeLessThan(BigInt(UPLOAD + 4_000));
      expect(proxy.totalBytes()).toBe(whileOpen + afterClose);
    } finally {
      await tunnel.destroy().catch(() => undefined);
      await proxy.close();
    }
  });

  it('fails with wrong credentials: the upstream refuses and nothing reaches the target', async () => {
    const before = upstream.log.length;
    const refusedBefore = upstream.refused;
    const proxy = await startForwardingProxy({
      address: upstream.address,
      login: 'alice',
      password: 'wrong',
    });
    try {
      const res = await viaProxy(proxy.port, '/big');
      expect(res.status).not.toBe(200);
      expect(res.text).not.toContain('ddd');
      expect(upstream.log.length).toBe(before);
      expect(upstream.refused).toBe(refusedBefore + 1);
    } finally {
      await proxy.close();
    }
  });
});
