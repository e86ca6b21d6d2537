import type { ConversationStatus } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer';
import { isCallOf } from './browser.ts';

/** The funnel board as the end-to-end files drive it: its columns, cards and a mouse drag. */

export const column = (status: ConversationStatus) => `[data-testid=column-${status}]`;

/** The lead names on the cards of a column, top to bottom. */
export function namesIn(page: Page, status: ConversationStatus): Promise<string[]> {
  return page.$$eval(`${column(status)} [data-testid=board-card] .board-card__name`, (els) =>
    els.map((e) => (e.textContent ?? '').trim()),
  );
}

/** Waits until a column shows exactly these names, in this order. */
export async function waitForNames(page: Page, status: ConversationStatus, names: string[]): Promise<void> {
  await page
    .waitForFunction(
      (selector, expected) =>
        JSON.stringify(
          Array.from(document.querySelectorAll(selector)).map((e) => (e.textContent ?? '').trim()),
        ) === expected,
      { timeout: 10_000 },
      `${column(status)} [data-testid=board-card] .board-card__name`,
      JSON.stringify(names),
    )
    .catch(async () => {
      throw new Error(
        `${status} shows ${JSON.stringify(await namesIn(page, status))}, not ${JSON.stringify(names)}`,
      );
    });
}

export function countOf(page: Page, status: ConversationStatus): Promise<string> {
  return page.$eval(`${column(status)} [data-testid=column-count]`, (e) => (e.textContent ?? '').trim());
}

export async function waitForCount(page: Page, status: ConversationStatus, count: number): Promise<void> {
  await page.waitForFunction(
    (selector, expected) => document.querySelector(selector)?.textContent?.trim() === expected,
    { timeout: 10_000 },
    `${column(status)} [data-testid=column-count]`,
    String(count),
  );
}

export async function card(page: Page, name: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(
    `xpath///*[@data-testid="board-card"][.//*[contains(@class, "board-card__name")][normalize-space()="${name}"]]`,
  );
  if (!handle) throw new Error(`no card for ${name}`);
  return handle as ElementHandle<Element>;
}

export async function centre(handle: ElementHandle<Element>): Promise<{ x: number; y: number }> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Waits until the named card has stopped moving: after a scroll the column's card window renders
 * again, and a drag started on the card's old place (under load, before that render) grabs nothing.
 */
export async function settledCard(page: Page, name: string): Promise<ElementHandle<Element>> {
  const frames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  let last = '';
  for (;;) {
    const handle = await card(page, name);
    const box = JSON.stringify(await handle.boundingBox());
    if (box === last && box !== 'null') return handle;
    last = box;
    await frames();
  }
}

/** A mouse drag as a user makes it: press, move in steps, release over the target. */
export async function mouseDrag(page: Page, from: ElementHandle<Element>, to: { x: number; y: number }) {
  const start = await centre(from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 25 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

/** The top of a column's card list (above its first card). */
export async function columnTop(page: Page, status: ConversationStatus): Promise<{ x: number; y: number }> {
  const list = await page.$(`${column(status)} .board-column__list`);
  if (!list) throw new Error(`no list in ${status}`);
  const box = await list.boundingBox();
  if (!box) throw new Error('list not visible');
  return { x: box.x + box.width / 2, y: box.y + 12 };
}

export const isPatchRequest = (r: HTTPRequest) => isCallOf(r, contract.conversations.move);
/** The server's answer to the next move. */
export const nextMoveSaved = (page: Page) => page.waitForResponse((r) => isPatchRequest(r.request()));

/**
 * Scrolls the board sideways, column by column, until the card `selector` names is in the page, then
 * brings it to the middle of the view: a phone renders only the cards of the columns in or near view.
 */
export async function revealCard(page: Page, selector: string): Promise<void> {
  await page.$$eval(
    '[data-testid^=column-][data-status]',
    async (columns, wanted) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      for (const col of columns) {
        if (document.querySelector(wanted)) break;
        col.scrollIntoView({ inline: 'center', block: 'nearest' });
        // The column shows its cards once the browser has seen it near (or it has none).
        const empty = col.querySelector('[data-testid=column-count]')?.textContent?.trim() === '0';
        while (!empty && !col.querySelector('[data-testid=board-card]')) await frame();
      }
      const card = document.querySelector(wanted);
      if (!card) throw new Error(`no card ${wanted} in any column`);
      card.scrollIntoView({ block: 'center', inline: 'center' });
      await frame();
    },
    selector,
  );
}
