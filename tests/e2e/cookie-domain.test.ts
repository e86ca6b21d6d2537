import { COOKIE_KEYS } from '@reachly/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EApp, startE2EApp } from './support/app.ts';
import { type E2EBrowser, launchBrowser, openPage } from './support/browser.ts';

/**
 * The page keeps its cookies on the registrable domain, as Chromium's own Public Suffix List
 * allows it: `reachly.co.uk` for a host under co.uk (never `co.uk`, which Chromium refuses), and
 * `reachly.com` for a host under .com. Both names resolve to the e2e server on 127.0.0.1.
 */

const HOSTS = ['app.reachly.co.uk', 'app.reachly.com'];
let app: E2EApp;
let chromium: E2EBrowser;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startE2EApp(), launchBrowser({ hosts: HOSTS })]);
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});

describe('cookie domain', () => {
  it.each([
    ['app.reachly.co.uk', '.reachly.co.uk'],
    ['app.reachly.com', '.reachly.com'],
  ])('keeps the first-visit cookie of %s on %s', async (host, domain) => {
    const page = await openPage(chromium.browser);
    try {
      const url = `http://${host}:${app.port}/signin`;
      await page.goto(url, { waitUntil: 'networkidle0' });
      const cdp = await page.createCDPSession();
      const { cookies } = (await cdp.send('Network.getCookies', { urls: [url] })) as {
        cookies: { name: string; domain: string }[];
      };
      expect(cookies.find((c) => c.name === COOKIE_KEYS.firstVisitId)?.domain).toBe(domain);
      expect(cookies.map((c) => c.name)).not.toContain('reachlyCookieDomainProbe');
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
