import { spawn } from 'node:child_process';
import path from 'node:path';
import { type ClientInput, contract } from '@reachly/shared/contract';
import { formatTrafficGb } from '@reachly/shared/logic';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  callAs,
  callAsAdmin,
  type E2EApp,
  registerAccount,
  repoRoot,
  startE2EApp,
} from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  screenshotsIn,
  seriousAxeViolations,
  signIn,
  signInAt,
  waitForDialogsGone,
  waitForText,
} from './support/browser.ts';

/** What this server sells and where (its configuration): what the pages must show, and nothing else. */
const PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    price: '$29',
    period: 'month',
    description: 'One person, a few profiles.',
    features: ['3 profiles', '1 GB of proxy traffic a month'],
  },
  {
    id: 'team',
    name: 'Team',
    price: '$99',
    period: 'month',
    description: 'A team working one board.',
    features: ['15 profiles', 'Members and roles', '5 GB of proxy traffic a month'],
  },
];
const TRAFFIC_PACKAGES = [
  { id: 'traffic-5', name: '5 GB of traffic', price: '$15' },
  { id: 'traffic-20', name: '20 GB of traffic', price: '$45', description: 'For busy profiles.' },
];
const CHECKOUT_URL = 'https://pay.reachly.test/checkout?item={item}&email={email}&org={organization}';
const SUPPORT = 'help@reachly.test';

