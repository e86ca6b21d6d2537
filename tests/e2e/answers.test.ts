import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import { describe, expect, it } from 'vitest';
import { callAs, type E2EApp, registerAccount, repoRoot } from './support/app.ts';
import { revealCard } from './support/board-page.ts';
import { type E2EBrowser, openPage, settleAnimations, signIn, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { seedCards, seedCollection } from './support/seed-board.ts';

/**
 * What a lead's answer leaves on the board, as a person sees it at 1440 and 390 px: the day a
 * "later" lead is to be written to again, a badge on an answer that needs a person (with the reason
 * in the conversation), a referral from a wrong-person answer. Screenshots go to test-artifacts/.
 */
let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const artefacts = path.join(repoRoot, 'test-artifacts', 'answers');

/** A day some weeks ahead, as the engine stores it (the profile's own YYYY-MM-DD). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('answers on the board', () => {
  it('shows the day to write again, the answers that need a person and a referral, at 1440 and 390 px', async () => {
    mkdirSync(artefacts, { recursive: true });
    const account = await registerAccount(app, 'answers');
    const org = account.user.organizationId;
    const db = app.running.ctx.db;
    const collectionId = await seedCollection(db, org, 'Spring outreach');
    const [later, foreign, wrong] = await seedCards(db, org, [
      {
        collectionId,
        status: 'contact-later',
        name: 'Maya Lindqvist',
        messages: [
          { direction: 'out', text: 'Hi Maya, thanks for connecting!' },
          { direction: 'in', text: 'Swamped this month, ping me again in three weeks.' },
        ],
      },
      {
        collectionId,
        status: 'replied',
        name: 'Jorge Ramírez',
        messages: [
          { direction: 'out', text: 'Hi Jorge, thanks for connecting!' },
          { direction: 'in', text: '¿Cuánto cuesta? No hablo inglés.' },
        ],
      },
      {
        collectionId,
        status: 'unqualified',
        name: 'Tom Becker',
        messages: [
          { direction: 'out', text: 'Hi Tom, thanks for connecting!' },
          { direction: 'in', text: "I don't work there anymore, ask Sarah Miller." },
        ],
      },
    ]);
    const day = dayAhead(21);
    await db('conversations').where({ id: later }).update({ contact_on: day });
    await db('conversations')
      .where({ id: foreign })
      .update({ needs_person: 'Written in Spanish (es); the model reads English' });
    await db('conversations')
      .where({ id: wrong })
      .update({ note: 'Pointed to Sarah Miller (not the right person)' });
    const shownDay = new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
      ...(day.slice(0, 4) === String(new Date().getFullYear()) ? {} : { year: 'numeric' }),
    }).format(new Date(`${day}T00:00:00Z`));

    const page = await openPage(chromium.browser);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewport({ width, height });
      if (width === 1440) await signIn(page, app, account);
      else await page.goto(`${app.url}/board`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('[data-testid=funnel-board]');
      const card = (id: number) => `[data-testid=board-card][data-card-id="${id}"]`;
      // On a phone the columns scroll sideways (only those near view have their cards in the page):
      // each card is brought into view as it is read.
      const text = async (id: number) => {
        await revealCard(page, card(id));
        return page.$eval(card(id), (el) => (el as HTMLElement).innerText);
      };
      expect(await text(later as number)).toContain(`Contact again on ${shownDay}`);
      expect(await text(foreign as number)).toContain('Needs a person');
      expect(await text(wrong as number)).toContain('Pointed to Sarah Miller (not the right person)');
      await revealCard(page, card(later as number));
      await page.screenshot({
        path: path.join(artefacts, `board-contact-later-${width}.png`) as `${string}.png`,
      });
      await revealCard(page, card(foreign as number));
      await page.screenshot({
        path: path.join(artefacts, `board-needs-person-${width}.png`) as `${string}.png`,
      });
    }

    // The conversation says why a person should answer.
    await page.locator(`[data-testid=board-card][data-card-id="${foreign}"]`).click();
    await page.waitForSelector('[data-testid=conversation-needs-person]');
    await waitForText(page, 'Needs a person: Written in Spanish (es); the model reads English');
    await settleAnimations(page);
    await page.screenshot({
      path: path.join(artefacts, 'conversation-needs-person-390.png') as `${string}.png`,
    });
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('lets the builder set the message and the default delay for a lead who asks for later', async () => {
    mkdirSync(artefacts, { recursive: true });
    const account = await registerAccount(app, 'later-builder');
    const call = callAs(app, account);
    const collection = await call(contract.collections.create, { body: { name: 'Leads' } });
    const profile = await call(contract.profiles.create, { body: { name: 'Anna' } });
    const created = await call(contract.campaigns.create, {
      body: {
        name: 'Later',
        collectionId: collection.id,
        profileIds: [profile.id],
        steps: [
          { type: 'welcomeMessage', template: 'Hi {firstName}' },
          {
            type: 'aiReply',
            intents: { 'contact-later': 'Sure, I will write again then.' },
            contactLater: {
              template: 'Hi again {firstName}, you asked me to write about now.',
              defaultDays: 21,
            },
          },
        ],
      },
    });
    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewport({ width, height });
      await page.goto(`${app.url}/campaigns/${created.id}/edit`, { waitUntil: 'networkidle0' });
      const field = await page.waitForSelector('textarea[name="steps.1.contactLaterTemplate"]');
      expect(await field?.evaluate((el) => (el as HTMLTextAreaElement).value)).toBe(
        'Hi again {firstName}, you asked me to write about now.',
      );
      const days = await page.$eval(
        'input[name="steps.1.contactLaterDays"]',
        (el) => (el as HTMLInputElement).value,
      );
      expect(days).toBe('21');
      await field?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({
        path: path.join(artefacts, `builder-contact-later-${width}.png`) as `${string}.png`,
      });
    }
    expect(page.errors).toEqual([]);
  }, 120_000);
});
