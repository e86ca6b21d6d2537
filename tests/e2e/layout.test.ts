import type { Page } from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Account, E2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  openPage,
  type PageErrors,
  screenshotsIn,
  seriousAxeViolations,
  signInAt,
  waitForDialogsGone,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { boardFacts, type LayoutPage, layoutFacts, seedLayoutAccount } from './support/layout-pages.ts';

/**
 * The signed-in shell on a phone, a tablet and a desktop, in light and dark: every page at 390 and
 * 1440 px in both modes (and at 768 px in light) is reached as a person reaches it (the menu
 * drawer at 390 px, the nav row at 1440 px), starts right under a header of at most 64 px on a
 * phone, scrolls no page sideways, marks its menu entry as current, and has no serious axe
 * violation (color-contrast included). The colour mode switch (Light / Dark / System) survives a
 * reload and "System" follows prefers-color-scheme. Screenshots in test-artifacts/layout/.
 */
let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('layout');
const MODE_KEY = 'reachly-color-mode';
type Mode = 'light' | 'dark';

let account: Account;
let pages: LayoutPage[];
let page: Page & PageErrors;

beforeAll(async () => {
  ({ account, pages } = await seedLayoutAccount(app));
  page = await openPage(chromium.browser);
  await signInAt(page, app, account);
}, 180_000);

/** The menu entry a page belongs to (a collection's leads are under Collections). */
const navEntry = (path: string) => `/${path.split('/')[1]}`;

/**
 * Waits until the page shows its data: the route has rendered (the menu marks its entry; the
 * previous page stays on screen while a page's code loads) and the page's own content is there.
 */
async function ready(target: LayoutPage): Promise<void> {
  await page.waitForFunction((path) => window.location.pathname === path, {}, target.path);
  if (target.path !== '/download') {
    await page.waitForFunction(
      (entry) =>
        document.querySelector('[data-testid=nav-row] a[aria-current=page]')?.getAttribute('href') === entry,
      {},
      navEntry(target.path),
    );
  }
  if (target.ready.startsWith('text=')) await waitForText(page, target.ready.slice(5), 60_000);
  else await page.waitForSelector(target.ready);
}

/**
 * Opens a page as a person does: through its link in the nav row where the row shows it (1440 px;
 * at 768 px the work pages), else through the menu button's drawer (390 px; at 768 px the
 * account's pages); a page without a menu entry, or the first, by its address.
 */
async function open(target: LayoutPage, previous: LayoutPage | null): Promise<void> {
  const inShell = previous !== null && previous.path !== '/download';
  const rowLink = `[data-testid=nav-row] a[href="${target.path}"]`;
  if (!target.inNav || !inShell) {
    // Its document loaded; `ready` below waits for the page's own content, as after a click.
    await page.goto(`${app.url}${target.path}`, { waitUntil: 'load' });
  } else if (await page.$eval(rowLink, (a) => (a as HTMLElement).offsetParent !== null)) {
    await page.locator(rowLink).click();
  } else {
    await page.locator('[data-testid=nav-menu-button]').click();
    await page.waitForSelector('[data-testid=nav-drawer] nav a');
    // The drawer marks the page being left as the current one.
    const current = await page.$eval('[data-testid=nav-drawer] nav a[aria-current=page]', (a) =>
      a.getAttribute('href'),
    );
    expect.soft(current, `current entry in the drawer on ${previous.name}`).toBe(navEntry(previous.path));
    await page.locator(`[data-testid=nav-drawer] a[href="${target.path}"]`).click();
    await waitForDialogsGone(page);
  }
  await ready(target);
}

