import { describe, expect, it } from 'vitest';
import { type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  forgetSession,
  openPage,
  seriousAxeViolations,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

describe('sign-up and sign-in', () => {
  it('sends an anonymous visitor to sign-in with error=SessionRequired and the page as callbackUrl', async () => {
    const page = await openPage(chromium.browser);
    await page.goto(`${app.url}/profiles`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.location.pathname === '/signin');
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe(`${app.url}/profiles`);
    await waitForText(page, 'Please sign in to see that page.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('signs up through the form and lands on the board, signed in', async () => {
    const page = await openPage(chromium.browser);
    await page.goto(`${app.url}/signup`, { waitUntil: 'load' });
    // The form rendered (axe checks what is painted).
    await page.waitForSelector('button[type=submit]');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const email = `signup-${Date.now()}@example.com`;
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill('password-123');
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
    await page.waitForFunction(() => window.location.pathname === '/board');
    await page.waitForSelector('[data-testid=user-email]');
    await waitForText(page, email);
    // Signed in, the sign-in page sends them home rather than ask again.
    await page.goto(`${app.url}/signin`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.location.pathname === '/board');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('signs in, refuses a wrong password with a message, and signs out', async () => {
    const account = await registerAccount(app);
    const page = await openPage(chromium.browser);
    await forgetSession(page, app.url);
    await page.goto(`${app.url}/signin?callbackUrl=${encodeURIComponent(`${app.url}/collections`)}`, {
      waitUntil: 'load',
    });
    await page.locator('input[type=email]').fill(account.email);
    await page.locator('input[type=password]').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await waitForText(page, 'Wrong email or password.');

    await page.locator('input[type=password]').fill(account.password);
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
    await page.waitForFunction(() => window.location.pathname === '/collections');
    await waitForText(page, account.email);

    await Promise.all([page.waitForNavigation(), page.locator('::-p-text(Sign out)').click()]);
    await page.goto(`${app.url}/board`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.location.pathname === '/signin');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("points Auth.js's own pages at the dashboard's: sign-in, and the error page", async () => {
    const page = await openPage(chromium.browser);
    await forgetSession(page, app.url);
    // Answered with a redirect by the server: the page loaded is the dashboard's.
    await page.goto(`${app.url}/api/auth/signin`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.goto(`${app.url}/api/auth/error?error=Configuration`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/auth/error');
    await waitForText(page, 'Sign-in is not available right now.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
