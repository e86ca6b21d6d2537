import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp } from './support/app.ts';
import { type PageErrors, screenshotsIn, waitForText } from './support/browser.ts';
import { useCollectionsPage } from './support/collections-page.ts';

/**
 * Leads at scale (issue 19): a collection of 3,000 leads on the collections screen, searched,
 * sorted, selected (a page, then all matching), excluded and deleted in bulk (the delete after a
 * confirmation naming the count), and a pasted list with bad lines that adds the good ones and
 * lists the bad ones. Counts carry thousands separators. Screenshots at 1440 and 390 px go to
 * test-artifacts/leads/.
 */
const TOTAL = 3000;
/** Every 100th lead is a "Zed Match": 30 of them. */
const MATCHES = TOTAL / 100;
const nameOf = (i: number) =>
  i % 100 === 0 ? `Zed Match ${String(i).padStart(4, '0')}` : `Lead ${String(i).padStart(4, '0')}`;

let app: E2EApp;
let account: Account;
let page: Page & PageErrors;
let collectionId: number;
const shoot = screenshotsIn('leads');
const {
  button,
  expectNoSeriousViolations,
  leadNames,
  waitForDialogClosed,
  waitForLeadCount,
  waitForRowCount,
  waitForSummary,
} = useCollectionsPage('leads-scale', (run) => {
  ({ app, account, page } = run);
});

