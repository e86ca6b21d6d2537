import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import type { ElementHandle, Page } from 'puppeteer';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount, startE2EApp } from './app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  type PageErrors,
  seriousAxeViolations,
  signInAt,
  waitForDialogsGone,
} from './browser.ts';

/**
 * The collections screen as its end-to-end files drive it (collections.test.ts, leads.test.ts):
 * one server, one Chromium and one signed-in account for the file, and the screen's helpers.
 */

export interface CollectionsRun {
  app: E2EApp;
  account: Account;
  page: Page & PageErrors;
  /** A folder of the file's own, for the files it writes. */
  work: string;
}

/**
 * Starts the server and Chromium before the file's tests, signs a new account in, hands them to
 * `use` (as `useAppAndBrowser` does), and closes all after. Answers the screen's helpers on that page.
 */
export function useCollectionsPage(prefix: string, use: (run: CollectionsRun) => void) {
  let run: CollectionsRun | undefined;
  let chromium: E2EBrowser | undefined;
  beforeAll(async () => {
    const [app, browser] = await Promise.all([startE2EApp(), launchBrowser()]);
    chromium = browser;
    const account = await registerAccount(app, prefix);
    const page = await openPage(browser.browser);
    // Each file then opens the page it works on (and waits for it).
    await signInAt(page, app, account);
    run = { app, account, page, work: mkdtempSync(path.join(tmpdir(), `reachly-${prefix}-e2e-`)) };
    use(run);
  });
  afterAll(async () => {
    await chromium?.close();
    await run?.app.close();
    if (run) rmSync(run.work, { recursive: true, force: true });
  });
  return collectionsScreen(() => {
    if (!run) throw new Error('the collections page is not open yet');
    return run;
  });
}

/** A collection of `count` leads named `<name> 00`, `<name> 01`..., made through the API. Answers its id. */
export async function seedCollectionWithLeads(
  app: E2EApp,
  account: Account,
  name: string,
  count: number,
): Promise<number> {
  const call = callAs(app, account);
  const collection = await call(contract.collections.create, { body: { name } });
  const leads = Array.from({ length: count }, (_, i) => ({
    profileUrl: `https://facebook.com/${name.toLowerCase().replace(/\W/g, '')}.${i}`,
    name: `${name} ${String(i).padStart(2, '0')}`,
  }));
  await call(contract.leads.create, { body: { collectionId: collection.id, leads } });
  return collection.id;
}

/** The screen's helpers on the run's page and account (read when called). */
function collectionsScreen(current: () => CollectionsRun) {
  const page = () => current().page;

  async function collectionIdByName(name: string): Promise<number> {
    const { app, account } = current();
    const collections = await callAs(app, account)(contract.collections.list);
    const found = collections.find((c) => c.name === name);
    if (!found) throw new Error(`no collection named ${name}`);
    return found.id;
  }

  const button = (name: string) => page().locator(`::-p-aria([name="${name}"][role="button"])`);

  return {
    collectionIdByName,
    button,

    /** Texts of a collection row's count cells, by field. */
    async rowCounts(name: string): Promise<Record<string, string>> {
      const id = await collectionIdByName(name);
      return page().$eval(`[data-testid=collection-row-${id}]`, (row) => {
        const counts: Record<string, string> = {};
        for (const cell of Array.from(row.querySelectorAll<HTMLElement>('[data-field]'))) {
          counts[cell.dataset.field ?? ''] = cell.innerText.trim();
        }
        return counts;
      });
    },

    /** Waits until a collection row's count cell reads `value`. */
    async waitForRowCount(name: string, field: string, value: string): Promise<void> {
      const id = await collectionIdByName(name);
      await page().waitForFunction(
        (selector, v) => document.querySelector<HTMLElement>(selector)?.innerText.trim() === v,
        {},
        `[data-testid=collection-row-${id}] [data-field=${field}]`,
        value,
      );
    },

    leadNames: () =>
      page().$$eval('[data-testid=lead-row] td:first-child', (cells) =>
        cells.map((c) => (c as HTMLElement).innerText.trim()),
      ),

    waitForLeadCount: (count: number) =>
      page().waitForFunction(
        (n) => document.querySelectorAll('[data-testid=lead-row]').length === n,
        {},
        count,
      ),

    async waitForSummary(text: string): Promise<void> {
      await page().waitForFunction(
        (t) => document.querySelector<HTMLElement>('[data-testid=leads-summary]')?.innerText === t,
        {},
        text,
      );
    },

    /** Axe measures colours as painted: wait for a dialog's opening fade to finish first. */
    async expectNoSeriousViolations(): Promise<void> {
      await page().waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await seriousAxeViolations(page())).toEqual([]);
    },

    /** Waits until a dialog has closed and its fade-out is over (its backdrop no longer takes clicks). */
    async waitForDialogClosed(testId: string): Promise<void> {
      await page().waitForSelector(`[data-testid=${testId}]`, { hidden: true });
      await waitForDialogsGone(page());
    },

    /** Picks a file in the import dialog's file input, as a user choosing it would. */
    async chooseFile(file: string): Promise<void> {
      const input = (await page().waitForSelector(
        'input[type=file][data-testid=import-file-input]',
      )) as ElementHandle<HTMLInputElement> | null;
      if (!input) throw new Error('no file input');
      await input.uploadFile(file);
    },

    async createCollectionThroughUi(name: string): Promise<void> {
      await button('New collection').click();
      const dialog = await page().waitForSelector('[data-testid=create-collection-dialog]');
      await dialog?.$eval('input', (input) => (input as HTMLInputElement).focus());
      await page().keyboard.type(name);
      await button('Create collection').click();
    },
  };
}
