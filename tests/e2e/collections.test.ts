import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  type PageErrors,
  seriousAxeViolations,
  signIn,
  waitForText,
} from './support/browser.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

let app: E2EApp;
let chromium: E2EBrowser;
let account: Account;
let page: Page & PageErrors;
let work: string;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startE2EApp(), launchBrowser()]);
  account = await registerAccount(app, 'collections');
  page = await openPage(chromium.browser);
  await signIn(page, app, account);
  work = mkdtempSync(path.join(tmpdir(), 'reachly-collections-e2e-'));
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Texts of a collection row's count cells, by field. */
async function rowCounts(name: string): Promise<Record<string, string>> {
  const id = await collectionIdByName(name);
  return page.$eval(`[data-testid=collection-row-${id}]`, (row) => {
    const counts: Record<string, string> = {};
    for (const cell of Array.from(row.querySelectorAll<HTMLElement>('[data-field]'))) {
      counts[cell.dataset.field ?? ''] = cell.innerText.trim();
    }
    return counts;
  });
}

/** Waits until a collection row's count cell reads `value`. */
async function waitForRowCount(name: string, field: string, value: string): Promise<void> {
  const id = await collectionIdByName(name);
  await page.waitForFunction(
    (selector, v) => document.querySelector<HTMLElement>(selector)?.innerText.trim() === v,
    {},
    `[data-testid=collection-row-${id}] [data-field=${field}]`,
    value,
  );
}

