import { contract } from '@reachly/shared/contract';
import type { Browser } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount } from './support/app.ts';
import { card, columnTop, mouseDrag, nextMoveSaved, waitForNames } from './support/board-page.ts';
import { type E2EBrowser, openPage, screenshotsIn, signIn, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { seedCards, seedCollection } from './support/seed-board.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('live-board');

/** A person's own browser (own cookies), signed in, on the board. */
async function browserOf(account: Account) {
  const context = await chromium.browser.createBrowserContext();
  const page = await openPage(context as unknown as Browser);
  await page.setViewport({ width: 1440, height: 900 });
  await signIn(page, app, account);
  await page.waitForSelector('[data-testid=funnel-board]');
  return page;
}

describe('two people of one organisation, side by side', () => {
  it("each sees the other's card move and a new collection without reloading", async () => {
    const owner = await registerAccount(app, 'live-owner');
    const { inviteToken } = await callAs(app, owner)(contract.team.get);
    const colleague = await registerAccount(app, 'live-colleague', inviteToken);
    const organizationId = owner.user.organizationId;
    const collectionId = await seedCollection(app.running.ctx.db, organizationId, 'Outreach');
    await seedCards(app.running.ctx.db, organizationId, [
      { collectionId, status: 'sent', name: 'Alice Archer' },
      { collectionId, status: 'sent', name: 'Bob Baker' },
      { collectionId, status: 'replied', name: 'Dana Diaz' },
    ]);
    const mine = await browserOf(owner);
    const theirs = await browserOf(colleague);
    await waitForNames(theirs, 'sent', ['Alice Archer', 'Bob Baker']);

    // The owner drags Alice to "replied"; the colleague's board shows it, no reload.
    const saved = nextMoveSaved(mine);
    await mouseDrag(mine, await card(mine, 'Alice Archer'), await columnTop(mine, 'replied'));
    expect((await saved).status()).toBe(200);
    await waitForNames(theirs, 'replied', ['Alice Archer', 'Dana Diaz']);
    await waitForNames(theirs, 'sent', ['Bob Baker']);

    // And back the other way: the colleague moves Bob, the owner sees it.
    const back = nextMoveSaved(theirs);
    await mouseDrag(theirs, await card(theirs, 'Bob Baker'), await columnTop(theirs, 'replied'));
    expect((await back).status()).toBe(200);
    await waitForNames(mine, 'replied', ['Bob Baker', 'Alice Archer', 'Dana Diaz']);
    // 1440 last: the nav row's Collections link below is in the menu drawer at 390 px.
    for (const width of [390, 1440]) {
      await theirs.setViewport({ width, height: width === 390 ? 844 : 900 });
      await shoot(theirs, 'colleague-board', width);
    }

    // A collection made elsewhere (here by a script with the owner's token) shows in the open list.
    await theirs.locator('nav ::-p-text(Collections)').click();
    await theirs.waitForFunction(() => window.location.pathname === '/collections');
    await waitForText(theirs, 'Outreach');
    await callAs(app, owner)(contract.collections.create, { body: { name: 'Spring fair' } });
    await waitForText(theirs, 'Spring fair', 60_000);
    expect(mine.errors).toEqual([]);
    expect(theirs.errors).toEqual([]);
    await mine.browserContext().close();
    await theirs.browserContext().close();
  });
});
