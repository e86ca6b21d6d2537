import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  LOCAL_STORAGE_KEYS,
} from '@reachly/shared/constants';
import type { KeyInput, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, type E2EApp, registerAccount } from './support/app.ts';
import {
  card,
  centre,
  column,
  columnTop,
  countOf,
  isPatchRequest,
  mouseDrag,
  namesIn,
  nextMoveSaved,
  settledCard,
  waitForCount,
  waitForNames,
} from './support/board-page.ts';
import {
  type E2EBrowser,
  openPage,
  type PageErrors,
  seriousAxeViolations,
  signInAt,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { type SeedCard, seedCards, seedCollection } from './support/seed-board.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

interface Board {
  account: Account;
  page: Page & PageErrors;
  collectionId: number;
}

/** A new account whose collection "Outreach" holds `cards`, signed in on the board. */
async function boardWith(cards: Omit<SeedCard, 'collectionId'>[]): Promise<Board> {
  const account = await registerAccount(app, 'board');
  const collectionId = await seedCollection(app.running.ctx.db, account.user.organizationId, 'Outreach');
  await seedCards(
    app.running.ctx.db,
    account.user.organizationId,
    cards.map((c) => ({ ...c, collectionId })),
  );
  const page = await openPage(chromium.browser);
  await signInAt(page, app, account, '/board');
  // The board renders its columns once its data has come (a loading state before).
  await page.waitForSelector('[data-testid=funnel-board], [data-testid=empty-state]');
  return { account, page, collectionId };
}

/**
 * Reloads the page and waits for the board's columns, which render with the board's data: the
 * columns' checks that follow wait 10 s at most, which a cold load on a busy machine can take.
 */
async function reloadBoard(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('[data-testid=funnel-board]');
}

/** Types into the search box as a user does: select what is there, delete it, type. */
async function searchFor(page: Page, text: string): Promise<void> {
  const input = 'input[aria-label="Search conversations"]';
  await page.click(input, { count: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.type(input, text);
}

/** Presses a key once the page has painted what the previous key did (a user's pace, not a robot's). */
async function press(page: Page, key: KeyInput): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.keyboard.press(key);
}

/** Waits until the drag-and-drop live region (what a screen reader hears) says `text`. */
async function waitForAnnouncement(page: Page, text: string): Promise<void> {
  const said = () =>
    page.$$eval('[id^=DndLiveRegion]', (regions) => regions.map((e) => e.textContent ?? '').join(' '));
  await page
    .waitForFunction(
      (t) => Array.from(document.querySelectorAll('[id^=DndLiveRegion]')).some((e) => e.textContent === t),
      { timeout: 10_000 },
      text,
    )
    .catch(async () => {
      throw new Error(`the live region says "${await said()}", not "${text}"`);
    });
}

/**
 * Every lead name of a column, top to bottom. A column renders only the cards near the visible part
 * of its list, so the list is scrolled from top to bottom and each rendered card read by its index.
 */
async function allNamesIn(page: Page, status: ConversationStatus): Promise<string[]> {
  return page.$eval(`${column(status)} .board-column__list`, async (list) => {
    const frames = () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const names = new Map<number, string>();
    list.scrollTop = 0;
    for (;;) {
      await frames();
      for (const slot of Array.from(list.querySelectorAll<HTMLElement>('[data-index]'))) {
        const name = slot.querySelector('.board-card__name')?.textContent?.trim() ?? '';
        names.set(Number(slot.dataset.index), name);
      }
      if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
      list.scrollTop += Math.max(1, Math.floor(list.clientHeight / 2));
    }
    return [...names].sort((a, b) => a[0] - b[0]).map(([, name]) => name);
  });
}

/** Scrolls a column's list until the named card is rendered, then brings it to the list's middle. */
async function scrollToCard(page: Page, status: ConversationStatus, name: string): Promise<void> {
  await page.$eval(
    `${column(status)} .board-column__list`,
    async (list, wanted) => {
      const frames = () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      const find = () =>
        Array.from(list.querySelectorAll('.board-card__name')).find((e) => e.textContent?.trim() === wanted);
      list.scrollTop = 0;
      for (;;) {
        await frames();
        const found = find();
        if (found) {
          found.closest('[data-testid=board-card]')?.scrollIntoView({ block: 'center' });
          await frames();
          return;
        }
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) throw new Error(`no card ${wanted}`);
        list.scrollTop += Math.max(1, Math.floor(list.clientHeight / 2));
      }
    },
    name,
  );
}

const greeting = (name: string) => [
  { direction: 'out' as const, text: `Hi ${name}, glad to connect!` },
  { direction: 'in' as const, text: `Hello! Tell me more, ${name} here.` },
];

describe('funnel board', () => {
  it('says campaigns fill the board while there are no conversations', async () => {
    const { page } = await boardWith([]);
    await waitForText(page, 'No conversations yet');
    await waitForText(page, 'Your campaigns fill the board');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows the ten columns with labels and counts, and cards with name, last message and time', async () => {
    const { page } = await boardWith([
      { status: 'sent', name: 'Alice Archer', messages: greeting('Alice') },
      { status: 'sent', name: 'Bob Baker' },
      { status: 'replied', name: 'Dana Diaz', messages: greeting('Dana') },
      { status: 'booked', name: 'Eve Evans', messages: greeting('Eve') },
    ]);
    const labels = await page.$$eval('[data-testid^=column-] h2', (els) =>
      els.map((e) => (e.textContent ?? '').trim()),
    );
    expect(labels).toEqual(CONVERSATION_STATUSES.map((s) => s.label));
    const counts: Record<string, string> = {};
    for (const s of CONVERSATION_STATUSES) counts[s.value] = await countOf(page, s.value);
    expect(counts).toEqual({
      sent: '2',
      replied: '1',
      qualified: '0',
      interested: '0',
      'call-to-action-sent': '0',
      booked: '1',
      'website-link-sent': '0',
      'contact-later': '0',
      'not-interested': '0',
      unqualified: '0',
    });
    expect(await namesIn(page, 'sent')).toEqual(['Alice Archer', 'Bob Baker']);
    const alice = await card(page, 'Alice Archer');
    const text = await alice.evaluate((e) => e.textContent);
    expect(text).toContain('Hello! Tell me more, Alice here.');
    expect(await alice.$eval('time', (t) => t.getAttribute('datetime'))).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Each header carries its status's gradient and text colour.
    const header = await page.$eval(`${column('booked')} .board-column__header`, (e) => {
      const style = getComputedStyle(e);
      return { image: style.backgroundImage, color: style.color };
    });
    expect(header.image).toContain('linear-gradient');
    expect(header.color).toBe('rgb(255, 255, 255)');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('moves a card to another column with the mouse at once, and keeps it there after a reload', async () => {
    const { page } = await boardWith([
      { status: 'sent', name: 'Alice Archer' },
      { status: 'sent', name: 'Bob Baker' },
      { status: 'replied', name: 'Dana Diaz' },
    ]);
    const saved = nextMoveSaved(page);
    await mouseDrag(page, await card(page, 'Alice Archer'), await columnTop(page, 'replied'));
    // Optimistic: there at once, counts adjusted, before the server answers.
    await waitForNames(page, 'replied', ['Alice Archer', 'Dana Diaz']);
    await waitForNames(page, 'sent', ['Bob Baker']);
    expect(await countOf(page, 'sent')).toBe('1');
    expect(await countOf(page, 'replied')).toBe('2');
    expect((await saved).status()).toBe(200);

    await reloadBoard(page);
    await waitForNames(page, 'replied', ['Alice Archer', 'Dana Diaz']);
    await waitForNames(page, 'sent', ['Bob Baker']);
    expect(await countOf(page, 'replied')).toBe('2');

    // Within a column: Dana goes above Alice.
    const reordered = nextMoveSaved(page);
    await mouseDrag(page, await card(page, 'Dana Diaz'), await columnTop(page, 'replied'));
    await waitForNames(page, 'replied', ['Dana Diaz', 'Alice Archer']);
    expect((await reordered).status()).toBe(200);
    await reloadBoard(page);
    await waitForNames(page, 'replied', ['Dana Diaz', 'Alice Archer']);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('snaps a card back with an error toast when the server refuses the move', async () => {
    const { page } = await boardWith([
      { status: 'sent', name: 'Alice Archer' },
      { status: 'sent', name: 'Bob Baker' },
    ]);
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (!isPatchRequest(request)) return void request.continue();
      // Held until the page shows the optimistic move, then refused.
      void answered.then(() =>
        request.respond({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The database is unavailable.' } }),
        }),
      );
    });
    await mouseDrag(page, await card(page, 'Bob Baker'), await columnTop(page, 'qualified'));
    await waitForNames(page, 'qualified', ['Bob Baker']);
    await waitForCount(page, 'qualified', 1);
    release();
    await waitForNames(page, 'sent', ['Alice Archer', 'Bob Baker']);
    await waitForNames(page, 'qualified', []);
    await waitForCount(page, 'sent', 2);
    await waitForCount(page, 'qualified', 0);
    await page.waitForSelector('[data-testid=toast-error]');
    await waitForText(page, 'The conversation could not be moved');
    await waitForText(page, 'The database is unavailable.');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('moves a card with the keyboard: Space, arrows, Space', async () => {
    const { page } = await boardWith([
      { status: 'sent', name: 'Alice Archer' },
      { status: 'sent', name: 'Bob Baker' },
      { status: 'replied', name: 'Dana Diaz' },
    ]);
    // Each key waits for what a screen reader would say, as a user waits for the card to move.
    const first = nextMoveSaved(page);
    await (await card(page, 'Alice Archer')).focus();
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Picked up Alice Archer in SENT, position 1 of 2.');
    await press(page, 'ArrowDown');
    await waitForAnnouncement(page, 'Alice Archer is over SENT, position 2 of 2.');
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Alice Archer was dropped in SENT, position 2 of 2.');
    await waitForNames(page, 'sent', ['Bob Baker', 'Alice Archer']);
    expect((await first).status()).toBe(200);

    const second = nextMoveSaved(page);
    await (await card(page, 'Bob Baker')).focus();
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Picked up Bob Baker in SENT, position 1 of 2.');
    await press(page, 'ArrowRight');
    await waitForAnnouncement(page, 'Bob Baker is over REPLIED, position 1 of 2.');
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Bob Baker was dropped in REPLIED, position 1 of 2.');
    await waitForNames(page, 'replied', ['Bob Baker', 'Dana Diaz']);
    await waitForNames(page, 'sent', ['Alice Archer']);
    expect((await second).status()).toBe(200);

    await reloadBoard(page);
    await waitForNames(page, 'replied', ['Bob Baker', 'Dana Diaz']);
    await waitForNames(page, 'sent', ['Alice Archer']);

    // Escape cancels: the card goes back where it was.
    await (await card(page, 'Alice Archer')).focus();
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Picked up Alice Archer in SENT, position 1 of 1.');
    await press(page, 'ArrowRight');
    await waitForAnnouncement(page, 'Alice Archer is over REPLIED, position 1 of 3.');
    await press(page, 'Escape');
    await waitForAnnouncement(page, 'Moving cancelled. Alice Archer is back in SENT, position 1 of 1.');
    await waitForNames(page, 'sent', ['Alice Archer']);
    await waitForNames(page, 'replied', ['Bob Baker', 'Dana Diaz']);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('moves a card with a long press and a drag on a touch screen', async () => {
    const { page } = await boardWith([
      { status: 'sent', name: 'Alice Archer' },
      { status: 'replied', name: 'Dana Diaz' },
    ]);
    await page.setViewport({ width: 1400, height: 900, hasTouch: true });
    await page.waitForSelector('[data-testid=board-card]');
    const moved = nextMoveSaved(page);
    const start = await centre(await card(page, 'Alice Archer'));
    const to = await columnTop(page, 'replied');
    await page.touchscreen.touchStart(start.x, start.y);
    // The touch sensor waits for a press (a swipe scrolls the board instead).
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (let i = 1; i <= 20; i += 1) {
      await page.touchscreen.touchMove(
        start.x + ((to.x - start.x) * i) / 20,
        start.y + ((to.y - start.y) * i) / 20,
      );
    }
    await page.touchscreen.touchEnd();
    await waitForNames(page, 'replied', ['Alice Archer', 'Dana Diaz']);
    await waitForNames(page, 'sent', []);
    expect((await moved).status()).toBe(200);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('loads more cards of a column, ten at a time, until its count', async () => {
    const names = Array.from({ length: 62 }, (_, i) => `Lead ${String(i + 1).padStart(2, '0')}`);
    const { page } = await boardWith(names.map((name) => ({ status: 'interested', name })));
    await waitForCount(page, 'interested', 62);
    expect(await allNamesIn(page, 'interested')).toEqual(names.slice(0, 50));
    // A column of 50 cards keeps only those near its visible part in the page.
    const rendered = await page.$$eval(
      `${column('interested')} [data-testid=board-card]`,
      (els) => els.length,
    );
    expect(rendered).toBeLessThan(30);
    const loadMore = `${column('interested')} ::-p-text(Load more)`;
    await page.locator(loadMore).click();
    await waitForText(page, '60 of 62 shown');
    expect(await allNamesIn(page, 'interested')).toEqual(names.slice(0, 60));
    await page.locator(loadMore).click();
    await page.waitForFunction(
      (selector) => !document.querySelector(selector),
      {},
      `${column('interested')} .board-column__footer`,
    );
    expect(await allNamesIn(page, 'interested')).toEqual(names);
    expect(await page.$(loadMore)).toBeNull();

    // The last card, scrolled into view, can be dragged like the first (mouse, then keyboard).
    await page.$eval(`${column('interested')} .board-column__list`, (list) => {
      list.scrollTop = list.scrollHeight;
    });
    const moved = nextMoveSaved(page);
    await mouseDrag(page, await settledCard(page, 'Lead 62'), await columnTop(page, 'sent'));
    await waitForNames(page, 'sent', ['Lead 62']);
    expect((await moved).status()).toBe(200);
    await waitForCount(page, 'interested', 61);
    const again = nextMoveSaved(page);
    await scrollToCard(page, 'interested', 'Lead 45');
    await (await card(page, 'Lead 45')).focus();
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Picked up Lead 45 in INTERESTED, position 45 of 61.');
    await press(page, 'ArrowUp');
    await waitForAnnouncement(page, 'Lead 45 is over INTERESTED, position 44 of 61.');
    await press(page, 'Space');
    await waitForAnnouncement(page, 'Lead 45 was dropped in INTERESTED, position 44 of 61.');
    expect((await again).status()).toBe(200);
    const order = await allNamesIn(page, 'interested');
    expect(order.slice(42, 46)).toEqual(['Lead 43', 'Lead 45', 'Lead 44', 'Lead 46']);
    // Columns without cards beyond the first page offer no load more.
    expect(await page.$(`${column('sent')} ::-p-text(Load more)`)).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens a card in a drawer with its messages, in and out', async () => {
    const { page } = await boardWith([
      { status: 'replied', name: 'Dana Diaz', messages: greeting('Dana') },
      { status: 'sent', name: 'Bob Baker' },
    ]);
    await (await card(page, 'Dana Diaz')).click();
    const drawer = '[data-testid=conversation-drawer]';
    await page.waitForSelector(`${drawer} [data-testid=conversation-messages]`);
    const messages = await page.$$eval(`${drawer} li[data-direction]`, (els) =>
      els.map((e) => ({
        direction: (e as HTMLElement).dataset.direction,
        text: e.textContent,
        time: e.querySelector('time')?.getAttribute('datetime'),
      })),
    );
    expect(messages.map((m) => m.direction)).toEqual(['out', 'in']);
    expect(messages[0]?.text).toContain('Hi Dana, glad to connect!');
    expect(messages[0]?.text).toContain('Sent');
    expect(messages[1]?.text).toContain('Hello! Tell me more, Dana here.');
    expect(messages[1]?.text).toContain('Received');
    expect(messages.every((m) => m.time)).toBe(true);
    await waitForText(page, 'REPLIED');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector(drawer, { hidden: true });

    // Enter opens a focused card too; a card without messages says so.
    await (await card(page, 'Bob Baker')).focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector(drawer);
    await waitForText(page, 'No messages yet');

    // The same conversation opens in the inbox, where a person replies.
    await page.locator(`${drawer} [data-testid=open-in-inbox]`).click();
    await page.waitForFunction(() => window.location.pathname === '/inbox');
    await waitForText(page, 'Bob Baker');
    expect(new URL(page.url()).searchParams.get('c')).toMatch(/^\d+$/);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('filters the board by search and by collection', async () => {
    const { account, page } = await boardWith([
      { status: 'sent', name: 'Alice Archer', messages: greeting('Alice') },
      { status: 'replied', name: 'Bob Baker', messages: [{ direction: 'in', text: 'Pricing please' }] },
      { status: 'replied', name: 'Carol Clark' },
    ]);
    const other = await seedCollection(app.running.ctx.db, account.user.organizationId, 'Second list');
    await seedCards(app.running.ctx.db, account.user.organizationId, [
      { collectionId: other, status: 'booked', name: 'Zed Zimmer' },
    ]);
    await reloadBoard(page);
    await waitForNames(page, 'booked', ['Zed Zimmer']);

    await searchFor(page, 'pricing');
    await waitForNames(page, 'replied', ['Bob Baker']);
    await waitForNames(page, 'sent', []);
    await waitForCount(page, 'replied', 1);
    await waitForCount(page, 'booked', 0);
    await searchFor(page, 'nobody-matches');
    await waitForText(page, 'No conversations match your search');
    await searchFor(page, '');
    await waitForNames(page, 'replied', ['Bob Baker', 'Carol Clark']);

    await page.waitForSelector(`[data-testid=collection-select] option[value="${other}"]`);
    await page.select('[data-testid=collection-select]', String(other));
    await waitForNames(page, 'booked', ['Zed Zimmer']);
    await waitForNames(page, 'replied', []);
    await waitForCount(page, 'sent', 0);
    await page.select('[data-testid=collection-select]', 'all');
    await waitForNames(page, 'replied', ['Bob Baker', 'Carol Clark']);
    await waitForCount(page, 'booked', 1);

    // A stored collection that is not this account's (deleted, another user's) falls back to All.
    await page.evaluate((key) => localStorage.setItem(key, '999999'), LOCAL_STORAGE_KEYS.currentCollection);
    await reloadBoard(page);
    await waitForNames(page, 'replied', ['Bob Baker', 'Carol Clark']);
    await waitForNames(page, 'booked', ['Zed Zimmer']);
    expect(await page.$eval('[data-testid=collection-select]', (e) => (e as HTMLSelectElement).value)).toBe(
      'all',
    );
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