let app: E2EApp;
let chromium: E2EBrowser;
beforeAll(async () => {
  [app, chromium] = await Promise.all([
    startE2EApp({
      PLANS: JSON.stringify(PLANS),
      TRAFFIC_PACKAGES: JSON.stringify(TRAFFIC_PACKAGES),
      CHECKOUT_URL,
      SUPPORT_CONTACT: SUPPORT,
      PAYMENT_ZELLE_TEXT: 'Zelle: billing@reachly.test, your account email in the memo',
      PAYMENT_CARD_TEXT: 'Card: 4111 1111 1111 1111, Reachly Ltd',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});

const shoot = screenshotsIn('license', { fullPage: true });

/** `npm run admin -- <args>` against the e2e server (its address and admin token), as an operator runs it. */
function admin(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', ...args], {
    cwd: path.join(repoRoot, 'server'),
    env: { PATH: process.env.PATH ?? '', ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

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

/** Texts a page must never show: made-up payment details, filler, notes to the developers. */
const PLACEHOLDER =
  /0000 0000|payments@reachly\.example|lorem ipsum|placeholder|\bTODO\b|\bTBD\b|coming soon|\bXXX\b/i;

async function expectNoPlaceholder(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(PLACEHOLDER);
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
    await waitForText(page, 'Plans, licence and traffic');
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

  it('shows the grants of npm run admin (traffic, licence) live, without a reload', async () => {
    const account = await registerAccount(app);
    const page = await openLicensePage(account);

    // The operator's tool, as its usage says: npm run admin -- grant-traffic / grant-licence.
    const traffic = await admin('grant-traffic', account.email, '3.5GB', '--set');
    expect(traffic.code, traffic.out).toBe(0);
    await waitForSummary(page, 'Traffic left: 3.50 GB');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=traffic-card-remaining]')?.textContent === '3.50 GB',
    );

    const licence = await admin(
      'grant-licence',
      account.email,
      '--plan',
      'pro',
      '--till',
      '2031-06-15T12:00:00.000Z',
    );
    expect(licence.code, licence.out).toBe(0);
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

describe('plans, checkout and support (issue 19)', () => {
  it('shows the configured plans, prices and traffic packages, their checkout links, support in the menu and on an error page, and no placeholder text', async () => {
    const account = await registerAccount(app, 'plans');
    const page = await openPage(chromium.browser);
    await page.setViewport({ width: 1440, height: 900 });
    await signInAt(page, app, account, '/license');
    await page.waitForSelector('[data-testid=plans] [data-testid=offer-team]');
    await page.waitForSelector('[data-testid=traffic-packages]');
    const checkout = (item: string) =>
      CHECKOUT_URL.replace('{item}', item)
        .replace('{email}', encodeURIComponent(account.email))
        .replace('{organization}', String(account.user.organizationId));

    // Each plan and package as configured: name, price per period, what it includes, and "Buy"
    // leading to the checkout with the item and this buyer, in a new tab.
    const offers = await page.$$eval('[data-testid^=offer-]:not([data-testid=offer-price])', (cards) =>
      cards.map((card) => ({
        id: card.getAttribute('data-testid'),
        text: (card as HTMLElement).innerText,
        href: card.querySelector('a')?.getAttribute('href'),
        target: card.querySelector('a')?.getAttribute('target'),
      })),
    );
    expect(offers.map((o) => o.id)).toEqual([
      ...PLANS.map((p) => `offer-${p.id}`),
      ...TRAFFIC_PACKAGES.map((p) => `offer-${p.id}`),
    ]);
    for (const plan of PLANS) {
      const offer = offers.find((o) => o.id === `offer-${plan.id}`);
      expect(offer?.text).toContain(plan.name);
      expect(offer?.text).toContain(`${plan.price} / ${plan.period}`);
      for (const feature of plan.features) expect(offer?.text).toContain(feature);
      expect(offer?.text).toContain(`Buy ${plan.name}`);
      expect(offer?.href).toBe(checkout(plan.id));
      expect(offer?.target).toBe('_blank');
    }
    for (const pack of TRAFFIC_PACKAGES) {
      const offer = offers.find((o) => o.id === `offer-${pack.id}`);
      expect(offer?.text).toContain(pack.price);
      expect(offer?.href).toBe(checkout(pack.id));
    }
    // Support in the header's row (the menu of a desktop) and on the page, from the configuration.
    expect(await page.$eval('[data-testid=support-link]', (a) => a.getAttribute('href'))).toBe(
      `mailto:${SUPPORT}`,
    );
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain(`Support: ${SUPPORT}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoPlaceholder(page);
    await shoot(page, 'plans', 1440);

    // The buy popups list the same offers, each paid through the checkout, then the manual texts.
    await page.locator('[data-testid=license-card] ::-p-text(Buy a licence)').click();
    await page.waitForSelector('[data-testid=popup-BUY_LICENSE_POPUP] [data-testid=checkout-link-team]');
    const licencePopup = '[data-testid=popup-BUY_LICENSE_POPUP]';
    expect(
      await page.$eval(`${licencePopup} [data-testid=checkout-link-team]`, (a) => a.getAttribute('href')),
    ).toBe(checkout('team'));
    const popupText = await page.$eval(licencePopup, (el) => (el as HTMLElement).innerText);
    expect(popupText).toContain('Starter · $29 / month');
    expect(popupText).toContain(app.config.PAYMENT_ZELLE_TEXT as string);
    expect(popupText).toContain(`Support: ${SUPPORT}`);
    await expectNoPlaceholder(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'buy-licence-popup', 1440, false);
    await closePopup(page, 'BUY_LICENSE_POPUP');
    await page.locator('[data-testid=traffic-card] ::-p-text(Buy traffic)').click();
    const trafficLink = '[data-testid=popup-BUY_TRAFFIC_POPUP] [data-testid=checkout-link-traffic-20]';
    await page.waitForSelector(trafficLink);
    expect(await page.$eval(trafficLink, (a) => a.getAttribute('href'))).toBe(checkout('traffic-20'));
    await closePopup(page, 'BUY_TRAFFIC_POPUP');

    // A phone: the plans one under another, and support in the menu drawer.
    await page.setViewport({ width: 390, height: 844 });
    await shoot(page, 'plans', 390);
    await page.locator('[data-testid=nav-menu-button]').click();
    await page.waitForSelector('[data-testid=nav-drawer] [data-testid=support-contact]');
    const drawerSupport = await page.$eval(
      '[data-testid=nav-drawer] [data-testid=support-contact]',
      (el) => ({
        text: (el as HTMLElement).innerText,
        href: el.querySelector('a')?.getAttribute('href'),
      }),
    );
    expect(drawerSupport).toEqual({ text: `Support: ${SUPPORT}`, href: `mailto:${SUPPORT}` });
    await shoot(page, 'menu-support', 390, false);
    await page.keyboard.press('Escape');
    await waitForDialogsGone(page);

    // An error page: a list the server cannot answer says so, and how to reach support.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (new URL(request.url()).pathname === '/api/collections')
        void request.respond({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The database is not answering.' } }),
        });
      else void request.continue();
    });
    for (const width of [390, 1440]) {
      await page.setViewport({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${app.url}/collections`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=error-state] [data-testid=support-contact]', {
        timeout: 90_000,
      });
      const errorText = await page.$eval('[data-testid=error-state]', (el) => (el as HTMLElement).innerText);
      expect(errorText).toContain('The database is not answering.');
      expect(errorText).toContain(`If this keeps happening, contact support: ${SUPPORT}`);
      await shoot(page, 'error-support', width, false);
    }
    // The sign-in problem page (public) says how to reach support too.
    for (const width of [390, 1440]) {
      await page.setViewport({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${app.url}/auth/error?error=Configuration`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=support-contact]');
      expect(await page.$eval('[data-testid=support-contact]', (el) => (el as HTMLElement).innerText)).toBe(
        `Need help? Contact support: ${SUPPORT}`,
      );
      await shoot(page, 'auth-error-support', width, false);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
