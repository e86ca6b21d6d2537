import { type ClientInput, contract } from '@reachly/shared/contract';
import { formatTrafficGb } from '@reachly/shared/logic';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, callAs, callAsAdmin, type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  openPage,
  seriousAxeViolations,
  signIn,
  waitForDialogsGone,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const GB = 1_073_741_824;

/** The admin API as `npm run admin` calls it: loopback, with the server's admin token. */
const grantTraffic = (body: ClientInput<typeof contract.admin.grantTraffic>['body']) =>
  callAsAdmin(app)(contract.admin.grantTraffic, { body });
const grantLicence = (body: ClientInput<typeof contract.admin.grantLicence>['body']) =>
  callAsAdmin(app)(contract.admin.grantLicence, { body });

/** A licence date as a reader in this time zone sees it, e.g. "15 June 2031". */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

const summaryText = (page: Page) =>
  page.$eval('[data-testid=account-summary]', (el) => (el as HTMLElement).innerText);

async function waitForSummary(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) =>
      (document.querySelector('[data-testid=account-summary]') as HTMLElement | null)?.innerText.includes(t),
    {},
    text,
  );
}

const openDialogs = (page: Page) =>
  page.$$eval('[role=dialog], [role=alertdialog]', (els) =>
    els.map((el) => (el as HTMLElement).getAttribute('data-testid')),
  );

/** Signs in and opens the licence page with the realtime socket connected. */
async function openLicensePage(account: Account) {
  const page = await openPage(chromium.browser);
  await signIn(page, app, account);
  await page.goto(`${app.url}/license`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid=connection-state][data-state=open]');
  await page.waitForSelector('[data-testid=account-summary]');
  // Marks this document: if the page reloaded, the mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  return page;
}