/** Visits every page at one width in one mode and checks what a person sees. */
async function visitAll(mode: Mode, width: number, height: number, axe: boolean): Promise<void> {
  await page.setViewport({ width, height });
  // The stored choice wins over the system's preference, which is set to the other mode.
  await page.emulateMediaFeatures([
    { name: 'prefers-color-scheme', value: mode === 'dark' ? 'light' : 'dark' },
  ]);
  await page.evaluate((key, m) => localStorage.setItem(key, m), MODE_KEY, mode);
  let previous: LayoutPage | null = null;
  for (const target of pages) {
    await open(target, previous);
    previous = target;
    const where = `${target.name} at ${width} px in ${mode}`;
    if (width < 600 && target.path !== '/download') {
      const drawerShown = await page.$('[data-testid=nav-drawer]');
      expect.soft(drawerShown, `the menu drawer closed on ${where}`).toBeNull();
    }
    const facts = await layoutFacts(page);
    expect.soft(facts.htmlClass, where).toContain(mode);
    expect.soft(facts.darkBackground, where).toBe(mode === 'dark');
    expect.soft(facts.overflow, `sideways page scroll of ${where}`).toBeLessThanOrEqual(0);
    if (target.path !== '/download') {
      expect.soft(facts.mainGap, `gap under the header of ${where}`).toBeLessThanOrEqual(1);
      if (width < 600) expect.soft(facts.headerHeight, where).toBeLessThanOrEqual(64);
      else {
        expect.soft(facts.navRowWraps, `nav row wraps on ${where}`).toBe(false);
        expect.soft(facts.navRowClipped, `nav row cut off on ${where}`).toBe(false);
        // Below 1200 px the account's pages are in the menu drawer, not the row.
        if (width >= 1200) expect.soft(facts.currentLink, where).toBe(navEntry(target.path));
      }
    }
    if (target.name === 'board') {
      // The columns scroll sideways inside the board (snapping on a phone), which spans the content's width.
      const board = await boardFacts(page);
      expect.soft(board, where).toMatchObject({ scrolls: true, focusable: true });
      expect.soft(board.fill, `board width on ${where}`).toBeGreaterThan(0.98);
      if (width < 600) expect.soft(board.snap, where).toContain('x');
    }
    if (axe) expect.soft(await seriousAxeViolations(page), `axe on ${where}`).toEqual([]);
    await shoot(page, `${target.name}-${mode}`, width);
  }
}

/** The colour mode <html> has, and whether the page is painted dark. */
async function paintedMode(): Promise<{ mode: string; dark: boolean }> {
  const facts = await layoutFacts(page);
  return { mode: facts.htmlClass.includes('dark') ? 'dark' : 'light', dark: facts.darkBackground };
}

/** Chooses an entry of the colour mode menu (in the header, or in the open drawer at 390 px). */
async function chooseMode(label: 'Light' | 'Dark' | 'System', scope = ''): Promise<void> {
  await page.locator(`${scope} [data-testid=color-mode-button]`.trim()).click();
  await page.locator(`[role=menuitemradio] ::-p-text(${label})`).click();
}

describe('the signed-in shell at 390, 768 and 1440 px, light and dark', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`every page in ${mode} at 1440 and 390 px: header, menu, no sideways scroll, contrast`, async () => {
      await visitAll(mode, 1440, 900, true);
      await visitAll(mode, 390, 844, true);
      expect(page.errors).toEqual([]);
    }, 600_000);
  }

  it('every page at 768 px: one nav row, no sideways scroll', async () => {
    await visitAll('light', 768, 1024, false);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it('switches Light / Dark / System; the choice survives a reload and System follows the system', async () => {
    await page.setViewport({ width: 1440, height: 900 });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await page.evaluate((key) => localStorage.removeItem(key), MODE_KEY);
    await page.goto(`${app.url}/board`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid=funnel-board]');
    // Nothing chosen: the system's light.
    expect(await paintedMode()).toEqual({ mode: 'light', dark: false });

    await chooseMode('Dark');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-testid=funnel-board]');
    expect(await paintedMode()).toEqual({ mode: 'dark', dark: true });

    await chooseMode('System');
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    expect(await paintedMode()).toEqual({ mode: 'light', dark: false });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-testid=funnel-board]');
    expect(await paintedMode()).toEqual({ mode: 'dark', dark: true });

    // On a phone the switch is in the menu drawer.
    await page.setViewport({ width: 390, height: 844 });
    await page.locator('[data-testid=nav-menu-button]').click();
    await chooseMode('Light', '[data-testid=nav-drawer]');
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await waitForDialogsGone(page);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-testid=funnel-board]');
    expect(await paintedMode()).toEqual({ mode: 'light', dark: false });
    expect(page.errors).toEqual([]);
  }, 120_000);

  it("paints a stored dark mode before the app's script has loaded (no light flash)", async () => {
    // A context of its own: nothing cached, so the app's script, refused, never runs.
    const context = await chromium.browser.createBrowserContext();
    const early = await context.newPage();
    await early.evaluateOnNewDocument((key) => localStorage.setItem(key, 'dark'), MODE_KEY);
    await early.setRequestInterception(true);
    early.on('request', (request) =>
      /\/assets\/.*\.js$/.test(new URL(request.url()).pathname) ? request.abort() : request.continue(),
    );
    await early.goto(`${app.url}/signin`, { waitUntil: 'load' });
    // The loading page: the root still empty (its "Loading Reachly…" is a ::before of it).
    expect(await early.$eval('#root', (root) => root.childElementCount)).toBe(0);
    const facts = await layoutFacts(early);
    expect({ htmlClass: facts.htmlClass, dark: facts.darkBackground }).toEqual({
      htmlClass: 'dark',
      dark: true,
    });
    await shoot(early, 'loading-dark', 1440);
    await context.close();
  }, 120_000);
});
