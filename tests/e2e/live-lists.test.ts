import { contract, type EndpointSpec } from '@reachly/shared/contract';
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  isCallOf,
  openPage,
  type PageErrors,
  screenshotsIn,
  signInAt,
  waitForDialogsGone,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

/**
 * Issue 19, "a live board and lists": two members of one organisation, each in a browser of their
 * own (own cookies, own socket), on the same page. What one changes through the page (a collection
 * made, renamed, deleted; leads added and excluded; a profile added and renamed; a campaign started
 * and paused; a do-not-contact entry) shows in the other's page without a reload. The page a change
 * came from does not fetch its list again for its own echo: it already has the change. Pushes reach
 * a tab in the order the server sent them, so once a page shows the other's later change, its own
 * echo has come and gone: from the change until then it fetched the list once for its own change
 * (when its mutation refetches at all) and once for the other's, never a third time.
 */

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('live-lists');
type LivePage = Page & PageErrors;

let owner: Account;
let colleague: Account;
/** The owner's page ("A") and the colleague's ("B"), side by side. */
let mine: LivePage;
let theirs: LivePage;

/** A member's own browser (a context of its own: own cookies, own socket), signed in at `path`. */
async function browserOf(account: Account, path: string): Promise<LivePage> {
  const context = await chromium.browser.createBrowserContext();
  const page = await openPage(context as unknown as Browser);
  await page.setViewport({ width: 1440, height: 900 });
  await signInAt(page, app, account, path);
  await page.waitForSelector('[data-testid=connection-state][data-state=open]');
  return page;
}

/** Counts the page's calls of an endpoint from now on. */
function callsOf(page: Page, endpoint: EndpointSpec) {
  let count = 0;
  const listener = (request: HTTPRequest) => {
    if (isCallOf(request, endpoint)) count += 1;
  };
  page.on('request', listener);
  return {
    get count() {
      return count;
    },
    stop: () => page.off('request', listener),
  };
}

/** Opens a page of the dashboard by its address (a full load) and waits for its socket. */
async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
  await page.waitForSelector(ready);
  await page.waitForSelector('[data-testid=connection-state][data-state=open]');
}

const button = (page: Page, name: string) => page.locator(`::-p-aria([name="${name}"][role="button"])`);

/** Waits until an element matching `selector` contains `text` (or, with `present` false, none does). */
async function waitForIn(page: Page, selector: string, text: string, present = true): Promise<void> {
  await page.waitForFunction(
    (s, t, p) =>
      Array.from(document.querySelectorAll<HTMLElement>(s)).some((el) => el.innerText.includes(t)) === p,
    {},
    selector,
    text,
    present,
  );
}

/** Writes a name into the collection dialog (in place of what it held) and saves it. */
async function nameCollection(page: Page, dialog: string, name: string, save: string): Promise<void> {
  await page.locator(`[data-testid=${dialog}] [data-testid=collection-name-input]`).fill(name);
  await button(page, save).click();
  await page.waitForSelector(`[data-testid=${dialog}]`, { hidden: true });
  await waitForDialogsGone(page);
}

const collectionsRows = '[data-testid=collections-table] tbody tr';

/** Waits until the collections list has (or, with `present` false, no longer has) a collection of that name. */
async function waitForCollection(page: Page, name: string, present = true): Promise<void> {
  await page.waitForFunction(
    (n, p) =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          '[data-testid=collections-table] tbody tr button[aria-pressed]',
        ),
      ).some((b) => b.innerText.trim() === n) === p,
    {},
    name,
    present,
  );
}
const leadRows = '[data-testid=lead-row]';

beforeAll(async () => {
  owner = await registerAccount(app, 'live-lists-owner');
  const { inviteToken } = await callAs(app, owner)(contract.team.get);
  colleague = await registerAccount(app, 'live-lists-colleague', inviteToken);
  [mine, theirs] = await Promise.all([
    browserOf(owner, '/collections'),
    browserOf(colleague, '/collections'),
  ]);
});

