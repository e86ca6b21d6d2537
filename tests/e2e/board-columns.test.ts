import { describe, expect, it } from 'vitest';
import { type E2EApp, registerAccount } from './support/app.ts';
import { column, countOf, namesIn, waitForNames } from './support/board-page.ts';
import {
  type E2EBrowser,
  openPage,
  screenshotsIn,
  seriousAxeViolations,
  signInAt,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { seedCards, seedCollection } from './support/seed-board.ts';

/**
 * The board's columns sideways (issue 19): a phone shows one column and renders the cards of only
 * the columns in or near view; scrolling sideways brings the others' cards. Screenshots at 390 and
 * 1440 px, light and dark, in test-artifacts/board-columns/.
 */

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('board-columns');

describe('board columns sideways', () => {
  it('renders only the cards of the columns near view on a phone, and the last column once scrolled to', async () => {
    const account = await registerAccount(app, 'board-columns');
    const collectionId = await seedCollection(app.running.ctx.db, account.user.organizationId, 'Outreach');
    await seedCards(app.running.ctx.db, account.user.organizationId, [
      ...['Alice Archer', 'Bob Baker', 'Carol Chen'].map((name) => ({
        collectionId,
        status: 'sent' as const,
        name,
        messages: [{ direction: 'in' as const, text: `Hello, ${name} here.` }],
      })),
      { collectionId, status: 'replied', name: 'Dana Diaz' },
      { collectionId, status: 'unqualified', name: 'Zoe Zimmer' },
    ]);
    const page = await openPage(chromium.browser);
    await page.setViewport({ width: 390, height: 844, hasTouch: true, isMobile: true });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await signInAt(page, app, account, '/board');
    await waitForNames(page, 'sent', ['Alice Archer', 'Bob Baker', 'Carol Chen']);
    await waitForNames(page, 'replied', ['Dana Diaz']);
    // The last column is nine columns away: its count is there, its card is not in the page.
    expect(await countOf(page, 'unqualified')).toBe('1');
    expect(await namesIn(page, 'unqualified')).toEqual([]);
    await shoot(page, 'phone-start-light', 390);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Scrolled sideways to the last column (as a swipe does), its card shows.
    await page.$eval(column('unqualified'), (e) => e.scrollIntoView({ inline: 'start', block: 'nearest' }));
    await waitForNames(page, 'unqualified', ['Zoe Zimmer']);
    await shoot(page, 'phone-end-light', 390);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await shoot(page, 'phone-end-dark', 390);

    // On a desktop the same board: the first columns' cards at once, light and dark.
    await page.setViewport({ width: 1440, height: 900 });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await page.reload({ waitUntil: 'load' });
    await waitForNames(page, 'sent', ['Alice Archer', 'Bob Baker', 'Carol Chen']);
    await waitForNames(page, 'replied', ['Dana Diaz']);
    await shoot(page, 'desktop-light', 1440);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await shoot(page, 'desktop-dark', 1440);
    await page.setViewport({ width: 390, height: 844, hasTouch: true, isMobile: true });
    await page.reload({ waitUntil: 'load' });
    await waitForNames(page, 'sent', ['Alice Archer', 'Bob Baker', 'Carol Chen']);
    await shoot(page, 'phone-start-dark', 390);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
