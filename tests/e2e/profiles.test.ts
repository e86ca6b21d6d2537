import { type ClientInput, contract } from '@reachly/shared/contract';
import type { Profile, ProfilesListResponse } from '@reachly/shared/schemas';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, callAs, callAsAdmin, type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  openPage,
  seriousAxeViolations,
  signInAt,
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

const FORM = '[data-testid=profile-form-dialog]';
const ADD = '::-p-aria([name="Add profile"][role="button"])';
const PASSWORD = 'Sup3r-s3cret-proxy-pw';

async function openProfilesPage(account: Account): Promise<Page & { errors: string[] }> {
  const page = await openPage(chromium.browser);
  // Signed in straight to the profiles page; its list (rows or the empty state) is what we wait for.
  await signInAt(page, app, account, '/profiles');
  await page.waitForSelector('[data-testid=profile-row], [data-testid=empty-state]');
  return page;
}

async function seedProfile(
  account: Account,
  body: ClientInput<typeof contract.profiles.create>['body'],
): Promise<Profile> {
  return callAs(app, account)(contract.profiles.create, { body });
}

async function listProfiles(account: Account): Promise<ProfilesListResponse> {
  return callAs(app, account)(contract.profiles.list, { query: { limit: 100 } });
}

/** The names in the table, top to bottom. */
const rowNames = (page: Page) =>
  page.$$eval('[data-testid=profile-row] td:first-child', (cells) => cells.map((c) => c.textContent ?? ''));

async function waitForRows(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(
          document.querySelectorAll('[data-testid=profile-row] td:first-child'),
          (c) => c.textContent,
        ),
      ) === expected,
    {},
    JSON.stringify(names),
  );
}

const rowText = (page: Page, name: string) =>
  page.$$eval(
    '[data-testid=profile-row]',
    (rows, n) =>
      (rows.find((r) => r.querySelector('td')?.textContent === n) as HTMLElement | undefined)?.innerText,
    name,
  );

const formValue = (page: Page, field: string) =>
  page.$eval(`${FORM} [name=${field}]`, (el) => (el as HTMLInputElement).value);

/** The clear password is nowhere in the page: not in its markup, not in any field's value. */
async function passwordAppearsInPage(page: Page, password: string): Promise<boolean> {
  return page.evaluate(
    (p) =>
      document.body.innerHTML.includes(p) ||
      Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value).some(
        (v) => v.includes(p),
      ),
    password,
  );
}

async function submitForm(page: Page): Promise<void> {
  await page.locator(`${FORM} button[type=submit]`).click();
}

async function waitForFormClosed(page: Page): Promise<void> {
  await page.waitForSelector(FORM, { hidden: true });
  await waitForDialogsGone(page);
}

/** Plays the desktop app: answers reachly-get-proxy-timezone with `answer`, recording the requests. */
async function desktopAnswersTimezone(
  page: Page,
  answer: { ok: true; timezone: string } | { ok: false; error: string },
) {
  await page.evaluate((reply) => {
    const w = window as unknown as { timezoneRequests: unknown[] };
    w.timezoneRequests = [];
    window.addEventListener('reachly-get-proxy-timezone', (event) => {
      const detail = (event as CustomEvent<{ requestId: string }>).detail;
      w.timezoneRequests.push(detail);
      setTimeout(() => {
        window.dispatchEvent(
          new CustomEvent('reachly-get-proxy-timezone-result', {
            detail: { requestId: detail.requestId, ...reply },
          }),
        );
      }, 200);
    });
  }, answer);
}