beforeAll(async () => {
  const call = callAs(app, account);
  collectionId = (await call(contract.collections.create, { body: { name: 'Big list' } })).id;
  const leads = Array.from({ length: TOTAL }, (_, i) => ({
    profileUrl: `https://facebook.com/big.${i}`,
    name: nameOf(i),
  }));
  await call(contract.leads.create, { body: { collectionId, leads } });
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${app.url}/collections/${collectionId}`, { waitUntil: 'networkidle0' });
});

const bulkCount = () => page.$eval('[data-testid=bulk-count]', (el) => (el as HTMLElement).innerText.trim());
const waitForBulkCount = (text: string) =>
  page.waitForFunction(
    (t) => document.querySelector<HTMLElement>('[data-testid=bulk-count]')?.innerText.trim() === t,
    {},
    text,
  );

async function search(text: string): Promise<void> {
  const box = await page.waitForSelector('[data-testid=leads-search]');
  await box?.click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

describe('leads at scale', () => {
  it('counts with thousands separators, searches, and sorts by name across pages', async () => {
    await waitForSummary(`20 of ${(3000).toLocaleString('en')} not excluded leads shown`);
    await waitForRowCount('Big list', 'profiles', '3,000');
    expect((await leadNames()).slice(0, 2)).toEqual(['Zed Match 0000', 'Lead 0001']);

    await search('  zed MATCH ');
    await waitForSummary(`20 of ${MATCHES} not excluded leads shown matching "zed MATCH"`);
    await page.select('[data-testid=leads-sort]', 'name-desc');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('[data-testid=lead-row] td')?.innerText.trim() ===
        'Zed Match 2900',
    );
    await button('Load more').click();
    await waitForLeadCount(MATCHES);
    const names = await leadNames();
    expect(names).toEqual(
      Array.from(
        { length: MATCHES },
        (_, k) => `Zed Match ${String((MATCHES - 1 - k) * 100).padStart(4, '0')}`,
      ),
    );
    await waitForSummary(`${MATCHES} of ${MATCHES} not excluded leads shown matching "zed MATCH"`);
    expect(page.errors).toEqual([]);
  });

  it('selects a page, then all matching, and excludes them all in one action', async () => {
    await search('');
    await search('zed');
    await waitForSummary(`20 of ${MATCHES} not excluded leads shown matching "zed"`);
    await page.locator('::-p-aria([name="Select every lead shown"])').click();
    await waitForBulkCount('20 leads selected');
    await button(`Select all ${MATCHES} matching`).click();
    await waitForBulkCount(`${MATCHES} leads selected`);
    await expectNoSeriousViolations();
    await shoot(page, 'bulk-selection', 1440, true);
    await button('Exclude').click();
    await waitForText(page, `${MATCHES} leads excluded.`);
    await waitForText(page, 'No not excluded leads match "zed"');

    await page.locator('[data-testid=show-excluded]').click();
    await waitForSummary(`20 of ${MATCHES} excluded leads shown matching "zed"`);
    await search('');
    await waitForSummary(`20 of ${MATCHES} excluded leads shown`);
    await page.locator('[data-testid=show-not-excluded]').click();
    await waitForSummary(`20 of ${(TOTAL - MATCHES).toLocaleString('en')} not excluded leads shown`);
    expect(page.errors).toEqual([]);
  });

  it('deletes the leads checked one by one after a confirmation naming the count; the counts follow', async () => {
    await page.select('[data-testid=leads-sort]', 'oldest');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('[data-testid=lead-row] td')?.innerText.trim() === 'Lead 0001',
    );
    await page.locator('::-p-aria([name="Select Lead 0001"])').click();
    await page.locator('::-p-aria([name="Select Lead 0002"])').click();
    await waitForBulkCount('2 leads selected');
    await button('Delete').click();
    await page.waitForSelector('[data-testid=bulk-delete-dialog]');
    await waitForText(page, 'Delete 2 leads?');
    await expectNoSeriousViolations();
    await shoot(page, 'bulk-delete', 1440);
    await button('Delete 2 leads').click();
    await waitForDialogClosed('bulk-delete-dialog');
    await waitForText(page, '2 leads deleted.');
    await waitForSummary(`20 of ${(TOTAL - MATCHES - 2).toLocaleString('en')} not excluded leads shown`);
    await waitForRowCount('Big list', 'profiles', (TOTAL - 2).toLocaleString('en'));
    expect((await leadNames()).slice(0, 2)).toEqual(['Lead 0003', 'Lead 0004']);
    expect(await page.$('[data-testid=bulk-bar]')).toBeNull();
    expect(page.errors).toEqual([]);
  });

  it('adds the good lines of a pasted list and lists the bad ones with their line and reason', async () => {
    await button('Add leads').click();
    await page.waitForSelector('[data-testid=add-leads-dialog]');
    await page.locator('[data-testid=add-leads-input]').click();
    await page.keyboard.type(
      [
        'https://facebook.com/pasted.one, Pasted One',
        'not a link at all',
        'https://facebook.com/pasted.two Pasted Two',
        'ftp://facebook.com/pasted.bad',
        'https://facebook.com/pasted.three,Pasted Three',
      ].join('\n'),
    );
    await waitForText(page, '2 lines will be skipped');
    const refused = () =>
      page.$$eval('[data-testid=refused-line]', (items) =>
        items.map((i) => (i as HTMLElement).innerText.trim()),
      );
    expect(await refused()).toEqual([
      'Line 2: Profile URL must be an http(s) link to a profile — "not a link at all"',
      'Line 4: Profile URL must be an http(s) link to a profile — "ftp://facebook.com/pasted.bad"',
    ]);
    await expectNoSeriousViolations();
    await button('Add 3 leads').click();
    await page.waitForSelector('[data-testid=add-leads-result]');
    expect(
      await page.$eval('[data-testid=add-leads-result]', (el) => (el as HTMLElement).innerText),
    ).toContain('3 leads added');
    await waitForText(page, '2 lines were skipped');
    expect(await refused()).toHaveLength(2);
    await shoot(page, 'paste-bad-lines', 1440);
    await button('Done').click();
    await waitForDialogClosed('add-leads-dialog');
    await waitForRowCount('Big list', 'profiles', (TOTAL + 1).toLocaleString('en'));
    expect(page.errors).toEqual([]);
  });

  it('fits a phone: the toolbar, the bulk bar and the dialogs at 390 px', async () => {
    await page.setViewport({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForSummary(`20 of ${(TOTAL - MATCHES + 1).toLocaleString('en')} not excluded leads shown`);
    await page.locator('::-p-aria([name="Select every lead shown"])').click();
    await waitForBulkCount('20 leads selected');
    expect(await bulkCount()).toBe('20 leads selected');
    await page.$eval('[data-testid=leads-search]', (el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, 'bulk-selection', 390);
    // Nothing sticks out sideways but inside a scrolling region (the tables scroll on their own).
    const sticking = await page.evaluate(() => {
      const inScroller = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
        }
        return false;
      };
      return Array.from(document.body.querySelectorAll('*'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !inScroller(el))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    });
    expect(sticking).toEqual([]);
    await button('Delete').click();
    await page.waitForSelector('[data-testid=bulk-delete-dialog]');
    await waitForText(page, 'Delete 20 leads?');
    await shoot(page, 'bulk-delete', 390);
    await button('Cancel').click();
    await waitForDialogClosed('bulk-delete-dialog');
    await button('Add leads').click();
    await page.waitForSelector('[data-testid=add-leads-dialog]');
    await page.locator('[data-testid=add-leads-input]').click();
    await page.keyboard.type('https://facebook.com/pasted.one\nnot a link');
    await waitForText(page, '1 line will be skipped');
    await shoot(page, 'paste-bad-lines', 390);
    await button('Cancel').click();
    await waitForDialogClosed('add-leads-dialog');
    expect(page.errors).toEqual([]);
  });
});