describe('two members side by side', () => {
  it('see each other make, rename and delete a collection, and add and exclude its leads', async () => {
    const myCollections = callsOf(mine, contract.collections.list);
    const theirCollections = callsOf(theirs, contract.collections.list);

    // A makes a collection; B's list shows it.
    await button(mine, 'New collection').click();
    await nameCollection(mine, 'create-collection-dialog', 'Spring fair', 'Create collection');
    await waitForCollection(theirs, 'Spring fair');

    // B renames it; A's list shows the new name. A fetched its list twice: after its own create
    // and for B's rename (never for the echo of its create, which came before B's rename).
    await button(theirs, 'Rename Spring fair').click();
    await nameCollection(theirs, 'rename-collection-dialog', 'Autumn fair', 'Save name');
    await waitForCollection(mine, 'Autumn fair');
    expect(myCollections.count).toBe(2);

    // A (who selected the new collection on creating it) pastes three leads; B's row counts them.
    await button(mine, 'Add leads').click();
    await mine.waitForSelector('[data-testid=add-leads-dialog]');
    await mine.locator('[data-testid=add-leads-input]').click();
    await mine.keyboard.type(
      'https://facebook.com/ann.live, Ann Live\nhttps://facebook.com/bob.live, Bob Live\nhttps://facebook.com/cara.live, Cara Live',
    );
    await button(mine, 'Add 3 leads').click();
    await mine.waitForSelector('[data-testid=add-leads-result]');
    await mine.keyboard.press('Escape');
    await waitForDialogsGone(mine);
    await theirs.waitForFunction(
      (rows) =>
        Array.from(document.querySelectorAll<HTMLElement>(rows))
          .find((row) => row.querySelector<HTMLElement>('button[aria-pressed]')?.innerText === 'Autumn fair')
          ?.querySelector<HTMLElement>('[data-field=profiles]')?.innerText === '3',
      {},
      collectionsRows,
    );
    // B: A's create, its own rename, A's leads; not the echo of its rename, which came before.
    expect(theirCollections.count).toBe(3);

    // B opens the collection; A excludes Ann, B's list loses her; B excludes Bob, A's loses him.
    await button(theirs, 'Autumn fair').click();
    await theirs.waitForFunction((s) => document.querySelectorAll(s).length === 3, {}, leadRows);
    const myLeads = callsOf(mine, contract.leads.list);
    await button(mine, 'Exclude Ann Live').click();
    await waitForIn(theirs, leadRows, 'Ann Live', false);
    await button(theirs, 'Exclude Bob Live').click();
    await waitForIn(mine, leadRows, 'Bob Live', false);
    // A's list: once after its own exclusion, once for B's.
    expect(myLeads.count).toBe(2);
    expect(await theirs.$$eval(leadRows, (rows) => rows.map((r) => (r as HTMLElement).innerText))).toEqual([
      expect.stringContaining('Cara Live'),
    ]);
    for (const width of [390, 1440]) {
      await theirs.setViewport({ width, height: width === 390 ? 844 : 900 });
      await shoot(theirs, 'colleague-collection', width);
    }
    await theirs.setViewport({ width: 1440, height: 900 });

    // A deletes the collection: B's list and leads panel let it go (B is back on All).
    await button(mine, 'Delete Autumn fair').click();
    await mine.waitForSelector('[data-testid=delete-collection-dialog]');
    await button(mine, 'Delete collection').click();
    await waitForCollection(theirs, 'Autumn fair', false);
    await theirs.waitForFunction(() => window.location.pathname === '/collections');
    for (const counter of [myCollections, theirCollections, myLeads]) counter.stop();
  });

  it('see each other add and rename a profile', async () => {
    await Promise.all([
      open(mine, '/profiles', '[data-testid=empty-state]'),
      open(theirs, '/profiles', '[data-testid=empty-state]'),
    ]);
    const myProfiles = callsOf(mine, contract.profiles.list);
    const form = '[data-testid=profile-form-dialog]';

    await button(mine, 'Add profile').click();
    await mine.locator(`${form} input[name=name]`).fill('Live Anna');
    await mine.locator(`${form} button[type=submit]`).click();
    await mine.waitForSelector(form, { hidden: true });
    await waitForIn(theirs, '[data-testid=profile-row]', 'Live Anna');

    await button(theirs, 'Edit Live Anna').click();
    await theirs.locator(`${form} input[name=name]`).fill('Live Anna Berg');
    await theirs.locator(`${form} button[type=submit]`).click();
    await theirs.waitForSelector(form, { hidden: true });
    await waitForIn(mine, '[data-testid=profile-row]', 'Live Anna Berg');
    // A: once after its own save, once for B's.
    expect(myProfiles.count).toBe(2);
    myProfiles.stop();
  });

  it('see each other start and pause a campaign, and add to the do-not-contact list', async () => {
    const call = callAs(app, owner);
    const collection = await call(contract.collections.create, { body: { name: 'Live campaign leads' } });
    const { profiles } = await call(contract.profiles.list, { query: { page: 1, limit: 20 } });
    await call(contract.campaigns.create, {
      body: {
        name: 'Live outreach',
        collectionId: collection.id,
        profileIds: profiles.map((p) => p.id),
        steps: [{ type: 'friendRequest' }],
      },
    });
    const status = '[data-testid=campaign-row] [data-testid=campaign-status]';
    await Promise.all([open(mine, '/campaigns', status), open(theirs, '/campaigns', status)]);
    const myCampaigns = callsOf(mine, contract.campaigns.list);

    await button(mine, 'Start Live outreach').click();
    await theirs.waitForSelector(`${status}[data-status=running]`);
    await button(theirs, 'Pause Live outreach').click();
    await mine.waitForSelector(`${status}[data-status=paused]`);
    // A's start kept the server's answer (no fetch); B's pause made it fetch the list once.
    expect(myCampaigns.count).toBe(1);
    myCampaigns.stop();

    await Promise.all([
      open(mine, '/do-not-contact', '[data-testid=dnc-add-form]'),
      open(theirs, '/do-not-contact', '[data-testid=dnc-add-form]'),
    ]);
    const myEntries = callsOf(mine, contract.doNotContact.list);
    // The form's kind is "company" at first; the list shows the value as it matches (lower case).
    const entry = (value: string) => `[data-testid=dnc-entry][data-value="${value}"]`;
    await mine.locator('[data-testid=dnc-value]').fill('Live Corp');
    await mine.locator('[data-testid=dnc-add]').click();
    await theirs.waitForSelector(entry('live corp'));
    await theirs.locator('[data-testid=dnc-value]').fill('Second Corp');
    await theirs.locator('[data-testid=dnc-add]').click();
    await mine.waitForSelector(entry('second corp'));
    // A: once after its own entry, once for B's.
    expect(myEntries.count).toBe(2);
    myEntries.stop();
    expect(mine.errors).toEqual([]);
    expect(theirs.errors).toEqual([]);
  });
});
