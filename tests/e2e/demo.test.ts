import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, apiAs, type E2EApp, registerAccount } from './support/app.ts';
import { type E2EBrowser, openPage, seriousAxeViolations, signIn, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

/**
 * Every request of the page that reaches the server's data: /api/* but the session client's
 * /api/auth/*, and the socket. Demo mode must send none.
 */
function recordServerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(app.url).origin) return;
    if (url.pathname.startsWith('/api/auth/')) return;
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) {
      seen.push(`${request.method()} ${url.pathname}`);
    }
  });
  return seen;
}

/** The global demo toggle the page registers at start-up (spec §2). */
type DemoWindow = Window & { reachlyDemo?: (on?: boolean) => boolean };

const column = (status: string) => `[data-testid=column-${status}]`;

async function columnCount(page: Page, status: string): Promise<string> {
  return page.$eval(`${column(status)} [data-testid=column-count]`, (e) => (e.textContent ?? '').trim());
}

async function waitForCount(page: Page, status: string, count: number): Promise<void> {
  await page.waitForFunction(
    (selector, expected) => document.querySelector(selector)?.textContent?.trim() === String(expected),
    {},
    `${column(status)} [data-testid=column-count]`,
    count,
  );
}

/** Presses a key once the page has painted what the previous key did. */
async function press(page: Page, key: 'Space' | 'ArrowRight'): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.keyboard.press(key);
}

async function goTo(page: Page, link: string): Promise<void> {
  await page.locator(`nav ::-p-text(${link})`).click();
}

/** The account's real data, read past the page: still empty. */
async function expectRealDataEmpty(account: Account): Promise<void> {
  const conversations = await apiAs<{ totalCount: number }>(app, account, 'GET', '/api/conversations');
  expect(conversations.body.totalCount).toBe(0);
  const collections = await apiAs<unknown[]>(app, account, 'GET', '/api/collections');
  expect(collections.body).toEqual([]);
  const profiles = await apiAs<{ total: number }>(app, account, 'GET', '/api/profiles');
  expect(profiles.body.total).toBe(0);
}

describe('demo mode', () => {
  it('a signed-in user tries the demo: sample data everywhere, changes stay in the page, and leaving shows the real data', async () => {
    const account = await registerAccount(app);
    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    await waitForText(page, 'No conversations yet');

    const requests = recordServerRequests(page);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.locator('::-p-text(Try demo)').click(),
    ]);
    await page.waitForSelector('[data-testid=demo-banner]');
    expect(await page.evaluate(() => localStorage.getItem('isDemo'))).toBe('true');

    // The board: the sample conversations in all ten columns (12 SENT, 9 REPLIED...).
    await waitForCount(page, 'sent', 12);
    expect(await columnCount(page, 'replied')).toBe('9');
    expect(await columnCount(page, 'unqualified')).toBe('3');
    expect(await page.$$eval('[data-testid=board-card]', (cards) => cards.length)).toBeGreaterThanOrEqual(50);
    await waitForText(page, 'demo@reachly.example');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A change in the demo: move the first SENT card to REPLIED with the keyboard.
    const first = await page.waitForSelector(`${column('sent')} [data-testid=board-card]`);
    await first?.focus();
    await press(page, 'Space');
    await press(page, 'ArrowRight');
    await press(page, 'Space');
    await waitForCount(page, 'replied', 10);
    expect(await columnCount(page, 'sent')).toBe('11');

    await goTo(page, 'Collections');
    await waitForText(page, 'Austin realtors');
    await waitForText(page, 'SaaS founders');
    await waitForText(page, 'Wedding photographers');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await goTo(page, 'Profiles');
    await waitForText(page, 'Emma Carter');
    await waitForText(page, 'Noah Fischer');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The move is still there inside the page (the demo keeps changes in memory).
    await goTo(page, 'Funnel board');
    await waitForCount(page, 'replied', 10);

    expect(requests).toEqual([]);
    await expectRealDataEmpty(account);

    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.locator('[data-testid=demo-banner] ::-p-text(Leave demo)').click(),
    ]);
    expect(await page.evaluate(() => localStorage.getItem('isDemo'))).toBeNull();
    await waitForText(page, 'No conversations yet');
    expect(await page.$('[data-testid=demo-banner]')).toBeNull();
    await waitForText(page, account.email);
    await goTo(page, 'Collections');
    await waitForText(page, 'No collections yet');
    expect(requests.some((r) => r === 'GET /api/collections')).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('a visitor without a session turns the demo on with the global toggle and sees the sample board', async () => {
    const context = await chromium.browser.createBrowserContext();
    const page = await openPage(context as unknown as typeof chromium.browser);
    const requests = recordServerRequests(page);
    await page.goto(`${app.url}/signin`, { waitUntil: 'networkidle0' });
    requests.length = 0;
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.evaluate(() => (window as DemoWindow).reachlyDemo?.(true)),
    ]);
    await page.goto(`${app.url}/board`, { waitUntil: 'networkidle0' });
    expect(new URL(page.url()).pathname).toBe('/board');
    await page.waitForSelector('[data-testid=demo-banner]');
    await waitForCount(page, 'sent', 12);
    expect(requests).toEqual([]);

    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.evaluate(() => (window as DemoWindow).reachlyDemo?.(false)),
    ]);
    await page.waitForFunction(() => window.location.pathname === '/signin');
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