describe('profiles', () => {
  it('creates a profile with a manual proxy and never shows its password back; edits it keeping the password', async () => {
    const account = await registerAccount(app);
    const page = await openProfilesPage(account);
    await waitForText(page, 'No profiles yet');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator(ADD).click();
    await page.waitForSelector(FORM);
    await page.locator(`${FORM} input[name=name]`).fill('Anna Manual');
    await page.select(`${FORM} select[name=loginStatus]`, 'logged-in');
    await page.select(`${FORM} select[name=proxySource]`, 'MANUAL');
    await page.waitForSelector(`${FORM} input[name=HTTPProxyAddress]`);
    expect(await formValue(page, 'proxyType')).toBe('manual');
    await page.locator(`${FORM} input[name=HTTPProxyAddress]`).fill('proxy.example.com:8080');
    await page.locator(`${FORM} input[name=proxyLogin]`).fill('alice');
    await page.locator(`${FORM} input[name=proxyPassword]`).fill(PASSWORD);
    await page.locator(`${FORM} input[name=proxyTimezone]`).fill('Europe/Berlin');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await submitForm(page);
    await waitForFormClosed(page);

    await waitForRows(page, ['Anna Manual']);
    const row = await rowText(page, 'Anna Manual');
    expect(row).toContain('Logged in');
    expect(row).toContain('Manual proxy');
    expect(row).toContain('proxy.example.com:8080');
    expect(row).toContain('alice');
    expect(row).toContain('•••••• (saved)');
    expect(row).toContain('Europe/Berlin');
    expect(row).toContain('Ready');
    expect(await passwordAppearsInPage(page, PASSWORD)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [created] = (await listProfiles(account)).profiles;
    expect(created?.hasProxyPassword).toBe(true);
    const sealedBefore = (await app.running.ctx.db('profiles').where({ id: created?.id }).first())
      .proxy_password_encrypted;

    // Edit: the password field starts empty under the mask; left empty, the saved password stays.
    await page.locator('::-p-aria([name="Edit Anna Manual"][role="button"])').click();
    await page.waitForSelector(FORM);
    expect(await formValue(page, 'name')).toBe('Anna Manual');
    expect(await formValue(page, 'proxyPassword')).toBe('');
    expect(
      await page.$eval(`${FORM} input[name=proxyPassword]`, (el) => (el as HTMLInputElement).placeholder),
    ).toBe('•••••• (saved)');
    expect(await passwordAppearsInPage(page, PASSWORD)).toBe(false);
    await page.locator(`${FORM} input[name=proxyTimezone]`).fill('America/New_York');
    await submitForm(page);
    await waitForFormClosed(page);
    await page.waitForFunction(() => document.body.innerText.includes('America/New_York'));
    expect(await rowText(page, 'Anna Manual')).toContain('•••••• (saved)');

    const [edited] = (await listProfiles(account)).profiles;
    expect(edited?.proxyTimezone).toBe('America/New_York');
    expect(edited?.hasProxyPassword).toBe(true);
    const sealedAfter = (await app.running.ctx.db('profiles').where({ id: created?.id }).first())
      .proxy_password_encrypted;
    expect(sealedAfter).toBe(sealedBefore);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("shows the schema's message for a bad proxy address and the server's message when a save is refused", async () => {
    const account = await registerAccount(app);
    const profile = await seedProfile(account, {
      name: 'Bruno',
      proxySource: 'MANUAL',
      HTTPProxyAddress: 'proxy.example.com:3128',
    });
    const page = await openProfilesPage(account);
    await waitForRows(page, ['Bruno']);

    await page.locator('::-p-aria([name="Edit Bruno"][role="button"])').click();
    await page.waitForSelector(FORM);
    await page.locator(`${FORM} input[name=HTTPProxyAddress]`).fill('not a proxy address');
    await submitForm(page);
    await waitForText(page, 'Proxy address must look like host:port');
    expect(
      await page.$eval(`${FORM} input[name=HTTPProxyAddress]`, (el) => el.getAttribute('aria-invalid')),
    ).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The profile is deleted elsewhere: the server refuses the save and the form shows its message.
    await page.locator(`${FORM} input[name=HTTPProxyAddress]`).fill('proxy.example.com:3129');
    await callAs(app, account)(contract.profiles.remove, { query: { id: profile.id } });
    await submitForm(page);
    await page.waitForSelector('[data-testid=profile-form-error]');
    expect(
      await page.$eval('[data-testid=profile-form-error]', (el) => (el as HTMLElement).innerText),
    ).toContain(`Profile ${profile.id} not found.`);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('detects the timezone of a manual proxy through the desktop app, or says to type it', async () => {
    const account = await registerAccount(app);
    const page = await openProfilesPage(account);
    await page.locator(ADD).click();
    await page.waitForSelector(FORM);
    await page.select(`${FORM} select[name=proxySource]`, 'MANUAL');
    await page.locator(`${FORM} input[name=HTTPProxyAddress]`).fill('http://10.0.0.5:8080');
    await page.locator(`${FORM} input[name=proxyLogin]`).fill('bob');
    await page.locator(`${FORM} input[name=proxyPassword]`).fill('pw-for-the-probe');

    await desktopAnswersTimezone(page, { ok: true, timezone: 'Asia/Tokyo' });
    await page.locator(`${FORM} ::-p-text(Detect timezone)`).click();
    await page.waitForFunction(
      (form) =>
        (document.querySelector(`${form} input[name=proxyTimezone]`) as HTMLInputElement).value ===
        'Asia/Tokyo',
      {},
      FORM,
    );
    await waitForText(page, 'Detected through the proxy: Asia/Tokyo');
    const requests = await page.evaluate(
      () => (window as unknown as { timezoneRequests: unknown[] }).timezoneRequests,
    );
    expect(requests).toEqual([
      expect.objectContaining({
        HTTPProxyAddress: 'http://10.0.0.5:8080',
        proxyLogin: 'bob',
        proxyPassword: 'pw-for-the-probe',
      }),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('says to type the timezone when the desktop app cannot tell or does not answer within 10 s', async () => {
    const account = await registerAccount(app);
    const page = await openProfilesPage(account);
    await page.locator(ADD).click();
    await page.waitForSelector(FORM);
    await page.select(`${FORM} select[name=proxySource]`, 'MANUAL');
    await page.locator(`${FORM} input[name=HTTPProxyAddress]`).fill('10.0.0.6:8080');

    // Nothing answers: the wait shows its progress, then gives up after 10 s.
    await page.locator(`${FORM} ::-p-text(Detect timezone)`).click();
    await waitForText(page, "Asking the desktop app for the proxy's timezone…");
    await waitForText(page, 'The desktop app did not answer within 10 s. Type the timezone yourself');
    expect(await formValue(page, 'proxyTimezone')).toBe('');

    // The app answers that it could not tell.
    await desktopAnswersTimezone(page, { ok: false, error: 'The proxy refused the connection' });
    await page.locator(`${FORM} ::-p-text(Detect timezone)`).click();
    await waitForText(
      page,
      'The desktop app could not detect the timezone (The proxy refused the connection). Type the timezone yourself',
    );
    await page.locator(`${FORM} input[name=proxyTimezone]`).fill('Europe/Paris');
    await page.locator(`${FORM} input[name=name]`).fill('Typed Zone');
    await submitForm(page);
    await waitForFormClosed(page);
    await waitForRows(page, ['Typed Zone']);
    expect(await rowText(page, 'Typed Zone')).toContain('Europe/Paris');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('searches, filters not-ready profiles and by login status', async () => {
    const account = await registerAccount(app);
    await seedProfile(account, { name: 'Berlin Ready', loginStatus: 'logged-in' });
    await seedProfile(account, { name: 'Paris Pending', loginStatus: 'unknown' });
    await seedProfile(account, { name: 'Rome Checkpoint', loginStatus: 'checkpoint' });
    const page = await openProfilesPage(account);
    await waitForRows(page, ['Berlin Ready', 'Paris Pending', 'Rome Checkpoint']);

    await page.locator('::-p-aria([name="Search profiles"])').fill('paris');
    await waitForRows(page, ['Paris Pending']);
    await page.locator('::-p-aria([name="Search profiles"])').fill('nobody-here');
    await waitForText(page, 'No profiles match');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('::-p-aria([name="Search profiles"])').click({ count: 3 });
    await page.keyboard.press('Backspace');
    await waitForRows(page, ['Berlin Ready', 'Paris Pending', 'Rome Checkpoint']);

    await page.locator('::-p-text(Not ready only)').click();
    await waitForRows(page, ['Paris Pending', 'Rome Checkpoint']);
    await page.select('select[aria-label="Login status"]', 'checkpoint');
    await waitForRows(page, ['Rome Checkpoint']);
    await page.locator('::-p-text(Not ready only)').click();
    await page.select('select[aria-label="Login status"]', 'logged-in');
    await waitForRows(page, ['Berlin Ready']);
    await page.select('select[aria-label="Login status"]', '');
    await waitForRows(page, ['Berlin Ready', 'Paris Pending', 'Rome Checkpoint']);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('pages through more than 20 profiles', async () => {
    const account = await registerAccount(app);
    const names = Array.from({ length: 25 }, (_, i) => `Paged ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await seedProfile(account, { name });
    const page = await openProfilesPage(account);

    await waitForRows(page, names.slice(0, 20));
    await waitForText(page, 'Page 1 of 2');
    await waitForText(page, '25 profiles');
    const previous = '::-p-aria([name="Previous"][role="button"])';
    const next = '::-p-aria([name="Next"][role="button"])';
    expect(
      await page.$eval('[aria-label="Profile pages"] button', (b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);

    await page.locator(next).click();
    await waitForRows(page, names.slice(20));
    await waitForText(page, 'Page 2 of 2');
    expect(
      await page.$$eval('[aria-label="Profile pages"] button', (bs) =>
        bs.map((b) => (b as HTMLButtonElement).disabled),
      ),
    ).toEqual([false, true]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator(previous).click();
    await waitForRows(page, names.slice(0, 20));
    await waitForText(page, 'Page 1 of 2');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('deletes a profile only after confirmation', async () => {
    const account = await registerAccount(app);
    await seedProfile(account, { name: 'Keeper' });
    await seedProfile(account, { name: 'Goner' });
    const page = await openProfilesPage(account);
    await waitForRows(page, ['Keeper', 'Goner']);

    await page.locator('::-p-aria([name="Delete Goner"][role="button"])').click();
    await page.waitForSelector('[data-testid=delete-profile-dialog]');
    await waitForText(page, 'Delete profile?');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('[data-testid=delete-profile-dialog] ::-p-text(Cancel)').click();
    await page.waitForSelector('[data-testid=delete-profile-dialog]', { hidden: true });
    expect(await rowNames(page)).toEqual(['Keeper', 'Goner']);
    expect((await listProfiles(account)).total).toBe(2);

    await waitForDialogsGone(page);
    await page.locator('::-p-aria([name="Delete Goner"][role="button"])').click();
    await page.waitForSelector('[data-testid=delete-profile-dialog]');
    await page
      .locator('[data-testid=delete-profile-dialog] ::-p-aria([name="Delete"][role="button"])')
      .click();
    await page.waitForSelector('[data-testid=delete-profile-dialog]', { hidden: true });
    await waitForRows(page, ['Keeper']);
    expect((await listProfiles(account)).profiles.map((p) => p.name)).toEqual(['Keeper']);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens BUY_TRAFFIC_POPUP instead of saving a profile on Reachly proxies while traffic is exhausted', async () => {
    const account = await registerAccount(app);
    // The typed client refuses any answer but the contract's 200.
    await callAsAdmin(app)(contract.admin.grantTraffic, {
      body: { email: account.email, bytes: '0', mode: 'set' },
    });
    const page = await openProfilesPage(account);
    // Traffic already ran out at load: TRAFFIC_ENDED_POPUP opens; close it.
    await page.waitForSelector('[data-testid=popup-TRAFFIC_ENDED_POPUP]');
    await page.locator('[data-testid=popup-TRAFFIC_ENDED_POPUP] ::-p-text(Close)').click();
    await waitForDialogsGone(page);

    await page.locator(ADD).click();
    await page.waitForSelector(FORM);
    await page.locator(`${FORM} input[name=name]`).fill('On Reachly');
    await page.select(`${FORM} select[name=proxySource]`, 'REACHLY');
    expect(await formValue(page, 'proxyType')).toBe('residential');
    await submitForm(page);
    await page.waitForSelector('[data-testid=popup-BUY_TRAFFIC_POPUP]');
    expect((await listProfiles(account)).total).toBe(0);

    // Without a proxy the same profile saves.
    await page.locator('[data-testid=popup-BUY_TRAFFIC_POPUP] ::-p-text(Close)').click();
    await page.waitForSelector('[data-testid=popup-BUY_TRAFFIC_POPUP]', { hidden: true });
    await page.select(`${FORM} select[name=proxySource]`, 'NOT_USE');
    await submitForm(page);
    await waitForFormClosed(page);
    await waitForRows(page, ['On Reachly']);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
