import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type E2EApp, startE2EApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  screenshotsIn,
  seriousAxeViolations,
  signIn,
  waitForText,
} from './support/browser.ts';
import { type ProfileRun, startProfileRun, startRunCampaign, until } from './support/profile-run.ts';

/**
 * The inbox (issue 17) end to end: a campaign's welcome opens a conversation with a sandbox person,
 * who answers; the inbox (another browser, signed in) shows it unread; a reply typed in its reply
 * box is typed by the profile's browser (the built extension) into the sandbox person's thread, and
 * the inbox shows it sent, live. Screenshots at 1440 and 390 px in test-artifacts/inbox/.
 */
let app: E2EApp;
let sandbox: Sandbox;
let run: ProfileRun | undefined;
const shoot = screenshotsIn('inbox');

beforeAll(async () => {
  [app, sandbox] = await Promise.all([startE2EApp(), startSandbox({ seed: 17, people: 12 })]);
});
afterAll(async () => {
  await run?.close();
  await sandbox?.close();
  await app?.close();
});

describe('the inbox', () => {
  it('sends a reply typed in the inbox through the profile browser into the sandbox thread', async () => {
    const people = (await sandbox.admin.people()).filter((p) => p.hasMessageButton && !p.sendsRequests);
    const [lead] = people as [PersonSummary];
    await sandbox.admin.setBehaviour(lead.slug, {
      acceptAfterMs: 500,
      reply: 'asks-price',
      replyAfterMs: 500,
    });
    run = await startProfileRun(app, sandbox, inject('extensionDir'), [lead]);
    const profileRun = run;
    const fromUs = async () =>
      profileRun.fromUs((await sandbox.admin.receivedBy(lead.slug)).messages).map((m) => m.text);
    const first = lead.name.split(' ')[0];
    await startRunCampaign(run, {
      name: 'Inbox outreach',
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}!' }],
      dailyCaps: { friendRequest: 10, welcomeMessage: 10 },
    });
    await until('the welcome', async () => (await fromUs()).includes(`Hi ${first}!`));
    // The lead's answer reaches the server (the extension reads the messenger between tasks).
    const conversation = await until('the answer in the inbox', async () => {
      const { conversations } = await profileRun.call(contract.inbox.list, {});
      const c = conversations.find((x) => x.unread);
      return c ?? null;
    });
    expect(conversation).toMatchObject({ name: lead.name, campaignName: 'Inbox outreach', unread: true });

    const viewer = await launchBrowser();
    try {
      const page = await openPage(viewer.browser);
      await page.setViewport({ width: 1440, height: 900 });
      await signIn(page, app, run.account);
      await page.goto(`${app.url}/inbox`);
      await page.waitForSelector('[data-testid=inbox-item][data-unread=true]');
      expect(await page.$eval('[data-testid=inbox-unread-count]', (e) => e.textContent)).toBe('1 unread');
      await shoot(page, 'list', 1440);

      // j opens the first conversation (reading it), r goes to the reply box.
      await page.keyboard.press('j');
      await page.waitForSelector('[data-testid=inbox-thread]');
      await waitForText(page, `Hi ${first}!`);
      await page.waitForSelector('[data-testid=inbox-item][data-unread=false]');
      await page.keyboard.press('r');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'inbox-reply',
      );
      const reply = `Thanks ${first}, it is $10 a month. Shall we talk on Friday?`;
      await page.keyboard.type(reply);
      await page.locator('[data-testid=inbox-send]').click();
      // Queued at once, AI replies paused, then sent by the profile's browser.
      await waitForText(page, 'AI replies paused');
      await until('the reply in the sandbox thread', async () => (await fromUs()).includes(reply));
      await page.waitForFunction(
        (text) =>
          Array.from(document.querySelectorAll('[data-testid=inbox-thread] li')).some(
            (li) =>
              li.textContent?.includes(text) &&
              li.querySelector('[data-testid=outbox-status]')?.textContent === 'Sent',
          ),
        { timeout: 60_000 },
        reply,
      );
      const thread = await run.call(contract.inbox.get, { params: { id: conversation.id } });
      expect(thread.outbox).toMatchObject([{ status: 'sent', text: reply, error: null }]);
      expect(thread.aiPaused).toBe(true);
      expect(await fromUs()).toEqual([`Hi ${first}!`, reply]);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, 'thread', 1440);

      // On a phone: the list, then the thread.
      await page.setViewport({ width: 390, height: 844 });
      await shoot(page, 'thread', 390);
      await page.locator('[data-testid=inbox-thread] button::-p-text(Back)').click();
      await page.waitForSelector('[data-testid=inbox-list]', { visible: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, 'list', 390);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);

      // e marks it done: it leaves the Open view.
      await page.locator('[data-testid=inbox-item]').click();
      await page.waitForSelector('[data-testid=inbox-thread]', { visible: true });
      await page.keyboard.press('e');
      await until('done', async () => {
        const open = await run?.call(contract.inbox.list, {});
        return open?.conversations.length === 0;
      });
    } finally {
      await viewer.close();
    }
  });
});
