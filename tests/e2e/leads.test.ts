import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@reachly/shared/contract';
import type { HTTPRequest, Page } from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp } from './support/app.ts';
import { isCallOf, type PageErrors, waitForText } from './support/browser.ts';
import { seedCollectionWithLeads, useCollectionsPage } from './support/collections-page.ts';

/**
 * The leads of a collection on the collections screen: CSV import (good and bad lines, a slow
 * upload's progress, a refused file), clearing, pasted leads, excluding (optimistic, put back when
 * the server refuses) and "Load more". The collections themselves: collections.test.ts.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

let app: E2EApp;
let account: Account;
let page: Page & PageErrors;
let work: string;
const {
  button,
  chooseFile,
  expectNoSeriousViolations,
  leadNames,
  rowCounts,
  waitForDialogClosed,
  waitForLeadCount,
  waitForRowCount,
  waitForSummary,
} = useCollectionsPage('leads', (run) => {
  ({ app, account, page, work } = run);
});

// The tests work on one collection, "Spring leads", open on the screen (its empty list first).
beforeAll(async () => {
  const spring = await callAs(app, account)(contract.collections.create, { body: { name: 'Spring leads' } });
  await page.goto(`${app.url}/collections/${spring.id}`, { waitUntil: 'load' });
  await waitForText(page, 'No leads in "Spring leads" yet');
});

describe('leads of a collection', () => {
  it('imports a CSV with good and bad lines: upload percentage, then imported, duplicates and invalid lines, and the counts', async () => {
    await button('Import CSV').click();
    await page.waitForSelector('[data-testid=import-leads-dialog]');
    await expectNoSeriousViolations();
    await chooseFile(path.join(fixtures, 'leads-mixed.csv'));
    await button('Import').click();

    await page.waitForSelector('[data-testid=import-result]');
    const stat = (key: string) =>
      page.$eval(`[data-testid=import-${key}-value]`, (el) => (el as HTMLElement).innerText.trim());
    expect(await stat('imported')).toBe('3');
    expect(await stat('duplicates')).toBe('1');
    expect(await stat('invalid')).toBe('3');
    const invalidLines = await page.$$eval('[data-testid=invalid-lines] tbody tr', (rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.innerText.trim())),
    );
    expect(invalidLines.map(([line]) => line)).toEqual(['6', '7', '8']);
    expect(invalidLines.every(([, reason]) => (reason ?? '').length > 0)).toBe(true);
    await expectNoSeriousViolations();
    await button('Done').click();
    await waitForDialogClosed('import-leads-dialog');

    // The counts and the list were fetched again.
    await waitForRowCount('Spring leads', 'profiles', '3');
    expect(await rowCounts('Spring leads')).toMatchObject({ profiles: '3', availableToMessage: '0' });
    await waitForLeadCount(3);
    expect(await leadNames()).toEqual(['Ann E2E', 'Bob E2E', 'Cara E2E']);
    await waitForSummary('3 of 3 not excluded leads shown');
    await expectNoSeriousViolations();
    expect(page.errors).toEqual([]);
  });

  it('shows the upload percentage and the server progress of a slow upload, and the server error of a refused file', async () => {
    const rows = Array.from({ length: 8000 }, (_, i) => `https://facebook.com/slow.${i},Slow ${i}`);
    const big = path.join(work, 'leads-slow.csv');
    writeFileSync(big, `url,name\n${rows.join('\n')}\n`);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 40_000,
    });
    await button('Import CSV').click();
    await chooseFile(big);
    await button('Import').click();
    await page.waitForFunction(() => {
      const text = document.querySelector<HTMLElement>('[data-testid=upload-percent]')?.innerText ?? '';
      const percent = Number.parseInt(text, 10);
      return percent > 0 && percent < 100;
    });
    // The server imports rows as they arrive and pushes its count after each batch of 5000.
    await page.waitForFunction(
      () =>
        /^Read [\d,]+ rows: 5,000 imported, 0 duplicates, 0 invalid\.$/.test(
          document.querySelector<HTMLElement>('[data-testid=server-progress]')?.innerText ?? '',
        ),
      { timeout: 30_000 },
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForSelector('[data-testid=import-result]', { timeout: 60_000 });
    expect(
      await page.$eval('[data-testid=import-imported-value]', (el) => (el as HTMLElement).innerText),
    ).toBe('8,000');
    await button('Import another file').click();

    // A file the server refuses (not CSV text): its message is shown, nothing is imported.
    const picture = path.join(work, 'photo.png');
    writeFileSync(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await chooseFile(picture);
    await button('Import').click();
    await waitForText(page, 'The import failed; no lead was imported');
    await waitForText(page, 'not CSV text');
    await button('Cancel').click();
    await waitForDialogClosed('import-leads-dialog');
    await waitForRowCount('Spring leads', 'profiles', '8,003');
    expect(page.errors).toEqual([]);
  });

  it('clears a collection after confirmation', async () => {
    await button('Clear').click();
    await page.waitForSelector('[data-testid=clear-leads-dialog]');
    await expectNoSeriousViolations();
    await button('Clear leads').click();
    await waitForDialogClosed('clear-leads-dialog');
    await waitForText(page, 'No leads in "Spring leads" yet');
    await waitForRowCount('Spring leads', 'profiles', '0');
    expect(page.errors).toEqual([]);
  });

  it('adds pasted leads and shows how many were created and how many were duplicates', async () => {
    await button('Add leads').click();
    await page.waitForSelector('[data-testid=add-leads-dialog]');
    await page.locator('[data-testid=add-leads-input]').click();
    await page.keyboard.type(
      'https://facebook.com/ann.e2e, Ann E2E\nhttps://facebook.com/bob.e2e Bob E2E\nhttps://facebook.com/cara.e2e,Cara E2E\nhttps://facebook.com/ann.e2e',
    );
    await button('Add 4 leads').click();
    await page.waitForSelector('[data-testid=add-leads-result]');
    const result = await page.$eval('[data-testid=add-leads-result]', (el) => (el as HTMLElement).innerText);
    expect(result).toContain('3 leads added');
    expect(result).toContain('1 duplicate');
    await expectNoSeriousViolations();
    await button('Done').click();
    await waitForDialogClosed('add-leads-dialog');
    await waitForLeadCount(3);
    await waitForRowCount('Spring leads', 'profiles', '3');
    expect(page.errors).toEqual([]);
  });

  it('excludes a lead: it leaves "Not excluded" at once and is found under "Excluded"', async () => {
    await waitForSummary('3 of 3 not excluded leads shown');
    await button('Exclude Ann E2E').click();
    await waitForSummary('2 of 2 not excluded leads shown');
    expect(await leadNames()).toEqual(['Bob E2E', 'Cara E2E']);

    await page.locator('[data-testid=show-excluded]').click();
    await waitForSummary('1 of 1 excluded leads shown');
    expect(await leadNames()).toEqual(['Ann E2E']);

    // The server kept it: after a reload it is still excluded.
    await page.reload({ waitUntil: 'load' });
    await waitForSummary('2 of 2 not excluded leads shown');
    expect(await leadNames()).toEqual(['Bob E2E', 'Cara E2E']);
    await page.locator('[data-testid=show-excluded]').click();
    await waitForSummary('1 of 1 excluded leads shown');

    // And it comes back when included.
    await button('Include Ann E2E').click();
    await waitForText(page, 'No excluded leads');
    await page.locator('[data-testid=show-not-excluded]').click();
    await waitForSummary('3 of 3 not excluded leads shown');
    expect(page.errors).toEqual([]);
  });

  it('takes a lead out before the server answers, and silently puts it back when the server refuses', async () => {
    await page.setRequestInterception(true);
    let release: (request: HTTPRequest) => void = () => {};
    const held = new Promise<HTTPRequest>((resolve) => {
      release = resolve;
    });
    const onRequest = (request: HTTPRequest) => {
      if (isCallOf(request, contract.leads.setExcluded)) release(request);
      else void request.continue();
    };
    page.on('request', onRequest);
    try {
      await button('Exclude Bob E2E').click();
      const patch = await held;
      // The server has not answered yet: the lead has already left the list and the total went down.
      await waitForSummary('2 of 2 not excluded leads shown');
      expect(await leadNames()).toEqual(['Ann E2E', 'Cara E2E']);
      await patch.respond({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database unavailable' } }),
      });
      await waitForSummary('3 of 3 not excluded leads shown');
      expect(await leadNames()).toEqual(['Ann E2E', 'Bob E2E', 'Cara E2E']);
      // Spec §8: a failed lead update is swallowed, no toast.
      expect(await page.$('[data-testid^=toast-]')).toBeNull();
    } finally {
      page.off('request', onRequest);
      await page.setRequestInterception(false);
    }
    expect(page.errors).toEqual([]);
  });

  it('offers "Load more" only when at least 15 are loaded and the total exceeds them (spec §5)', async () => {
    const twenty = await seedCollectionWithLeads(app, account, 'Exactly twenty', 20);
    const more = await seedCollectionWithLeads(app, account, 'Twenty one', 21);

    // The address selects the collection.
    await page.goto(`${app.url}/collections/${twenty}`, { waitUntil: 'load' });
    await page.waitForSelector(`[data-testid=collection-row-${twenty}] button[aria-pressed=true]`);
    await waitForSummary('20 of 20 not excluded leads shown');
    expect(await page.$('::-p-aria([name="Load more"][role="button"])')).toBeNull();

    await page.goto(`${app.url}/collections/${more}`, { waitUntil: 'load' });
    await waitForSummary('20 of 21 not excluded leads shown');
    await button('Load more').click();
    await waitForSummary('21 of 21 not excluded leads shown');
    await waitForLeadCount(21);
    expect(await page.$('::-p-aria([name="Load more"][role="button"])')).toBeNull();
    expect((await leadNames()).at(-1)).toBe('Twenty one 20');

    // The current collection is kept in local storage: /collections opens it again.
    await page.goto(`${app.url}/collections`, { waitUntil: 'load' });
    await page.waitForSelector(`[data-testid=collection-row-${more}] button[aria-pressed=true]`);
    // "All" sums the collections.
    await page.locator('[data-testid=collection-row-all] button').click();
    await page.waitForSelector('[data-testid=collection-row-all] button[aria-pressed=true]');
    const all = await page.$eval('[data-testid=collection-row-all] [data-field=profiles]', (el) =>
      (el as HTMLElement).innerText.trim(),
    );
    expect(all).toBe(String(3 + 20 + 21));
    await waitForSummary(`20 of ${3 + 20 + 21} not excluded leads shown`);
    expect(page.errors).toEqual([]);
  });
});
