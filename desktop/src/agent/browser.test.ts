import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumArgs,
  extensionIdFromKey,
  launchProfileBrowser,
  proxyBypassList,
  toCdpCookie,
} from './browser.ts';
import { startForwardingProxy } from './forwarding-proxy.ts';
import { type AuthProxy, type LocalServer, startAuthProxy, startLocalServer } from './test-support.ts';

/**
 * The profile browser's command line, and one real Chromium going out through its forwarding
 * proxy and an upstream that requires credentials: a site on 127.0.0.1 goes through the proxy,
 * the server goes direct, imported cookies reach the site.
 */

/** extension/wxt.config.ts's manifest key and the id the e2e support expects for it. */
const MANIFEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAlnbA0lUMU/UtaUyz5BD4wSFN/1NSiTZje1ITnUXaAzzjakFzfdY9FcsLZ3Zc4HJub70y1chPVbmgXDa5iln9D408SxtVJDTiK4RvU77aNY6xMEe2IYFB5K13voJ2pPsQlWomKNDKe5JbPtBhLukVVJtlMCbNzURlptoxYEuacdpKp8DGv1NFaWfrcpEZvsd4HqYT674YK7zkpdSc1YS7bQUmAWRMEswMhfWvB1rgbmSFiz7CrDlKz5mcjhPg7yIBc0Z9fd0RpzBWG25tjwtozEomik20I65qdEBbfOV6hyuHcDWfa0g/BDlPlAioYh4QJb+Y+A/2DqKgP1O3KpwYawIDAQAB';

describe('command line', () => {
  it('proxies loopback too, except the server and the agent', () => {
    expect(
      proxyBypassList(['http://localhost:3000', 'http://127.0.0.1:4567/', 'https://app.reachly.example']),
    ).toBe(
      '<-loopback>;localhost:3000;127.0.0.1:3000;[::1]:3000;localhost:4567;127.0.0.1:4567;[::1]:4567;app.reachly.example:443',
    );
  });

  it('loads the extension by flags and keeps the sandbox unless running as root', () => {
    const args = chromiumArgs(
      { headless: false, extensionDir: '/ext' },
      { proxyUrl: 'http://127.0.0.1:5000', directUrls: ['http://localhost:3000'] },
      false,
    );
    expect(args).toContain('--proxy-server=http://127.0.0.1:5000');
    expect(args).toContain('--proxy-bypass-list=<-loopback>;localhost:3000;127.0.0.1:3000;[::1]:3000');
    expect(args).toContain('--load-extension=/ext');
    expect(args).toContain('--disable-extensions-except=/ext');
    expect(args).toContain('--disable-blink-features=AutomationControlled');
    expect(args).not.toContain('--no-sandbox');
    expect(args).not.toContain('--disable-gpu');
    const headlessRoot = chromiumArgs(
      { headless: true, extensionDir: null },
      { proxyUrl: null, directUrls: [] },
      true,
    );
    expect(headlessRoot).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-gpu', '--disable-quic']));
    expect(headlessRoot.some((a) => a.startsWith('--proxy-server') || a.startsWith('--load-extension'))).toBe(
      false,
    );
  });

  it("keeps the browser's own background services off the metered proxy, in one --disable-features flag", () => {
    const args = chromiumArgs(
      { headless: true, extensionDir: '/ext' },
      { proxyUrl: 'http://127.0.0.1:5000', directUrls: [] },
      true,
    );
    expect(args).toEqual(
      expect.arrayContaining([
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-domain-reliability',
        '--no-pings',
        '--safebrowsing-disable-auto-update',
      ]),
    );
    const features = args.filter((a) => a.startsWith('--disable-features='));
    expect(features).toHaveLength(1);
    expect(features[0]?.split('=')[1]?.split(',')).toEqual(
      expect.arrayContaining([
        'DisableLoadExtensionCommandLineSwitch',
        'OptimizationHints',
        'MediaRouter',
        'Translate',
      ]),
    );
  });

  it('finds the extension id from the manifest key', () => {
    expect(extensionIdFromKey(MANIFEST_KEY)).toBe('hmlgepnnehfjcfcphohnnhbgjfeelgnj');
  });

  it('turns exported cookies into CDP cookies', () => {
    expect(
      toCdpCookie({
        name: 'sid',
        value: 'v',
        domain: '.example.com',
        path: '/',
        expirationDate: 2000000000,
        httpOnly: true,
        secure: true,
        sameSite: 'no_restriction',
      }),
    ).toEqual({
      name: 'sid',
      value: 'v',
      domain: '.example.com',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'None',
      expires: 2000000000,
    });
    const session = toCdpCookie(
      { name: 'a', value: '', domain: 'x.test', path: '/', httpOnly: false, secure: false, sameSite: 'None' },
      1_700_000_000_000,
    );
    expect(session).not.toHaveProperty('sameSite');
    // A session cookie is kept, as long as Chromium keeps any (400 days).
    expect(session.expires).toBe(1_700_000_000 + 400 * 24 * 3600);
  });
});

describe('a profile browser', () => {
  let site: LocalServer;
  let server: LocalServer;
  let upstream: AuthProxy;
  let home: string;
  const cookiesSeen: string[] = [];
  const serverHits: string[] = [];

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'reachly-agent-browser-'));
    site = await startLocalServer((req, res) => {
      cookiesSeen.push(req.headers.cookie ?? '');
      res.setHeader('content-type', 'text/html');
      res.end('<title>network</title><p>the network</p>');
    });
    server = await startLocalServer((req, res) => {
      serverHits.push(req.url ?? '');
      res.end('server');
    });
    upstream = await startAuthProxy('dave', 'pw');
  });
  afterAll(async () => {
    await upstream?.close();
    await site?.close();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('goes out through its proxy (loopback included), reaches the server directly, carries imported cookies', async () => {
    const proxy = await startForwardingProxy({ address: upstream.address, login: 'dave', password: 'pw' });
    const browser = await launchProfileBrowser(
      { chromiumPath: '/usr/bin/chromium', headless: true, extensionDir: null },
      { userDataDir: path.join(home, 'user-data'), proxyUrl: proxy.url, directUrls: [server.url] },
    );
    try {
      expect(
        await browser.importCookies([
          { name: 'sn_session', value: 'abc', domain: '127.0.0.1', path: '/', httpOnly: true, secure: false },
        ]),
      ).toBe(1);
      const page = await browser.browser.newPage();
      await page.goto(`${site.url}/feed`);
      expect(await page.title()).toBe('network');
      expect(await page.evaluate('navigator.webdriver')).toBe(false);
      await page.goto(`${server.url}/api/ping`);

      expect(upstream.log).toContain(`127.0.0.1:${site.port}`);
      expect(upstream.log).not.toContain(`127.0.0.1:${server.port}`);
      expect(serverHits).toContain('/api/ping');
      expect(cookiesSeen).toContain('sn_session=abc');
      expect(proxy.takeBytes()).toBeGreaterThan(0n);
    } finally {
      await browser.close();
      await proxy.close();
    }
    expect(await browser.exited).toEqual({ code: 0, signal: null });
  });
});
