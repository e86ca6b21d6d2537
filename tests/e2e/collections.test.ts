import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp } from './support/app.ts';
import { type PageErrors, waitForText } from './support/browser.ts';
import { seedCollectionWithLeads, useCollectionsPage } from './support/collections-page.ts';

/**
 * The collections screen: a collection made through its form (a duplicate name refused), the counts
 * of each collection and of "All", renaming and deleting. Its leads: leads.test.ts.
 */
let app: E2EApp;
let account: Account;
let page: Page & PageErrors;
const {
  button,
  collectionIdByName,
  createCollectionThroughUi,
  expectNoSeriousViolations,
  rowCounts,
  waitForDialogClosed,
} = useCollectionsPage('collections', (run) => {
  ({ app, account, page } = run);
});

describe('collections', () => {
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

  it('shows the counts of each collection with availableToMessage, and "All" sums them', async () => {
    // Three leads in the collection made above, and two more collections of 20 and 21.
    const spring = await collectionIdByName('Spring leads');
    await callAs(app, account)(contract.leads.create, {
      body: {
        collectionId: spring,
        leads: ['ann', 'bob', 'cara'].map((n) => ({ profileUrl: `https://facebook.com/${n}.e2e` })),
      },
    });
    const twenty = await seedCollectionWithLeads(app, account, 'Exactly twenty', 20);
    const more = await seedCollectionWithLeads(app, account, 'Twenty one', 21);
    // What the desktop agent records as it works, written straight into the database.
    const db = app.running.ctx.db;
    const first = async (collectionId: number, n: number) =>
      (await db('leads').where({ collection_id: collectionId }).orderBy('id').limit(n).select('id')).map(
        (row: { id: number }) => row.id,
      );
    const ids = await first(more, 5);
    // Every lead visited: five have a Message button, the rest none (unknown would count as one).
    await db('leads').whereIn('collection_id', [more, twenty, spring]).update({ has_message_button: false });
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
