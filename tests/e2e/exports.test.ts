import { contract } from '@reachly/shared/contract';
import { parse } from 'csv-parse/sync';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount } from './support/app.ts';
import { type E2EBrowser, openPage, screenshotsIn, signIn, waitForText } from './support/browser.ts';
import { allowDownloads, type Downloads } from './support/downloads.ts';
import { useAppAndBrowser } from './support/fixture.ts';

/**
 * CSV exports in the dashboard (issue 20): the leads list's "Export CSV" saves a file whose rows are
 * the leads the page shows, with its progress and its outcome on screen; the board and a campaign's
 * results have the button too. Screenshots at 1440 and 390 px go to test-artifacts/exports/.
 */
let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('exports');
let downloads: Downloads;
let account: Account;
let collectionId: number;
let campaignId: number;
const NAMES = ['Zoë "Z" Hart', 'Noah, Berg', '=Emma Stone', 'Liam Park', '李 Wei', 'Ava Quinn'];

beforeAll(async () => {
  downloads = await allowDownloads(chromium.browser);
  account = await registerAccount(app, 'exports');
  const call = callAs(app, account);
  const collection = await call(contract.collections.create, { body: { name: 'Fair leads, Köln' } });
  collectionId = collection.id;
  await call(contract.leads.create, {
    body: {
      collectionId,
      leads: NAMES.map((name, i) => ({ profileUrl: `https://sandbox.example/people/fair-${i + 1}`, name })),
    },
  });
  const profile = await call(contract.profiles.create, { body: { name: 'Anna Work' } });
  campaignId = (
    await call(contract.campaigns.create, {
      body: {
        name: 'Fair follow-up',
        collectionId,
        profileIds: [profile.id],
        steps: [{ type: 'friendRequest' }],
      },
    })
  ).id;
}, 120_000);
afterAll(() => downloads?.remove());

/** One CSV file's records (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks). */
const csvRecords = (text: string): string[][] => parse(text, { relaxColumnCount: true }) as string[][];

/** Records every text the export status line shows, as a user watching it would. */
async function watchStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { statusTexts: string[] };
    w.statusTexts = [];
    const read = () => {
      const text = document.querySelector('[data-testid=export-status]')?.textContent?.trim() ?? '';
      if (text && w.statusTexts.at(-1) !== text) w.statusTexts.push(text);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

describe('CSV exports in the dashboard', () => {
  it("the leads list's export saves the leads shown, with progress, then says it is done", async () => {
    const page = await openPage(chromium.browser);
    await page.setViewport({ width: 1440, height: 900 });
    await signIn(page, app, account);
    await page.goto(`${app.url}/collections/${collectionId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, `${NAMES.length} of ${NAMES.length} not excluded leads shown`);
    const shown = await page.$$eval('[data-testid=lead-row]', (rows) =>
      rows.map((row) => ({
        id: row.getAttribute('data-lead-id'),
        name: row.querySelector('td')?.textContent?.trim(),
        url: row.querySelector('a')?.getAttribute('href'),
      })),
    );
    expect(shown).toHaveLength(NAMES.length);

    await watchStatus(page);
    await page.locator('::-p-aria(Export CSV of the not excluded leads of Fair leads, Köln)').click();
    await waitForText(page, `Exported ${NAMES.length} rows`);
    const { name, text } = await downloads.saved('leads-Fair leads, Köln-');
    expect(name).toMatch(/^leads-Fair leads, Köln-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRecords(text.replace(/^\ufeff/, ''));
    expect(header?.slice(0, 3)).toEqual(['Lead ID', 'Profile URL', 'Name']);
    // The file's rows are the page's rows: same leads, same order, names as written (a formula-like one quoted).
    expect(rows.map((r) => ({ id: r[0], name: r[2]?.replace(/^'(?==)/, ''), url: r[1] }))).toEqual(shown);
    expect(rows.find((r) => r[2]?.includes('Emma'))?.[2]).toBe("'=Emma Stone");
    // Progress was on screen while the file came in: rows and bytes (the share of the rows known).
    const seen = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    expect(seen.some((t) => /\d+ rows · \d/.test(t))).toBe(true);
    expect(seen.at(-1)).toMatch(new RegExp(`^Exported ${NAMES.length} rows \\(\\d+(\\.\\d)? (B|kB)\\)$`));
    expect(page.errors).toEqual([]);

    await shoot(page, 'leads', 1440);
    await page.setViewport({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, `${NAMES.length} of ${NAMES.length} not excluded leads shown`);
    await page.locator('::-p-aria(Export CSV of the not excluded leads of Fair leads, Köln)').click();
    await waitForText(page, `Exported ${NAMES.length} rows`);
    await shoot(page, 'leads', 390);
    await page.close();
  });

  it('the board and the campaign results export too', async () => {
    // The browser is signed in since the test before.
    const page = await openPage(chromium.browser);
    for (const width of [1440, 390]) {
      await page.setViewport({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${app.url}/board`, { waitUntil: 'networkidle0' });
      await page.locator("::-p-aria(Export CSV of the board's conversations)").click();
      await waitForText(page, 'Exported 0 rows');
      await shoot(page, 'board', width);
      await page.goto(`${app.url}/campaigns/${campaignId}`, { waitUntil: 'networkidle0' });
      await page.locator('::-p-aria(Export CSV of the results of Fair follow-up per lead)').click();
      await waitForText(page, `Exported ${NAMES.length} rows`);
      await shoot(page, 'campaign-results', width);
    }
    const { text } = await downloads.saved('campaign-Fair follow-up-results-');
    expect(csvRecords(text.replace(/^\ufeff/, ''))).toHaveLength(NAMES.length + 1);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