async function collectionIdByName(name: string): Promise<number> {
  const collections = await callAs(app, account)(contract.collections.list);
  const found = collections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection named ${name}`);
  return found.id;
}

const leadNames = () =>
  page.$$eval('[data-testid=lead-row] td:first-child', (cells) =>
    cells.map((c) => (c as HTMLElement).innerText.trim()),
  );

const waitForLeadCount = (count: number) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-testid=lead-row]').length === n, {}, count);

async function waitForSummary(text: string): Promise<void> {
  await page.waitForFunction(
    (t) => document.querySelector<HTMLElement>('[data-testid=leads-summary]')?.innerText === t,
    {},
    text,
  );
}

/** Axe measures colours as painted: wait for a dialog's opening fade to finish first. */
async function expectNoSeriousViolations(): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** Waits until a dialog has closed and its fade-out is over (its backdrop no longer takes clicks). */
async function waitForDialogClosed(testId: string): Promise<void> {
  await page.waitForSelector(`[data-testid=${testId}]`, { hidden: true });
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-scope=dialog][data-state=open]') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** Picks a file in the import dialog's file input, as a user choosing it would. */
async function chooseFile(file: string): Promise<void> {
  const input = (await page.waitForSelector(
    'input[type=file][data-testid=import-file-input]',
  )) as ElementHandle<HTMLInputElement> | null;
  if (!input) throw new Error('no file input');
  await input.uploadFile(file);
}

const button = (name: string) => page.locator(`::-p-aria([name="${name}"][role="button"])`);

async function createCollectionThroughUi(name: string): Promise<void> {
  await button('New collection').click();
  const dialog = await page.waitForSelector('[data-testid=create-collection-dialog]');
  await dialog?.$eval('input', (input) => (input as HTMLInputElement).focus());
  await page.keyboard.type(name);
  await button('Create collection').click();
}

describe('collections and leads', () => {
  it('starts empty, creates a collection through the form and refuses a duplicate name with the server message', async () => {
    await page.goto(`${app.url}/collections`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'No collections yet');
    await expectNoSeriousViolations();

    await button('New collection').click();
    await page.waitForSelector('[data-testid=create-collection-dialog]');
    await expectNoSeriousViolations();
    await page.keyboard.type('Spring leads');
    await button('Create collection').click();
    await waitForDialogClosed('create-collection-dialog');

    await page.waitForFunction(() => /^\/collections\/\d+$/.test(window.location.pathname));
    const id = await collectionIdByName('Spring leads');
    expect(new URL(page.url()).pathname).toBe(`/collections/${id}`);
    await page.waitForSelector(`[data-testid=collection-row-${id}] button[aria-pressed=true]`);
    // "All" comes first, then the new collection, which is now the current one.
    const names = await page.$$eval('[data-testid=collections-table] tbody tr td:first-child', (cells) =>
      cells.map((c) => (c as HTMLElement).innerText.trim()),
    );
    expect(names).toEqual(['All', 'Spring leads']);
    expect(await page.evaluate((k) => localStorage.getItem(k), LOCAL_STORAGE_KEYS.currentCollection)).toBe(
      String(id),
    );
    await waitForText(page, 'No leads in "Spring leads" yet');

    await createCollectionThroughUi('Spring leads');
    await waitForText(page, 'A collection named "Spring leads" already exists.');
    await button('Cancel').click();
    await waitForDialogClosed('create-collection-dialog');
    expect(page.errors).toEqual([]);
  });

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
        /^Read \d+ rows: 5000 imported, 0 duplicates, 0 invalid\.$/.test(
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
    ).toBe('8000');
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
    await waitForRowCount('Spring leads', 'profiles', '8003');
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
    await page.reload({ waitUntil: 'networkidle0' });
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
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/leads') release(request);
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
    const seed = async (name: string, count: number) => {
      const call = callAs(app, account);
      const collection = await call(contract.collections.create, { body: { name } });
      const leads = Array.from({ length: count }, (_, i) => ({
        profileUrl: `https://facebook.com/${name.toLowerCase().replace(/\W/g, '')}.${i}`,
        name: `${name} ${String(i).padStart(2, '0')}`,
      }));
      await call(contract.leads.create, { body: { collectionId: collection.id, leads } });
      return collection.id;
    };
    const twenty = await seed('Exactly twenty', 20);
    const more = await seed('Twenty one', 21);

    // The address selects the collection.
    await page.goto(`${app.url}/collections/${twenty}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-testid=collection-row-${twenty}] button[aria-pressed=true]`);
    await waitForSummary('20 of 20 not excluded leads shown');
    expect(await page.$('::-p-aria([name="Load more"][role="button"])')).toBeNull();

    await page.goto(`${app.url}/collections/${more}`, { waitUntil: 'networkidle0' });
    await waitForSummary('20 of 21 not excluded leads shown');
    await button('Load more').click();
    await waitForSummary('21 of 21 not excluded leads shown');
    await waitForLeadCount(21);
    expect(await page.$('::-p-aria([name="Load more"][role="button"])')).toBeNull();
    expect((await leadNames()).at(-1)).toBe('Twenty one 20');

    // The current collection is kept in local storage: /collections opens it again.
    await page.goto(`${app.url}/collections`, { waitUntil: 'networkidle0' });
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

  it('shows the counts of each collection with availableToMessage, and "All" sums them', async () => {
    // What the desktop agent records as it works, written straight into the database.
    const db = app.running.ctx.db;
    const more = await collectionIdByName('Twenty one');
    const twenty = await collectionIdByName('Exactly twenty');
    const first = async (collectionId: number, n: number) =>
      (await db('leads').where({ collection_id: collectionId }).orderBy('id').limit(n).select('id')).map(
        (row: { id: number }) => row.id,
      );
    const ids = await first(more, 5);
    // Every lead visited: five have a Message button, the rest none (unknown would count as one).
    await db('leads')
      .whereIn('collection_id', [more, twenty, await collectionIdByName('Spring leads')])
      .update({ has_message_button: false });
    await db('leads').whereIn('id', ids).update({ has_message_button: true });
    await db('leads').whereIn('id', ids.slice(0, 3)).update({ friend_request_sent_at: new Date() });
    await db('leads').whereIn('id', ids.slice(0, 2)).update({ message_sent_at: new Date() });
    await db('leads').whereIn('id', ids.slice(4)).update({ should_skip: true });
    await db('leads')
      .whereIn('id', await first(twenty, 2))
      .update({ has_message_button: true });

    await page.goto(`${app.url}/collections/${more}`, { waitUntil: 'networkidle0' });
    expect(await rowCounts('Twenty one')).toEqual({
      profiles: '21',
      hasMessageButton: '5',
      sentFriendRequests: '3',
      sentMessages: '2',
      shouldSkip: '1',
      availableToMessage: '2',
    });
    const all = await page.$eval('[data-testid=collection-row-all]', (row) =>
      Object.fromEntries(
        Array.from(row.querySelectorAll<HTMLElement>('[data-field]'), (c) => [
          c.dataset.field,
          c.innerText.trim(),
        ]),
      ),
    );
    expect(all).toEqual({
      profiles: '44',
      hasMessageButton: '7',
      sentFriendRequests: '3',
      sentMessages: '2',
      shouldSkip: '1',
      availableToMessage: '4',
    });
    // The lead's own flags in the table: message button, friend request and message sent.
    const firstRow = await page.$eval('[data-testid=lead-row]', (row) =>
      Array.from(row.querySelectorAll('td'), (td) => td.innerText.trim()),
    );
    expect(firstRow.slice(0, 6)).toEqual([
      'Twenty one 00',
      'https://facebook.com/twentyone.0',
      'Yes',
      'Sent',
      'Sent',
      'manual',
    ]);
    await expectNoSeriousViolations();
    expect(page.errors).toEqual([]);
  });

  it('renames (the server refuses a name in use) and deletes a collection after confirmation', async () => {
    const spring = await collectionIdByName('Spring leads');
    await page.goto(`${app.url}/collections/${spring}`, { waitUntil: 'networkidle0' });
    await button('Rename Spring leads').click();
    await page.waitForSelector('[data-testid=rename-collection-dialog]');
    await expectNoSeriousViolations();
    await page.locator('[data-testid=rename-collection-dialog] input').fill('Twenty one');
    await button('Save name').click();
    await waitForText(page, 'A collection named "Twenty one" already exists.');
    await page.locator('[data-testid=rename-collection-dialog] input').fill('Summer leads');
    await button('Save name').click();
    await waitForDialogClosed('rename-collection-dialog');
    await waitForText(page, 'Leads of Summer leads');

    await button('Delete Summer leads').click();
    await page.waitForSelector('[data-testid=delete-collection-dialog]');
    await expectNoSeriousViolations();
    await button('Delete collection').click();
    await waitForDialogClosed('delete-collection-dialog');
    await page.waitForSelector(`[data-testid=collection-row-${spring}]`, { hidden: true });
    // The deleted collection was the current one: the screen falls back to All.
    await page.waitForSelector('[data-testid=collection-row-all] button[aria-pressed=true]');
    const collections = await callAs(app, account)(contract.collections.list);
    expect(collections.map((c) => c.name)).toEqual(['Exactly twenty', 'Twenty one']);
    expect(page.errors).toEqual([]);
  });
});
