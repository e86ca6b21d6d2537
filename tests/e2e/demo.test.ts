import { contract, type EndpointSpec } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount } from './support/app.ts';
import { type E2EBrowser, openPage, seriousAxeViolations, signIn, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

interface SeenRequest {
  /** `GET /api/collections`, or `NAVIGATE /board` for a page load. */
  call: string;
  /** The authorization header it carried, or null. */
  authorization: string | null;
}

/**
 * Every request of the page that reaches the server's data: /api/* but the session client's
 * /api/auth/*, with the token it carries; and the page loads between them.
 */
function recordServerRequests(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(app.url).origin) return;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      seen.push({ call: `NAVIGATE ${url.pathname}`, authorization: null });
      return;
    }
    if (url.pathname.startsWith('/api/auth/')) return;
    if (url.pathname.startsWith('/api/')) {
      seen.push({
        call: `${request.method()} ${url.pathname}`,
        authorization: request.headers().authorization ?? null,
      });
    }
  });
  return seen;
}

/** How recordServerRequests names a call of the endpoint. */
const callOf = (endpoint: EndpointSpec) => `${endpoint.method} ${endpoint.path}`;
const DEMO_SESSION_CALL = callOf(contract.demo.session);

/** The API calls made after the `n`-th page load recorded (what that page and the next ones sent). */
function afterLoad(requests: SeenRequest[], n: number): SeenRequest[] {
  let loads = 0;
  return requests.filter((r) => {
    if (r.call.startsWith('NAVIGATE ')) loads += 1;
    return loads >= n && !r.call.startsWith('NAVIGATE ');
  });
}

/**
 * Demo mode works on the server as the visitor's demo user: the page asks for the demo session
 * (with no token), then every call carries the demo user's token, one and the same, never the
 * signed-in user's. Returns that token.
 */
function expectOnlyDemoToken(requests: SeenRequest[], userToken: string | null): string {
  const asked = requests.filter((r) => r.call === DEMO_SESSION_CALL);
  expect(asked.length).toBeGreaterThanOrEqual(1);
  expect(asked.every((r) => r.authorization === null)).toBe(true);
  const calls = requests.filter((r) => r.call !== DEMO_SESSION_CALL);
  expect(calls.length).toBeGreaterThan(0);
  const tokens = new Set(calls.map((r) => r.authorization));
  expect(tokens.size).toBe(1);
  const [token] = [...tokens];
  expect(token).toMatch(/^demo_/);
  expect(token).not.toBe(userToken);
  return token as string;
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
  const call = callAs(app, account);
  const board = await call(contract.conversations.list);
  expect('totalCount' in board && board.totalCount).toBe(0);
  expect(await call(contract.collections.list)).toEqual([]);
  expect((await call(contract.profiles.list)).total).toBe(0);
}

describe('demo mode', () => {
  it('a signed-in user tries the demo: sample data everywhere, changes stay in the demo, and leaving shows the real data', async () => {
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

    // The move is still there (the visitor's demo organisation keeps it).
    await goTo(page, 'Funnel board');
    await waitForCount(page, 'replied', 10);

    // Every call went as the demo user; the real account has nothing of it.
    const demoToken = expectOnlyDemoToken(afterLoad(requests, 1), account.user.accessToken);
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
    // Out of the demo the calls carry the user's own token again.
    const left = afterLoad(requests, 2);
    const collectionsCalls = left.filter((r) => r.call === callOf(contract.collections.list));
    expect(collectionsCalls.length).toBeGreaterThan(0);
    expect(collectionsCalls.every((r) => r.authorization === account.user.accessToken)).toBe(true);
    expect(left.some((r) => r.authorization === demoToken || r.call === DEMO_SESSION_CALL)).toBe(false);
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
    expectOnlyDemoToken(afterLoad(requests, 1), null);

    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.evaluate(() => (window as DemoWindow).reachlyDemo?.(false)),
    ]);
    await page.waitForFunction(() => window.location.pathname === '/signin');
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
