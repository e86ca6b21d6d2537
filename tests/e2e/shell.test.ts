import { contract } from '@reachly/shared/contract';
import type { HTTPRequest } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { callAsAdmin, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import {
  contrastRatio,
  type E2EBrowser,
  launchBrowser,
  openPage,
  signIn,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const SUMMARY = contract.public.summary.path;
const EMIT = contract.public.emit.path;

interface Recorded {
  path: string;
  body: Record<string, unknown> | null;
}

/** Records the page's analytics posts. */
function recordAnalytics(requests: Recorded[]) {
  return (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (url.pathname === SUMMARY || url.pathname === EMIT) {
      requests.push({ path: url.pathname, body: JSON.parse(request.postData() ?? 'null') });
    }
  };
}

describe('page shell start-up', () => {
  it('runs the start-up order of spec §4 on a first visit', async () => {
    const page = await openPage(chromium.browser);
    const posts: Recorded[] = [];
    page.on('request', recordAnalytics(posts));
    // Listen as the desktop app would, before the page's own scripts run.
    await page.evaluateOnNewDocument(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      for (const name of ['reachly-start-app', 'reachly-page-loaded', 'userData']) {
        window.addEventListener(name, () => seen.push(name));
      }
    });
    await page.goto(`${app.url}/download?affiliateToken=aff-1&organizationToken=org-9`, {
      waitUntil: 'networkidle0',
    });
    await page.waitForFunction(() => !document.getElementById('server-side-styles'));

    const cookies = Object.fromEntries((await page.cookies()).map((c) => [c.name, c]));
    expect(cookies.firstVisitId?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookies.affiliateToken?.value).toBe('aff-1');
    expect(cookies.organizationToken?.value).toBe('org-9');
    // The page asks for 1 Jan 2100 (unit-tested in cookies.test.ts); Chromium caps it at 400 days.
    const inAYear = Date.now() / 1000 + 365 * 24 * 3600;
    for (const name of ['firstVisitId', 'affiliateToken', 'organizationToken']) {
      expect(cookies[name]?.expires).toBeGreaterThan(inAYear);
      expect(cookies[name]?.path).toBe('/');
    }
    // No session: no token, so no start-app; page-loaded, then the user data.
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'reachly-page-loaded',
      'userData',
    ]);
    expect(await page.evaluate(() => typeof (window as { reachlyDemo?: unknown }).reachlyDemo)).toBe(
      'function',
    );

    await page.waitForFunction(() => true);
    expect(posts.find((p) => p.path === SUMMARY)?.body).toEqual({ key: 'uniqueNewVisits' });
    const types = posts.filter((p) => p.path === EMIT).map((p) => p.body?.type);
    expect(types[0]).toBe('noGuestId');
    expect(types).toEqual(expect.arrayContaining(['firstVisitClient', 'clientLoaded']));

    // A second visit within 24 hours counts no visit and is not a first visit.
    posts.length = 0;
    await page.reload({ waitUntil: 'networkidle0' });
    expect(posts.filter((p) => p.path === SUMMARY)).toEqual([]);
    const again = posts.filter((p) => p.path === EMIT).map((p) => p.body?.type);
    expect(again).toEqual(['clientLoaded']);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('fires start-app with the access token once signed in, and shows the live connection', async () => {
    const account = await registerAccount(app);
    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    await page.evaluateOnNewDocument(() => {
      window.addEventListener('reachly-start-app', (e) => {
        (window as unknown as { startApp: unknown }).startApp = (e as CustomEvent).detail;
      });
    });
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await page.evaluate(() => (window as unknown as { startApp: unknown }).startApp)).toMatchObject({
      accessToken: account.user.accessToken,
    });
    await page.waitForSelector('[data-testid=connection-state][data-state=open]');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('inside the desktop app and in standalone mode: marks the browser and emits their events', async () => {
    const account = await registerAccount(app);
    const desktop = await launchBrowser({
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 Reachly/1.4.0',
    });
    try {
      const page = await openPage(desktop.browser);
      await signIn(page, app, account);
      const posts: Recorded[] = [];
      page.on('request', recordAnalytics(posts));
      await page.goto(`${app.url}/board?is-standalone-app=true`, { waitUntil: 'networkidle0' });
      const types = posts.filter((p) => p.path === EMIT).map((p) => p.body?.type);
      expect(types).toEqual(
        expect.arrayContaining(['loadedAuthorizedDesktopApp', 'standaloneAppStarted', 'clientLoaded']),
      );
      const cookies = Object.fromEntries((await page.cookies()).map((c) => [c.name, c.value]));
      expect(cookies.isReachlyBrowser).toBe('true');
      expect(page.errors).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('shows when the live connection is down, and reconnects on its own', async () => {
    const own = await startE2EApp();
    const account = await registerAccount(own);
    const page = await openPage(chromium.browser);
    try {
      await signIn(page, own, account);
      await page.waitForSelector('[data-testid=connection-state][data-state=open]');
      // Drop every connection at the transport, as a network cut or a server restart does: the
      // page says it is reconnecting, then is live again.
      for (const socket of own.running.ctx.realtime.io.of('/').sockets.values()) socket.conn.close();
      // Read in one step while it is not live: the badge's text and colours (it is seen by every user
      // on a slow connection, and was white on orange at 3.6:1).
      const reconnecting = await page.waitForFunction(() => {
        const badge = document.querySelector('[data-testid=connection-state]:not([data-state=open])');
        if (!badge) return false;
        const style = getComputedStyle(badge);
        return { text: badge.textContent, color: style.color, background: style.backgroundColor };
      });
      const badge = (await reconnecting.jsonValue()) as { text: string; color: string; background: string };
      expect(badge.text).toBe('Reconnecting…');
      expect(contrastRatio(badge.color, badge.background)).toBeGreaterThanOrEqual(4.5);
      await page.waitForSelector('[data-testid=connection-state][data-state=open]', { timeout: 20_000 });
      // The server closing the sockets itself (socket.io does not retry that alone): back again too.
      own.running.ctx.realtime.io.disconnectSockets(true);
      await page.waitForSelector('[data-testid=connection-state]:not([data-state=open])');
      await page.waitForSelector('[data-testid=connection-state][data-state=open]', { timeout: 20_000 });
    } finally {
      await page.close();
      await own.close();
    }
  });

  it('gives a banned user a blank page', async () => {
    const account = await registerAccount(app);
    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    await waitForText(page, account.email);
    await callAsAdmin(app)(contract.admin.ban, { body: { email: account.email, banned: true } });
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=banned-blank-page]');
    expect(await page.evaluate(() => document.body.innerText.trim())).toBe('');
    await page.close();
  });
});