/** Closes a popup with its Close button and waits until it and its backdrop are gone. */
async function closePopup(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid=popup-${id}] ::-p-text(Close)`).click();
  await waitForNoPopup(page, id);
}

async function waitForNoPopup(page: Page, id: string): Promise<void> {
  await page.waitForSelector(`[data-testid=popup-${id}]`, { hidden: true });
  await waitForDialogsGone(page);
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe('licence and traffic', () => {
  it('shows plan, trial and validity and the remaining traffic in GB in the header; all popups closed', async () => {
    const account = await registerAccount(app);
    const traffic = await callAs(app, account)(contract.user.traffic);
    const page = await openLicensePage(account);

    const licenseTill = account.user.license.licenseTill;
    expect(licenseTill).not.toBeNull();
    const summary = await summaryText(page);
    expect(summary).toContain('Plan: trial');
    expect(summary).toContain('Trial');
    expect(summary).toContain(`valid till ${longDate(licenseTill as string)}`);
    const remaining = formatTrafficGb(traffic.remainingTraffic);
    expect(remaining).toMatch(/^\d+\.\d{2} GB$/);
    expect(summary).toContain(`Traffic left: ${remaining}`);
    expect(await openDialogs(page)).toEqual([]);

    // The licence page: details, traffic, and the payment texts each labelled.
    await waitForText(page, 'Licence and traffic');
    const body = await page.$eval('main', (el) => (el as HTMLElement).innerText);
    expect(body).toMatch(/Plan\s+trial/);
    expect(body).toMatch(/Trial\s+Yes/);
    expect(body).toMatch(/Status\s+Valid/);
    expect(body).toContain(longDate(licenseTill as string));
    expect(body).toMatch(new RegExp(`Limit\\s+${formatTrafficGb(traffic.trafficLimit)}`));
    expect(body).toMatch(new RegExp(`Used\\s+${formatTrafficGb(traffic.usedTraffic)}`));
    expect(body).toMatch(new RegExp(`Remaining\\s+${remaining}`));
    expect(body).toMatch(new RegExp(`Zelle\\s+${app.config.PAYMENT_ZELLE_TEXT}`));
    expect(body).toMatch(new RegExp(`Card number\\s+${app.config.PAYMENT_CARD_TEXT}`));
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows admin grants of traffic and licence live, without a reload', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    await grantTraffic({ email: account.email, bytes: String(3 * GB + GB / 2), mode: 'set' });
    await waitForSummary(page, 'Traffic left: 3.50 GB');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=traffic-card-remaining]')?.textContent === '3.50 GB',
    );

    await grantLicence({
      email: account.email,
      plan: 'pro',
      licenseTill: '2031-06-15T12:00:00.000Z',
      isTrial: false,
    });
    await waitForSummary(page, 'Plan: pro');
    const summary = await summaryText(page);
    expect(summary).toContain(`valid till ${longDate('2031-06-15T12:00:00.000Z')}`);
    expect(summary).not.toContain('Trial');
    expect(await notReloaded(page)).toBe(true);
    expect(await openDialogs(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens TRAFFIC_ENDED_POPUP once when the traffic is set to 0, and offers buying traffic', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    await grantTraffic({ email: account.email, bytes: '0', mode: 'set' });
    await page.waitForSelector('[data-testid=popup-TRAFFIC_ENDED_POPUP]');
    await waitForText(page, 'Your proxy traffic has run out');
    await waitForSummary(page, 'Traffic left: 0.00 GB');
    expect(await notReloaded(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // "Buy traffic" in the popup swaps it for BUY_TRAFFIC_POPUP.
    await page.locator('[data-testid=popup-TRAFFIC_ENDED_POPUP] ::-p-text(Buy traffic)').click();
    await page.waitForSelector('[data-testid=popup-TRAFFIC_ENDED_POPUP]', { hidden: true });
    await page.waitForSelector('[data-testid=popup-BUY_TRAFFIC_POPUP]');
    const popup = await page.$eval(
      '[data-testid=popup-BUY_TRAFFIC_POPUP]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(popup).toContain('Buy proxy traffic');
    expect(popup).toContain('Remaining traffic: 0.00 GB');
    expect(popup).toContain(app.config.PAYMENT_ZELLE_TEXT);
    await closePopup(page, 'BUY_TRAFFIC_POPUP');

    // Still exhausted: another push does not open it again (pushes arrive in order, so once the
    // next grant shows, the first push was handled).
    await grantTraffic({ email: account.email, bytes: '0', mode: 'add' });
    await grantTraffic({ email: account.email, bytes: String(GB), mode: 'add' });
    await waitForSummary(page, 'Traffic left: 1.00 GB');
    expect(await openDialogs(page)).toEqual([]);
    // Traffic ran out anew: it opens again.
    await grantTraffic({ email: account.email, bytes: '0', mode: 'set' });
    await page.waitForSelector('[data-testid=popup-TRAFFIC_ENDED_POPUP]');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens BUY_LICENSE_POPUP and BUY_TRAFFIC_POPUP from the licence page with the payment texts', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    await page.locator('[data-testid=license-card] ::-p-text(Buy a licence)').click();
    await page.waitForSelector('[data-testid=popup-BUY_LICENSE_POPUP]');
    const popup = await page.$eval(
      '[data-testid=popup-BUY_LICENSE_POPUP]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(popup).toContain('Buy a licence');
    expect(popup).toMatch(new RegExp(`Zelle\\s+${app.config.PAYMENT_ZELLE_TEXT}`));
    expect(popup).toMatch(new RegExp(`Card number\\s+${app.config.PAYMENT_CARD_TEXT}`));
    expect(popup).toContain('Send the payment reference to support; an admin grants it.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await closePopup(page, 'BUY_LICENSE_POPUP');

    await page.locator('[data-testid=traffic-card] ::-p-text(Buy traffic)').click();
    await page.waitForSelector('[data-testid=popup-BUY_TRAFFIC_POPUP]');
    expect(await openDialogs(page)).toEqual(['popup-BUY_TRAFFIC_POPUP']);
    await page.keyboard.press('Escape');
    await waitForNoPopup(page, 'BUY_TRAFFIC_POPUP');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows an expired licence in the header and a banner that opens BUY_LICENSE_POPUP', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    await grantLicence({ email: account.email, plan: 'pro', licenseTill: '2020-01-01T00:00:00.000Z' });
    await waitForSummary(page, 'expired');
    await page.waitForSelector('[data-testid=license-expired-banner]');
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toMatch(/Status\s+Expired/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator('[data-testid=license-expired-banner] ::-p-text(Renew the licence)').click();
    await page.waitForSelector('[data-testid=popup-BUY_LICENSE_POPUP]');
    await closePopup(page, 'BUY_LICENSE_POPUP');

    await page.locator('[data-testid=account-summary] ::-p-text(Renew licence)').click();
    await page.waitForSelector('[data-testid=popup-BUY_LICENSE_POPUP]');
    expect(await notReloaded(page)).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens PROFILE_START_ERROR_POPUP with the reason when a profile fails to launch', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    app.running.ctx.realtime.emit(account.user.organizationId, 'campaign-notice', {
      campaignId: 1,
      profileId: 2,
      level: 'danger',
      type: 'LAUNCH_FAILED',
      message: 'The proxy refused the connection.',
      createdAt: new Date().toISOString(),
    });
    await page.waitForSelector('[data-testid=popup-PROFILE_START_ERROR_POPUP]');
    const popup = await page.$eval(
      '[data-testid=popup-PROFILE_START_ERROR_POPUP]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(popup).toContain('A profile could not start');
    expect(popup).toContain('The proxy refused the connection.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('[data-testid=popup-PROFILE_START_ERROR_POPUP] ::-p-text(Open profiles)').click();
    await page.waitForFunction(() => window.location.pathname === '/profiles');
    await page.waitForSelector('[data-testid=popup-PROFILE_START_ERROR_POPUP]', { hidden: true });
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
