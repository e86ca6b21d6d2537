import { OffsetClock } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type E2EApp, startE2EApp } from './support/app.ts';
import { openPage, screenshotsIn, seriousAxeViolations, signIn } from './support/browser.ts';
import { describeRun, startProfileRun, startRunCampaign, until } from './support/profile-run.ts';

/**
 * A sequence (issue 17) worked by the built extension in a profile browser on the sandbox network
 * (its clock at 60x): the lead's page is visited first (the sandbox records the visit), then the
 * request goes out; a simulated day later on both clocks the unanswered request is withdrawn and
 * the person followed, as the sandbox's own records show. Then the builder shows the sequence with
 * its conditions, at 1440 and 390 px.
 */
const clock = new OffsetClock();
let app: E2EApp;
let sandbox: Sandbox;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  [app, sandbox] = await Promise.all([
    startE2EApp({}, { engine: { clock } }),
    startSandbox({ seed: 23, people: 30, speed: 60 }),
  ]);
});
afterAll(async () => {
  await sandbox?.close();
  await app?.close();
});

const FORM = '[data-testid=campaign-form]';

async function addStep(page: Page, label: string): Promise<void> {
  await page.locator(`::-p-aria([name="Add step"][role="button"])`).click();
  await page.locator(`::-p-aria([name="${label}"][role="menuitem"])`).click();
  await page.waitForSelector('[data-testid=add-step-menu]', { hidden: true });
}

describe('a sequence with a visit, a withdrawal and a follow', () => {
  it('visits, sends the request, withdraws it unanswered after a simulated day, then follows', async () => {
    const [never] = (await sandbox.admin.people()).filter((p) => !p.sendsRequests) as [PersonSummary];
    await sandbox.admin.setBehaviour(never.slug, { acceptAfterMs: null, reply: null });
    const run = await startProfileRun(app, sandbox, inject('extensionDir'), [never]);
    const campaign = await startRunCampaign(run, {
      name: 'Visit, ask, then follow',
      steps: [
        { type: 'visitProfile' },
        { type: 'friendRequest', withdrawAfterDays: 1, afterWithdrawal: { action: 'followPerson' } },
      ],
      dailyCaps: { friendRequest: 10 },
    });
    const received = async () => {
      const r = await sandbox.admin.receivedBy(never.slug);
      return {
        visits: run.fromUs(r.visits),
        requests: run.fromUs(r.requests),
        follows: run.fromUs(r.follows),
      };
    };
    try {
      const before = await until('the visit, then the request', async () => {
        const r = await received();
        return r.requests.length === 1 ? r : null;
      });
      // The visit came first: the sandbox saw the page opened before the request went out.
      expect(before.visits.length).toBeGreaterThanOrEqual(1);
      expect(before.visits[0]?.at ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(
        before.requests[0]?.sentAt ?? 0,
      );
      expect(before.follows).toEqual([]);
      // The request's age counts from its done report, which reaches the server a moment after the
      // network shows the request: the day passes once the server has it.
      const logged = async (prefix: string) => {
        const { logs } = await run.call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 50 },
        });
        const texts = logs.map((l) => l.message ?? '');
        return texts.some((t) => t.startsWith(prefix)) ? texts : null;
      };
      await until('the request logged', () => logged('Friend request sent'));

      // A day later on both clocks: the server plans the withdrawal, and the follow once it is done.
      clock.advance({ days: 1, minutes: 2 });
      await sandbox.admin.setClock({ advanceMs: DAY + 2 * 60_000 });
      app.running.ctx.engine.wake(run.account.user.organizationId, [run.profileId], 'a day passed');
      const after = await until('the withdrawal, then the follow', async () => {
        const r = await received();
        return r.requests[0]?.status === 'withdrawn' && r.follows.length === 1 ? r : null;
      });
      const [withdrawn] = after.requests;
      expect((withdrawn?.withdrawnAt ?? 0) - (withdrawn?.sentAt ?? 0)).toBeGreaterThanOrEqual(DAY);
      expect(after.follows[0]?.at ?? 0).toBeGreaterThanOrEqual(
        withdrawn?.withdrawnAt ?? Number.POSITIVE_INFINITY,
      );
      // The log tells it as it happened, once the outcome has reached the server.
      const messages = await until('the follow logged', () => logged('Followed them'));
      expect(messages).toEqual(
        expect.arrayContaining([
          'Visited their profile',
          'Friend request sent',
          'Friend request withdrawn: unanswered after 1 days',
          'Followed them after withdrawing the unanswered request',
        ]),
      );

      // The builder reads the sequence with its conditions, at a desktop's width and a phone's.
      const page = await openPage(run.browser.browser);
      await signIn(page, app, run.account);
      await page.goto(`${app.url}/campaigns/new`, { waitUntil: 'networkidle0' });
      await page.waitForSelector(FORM);
      await addStep(page, 'Visit profile');
      await addStep(page, 'Friend request');
      await page.locator(`${FORM} label:has(input[name="steps.1.withdrawRequests"])`).click();
      await page.waitForSelector(`${FORM} select[name="steps.1.afterWithdrawal"]`);
      await page.select(`${FORM} select[name="steps.1.afterWithdrawal"]`, 'followPerson');
      await addStep(page, 'Welcome message');
      await addStep(page, 'AI reply');
      await addStep(page, 'Follow-up');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=step-when]').length === 5);
      const when = await page.$$eval('[data-testid=step-when]', (els) => els.map((e) => e.textContent));
      expect(when).toEqual([
        'First, for each targeted lead.',
        'After the visit. If not accepted in 14 days: withdraw the request, then follow them.',
        'After the request is accepted.',
        'If the lead replies: the sequence stops and the AI answers by intent; a person takes over beyond it.',
        'If no reply in 3 days: follow-up 1 of 1.',
      ]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const shoot = screenshotsIn('sequence');
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewport({ width, height });
        await page.$eval('[data-testid=steps-editor]', (el) => el.scrollIntoView({ block: 'start' }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The steps as a person first sees them, then the whole form.
        await shoot(page, 'sequence-builder', width);
        await shoot(page, 'sequence-builder-full', width, true);
      }
      expect(page.errors).toEqual([]);
      await page.close();
    } catch (error) {
      throw new Error(`${String(error)}\n${await describeRun(run, campaign.id)}`);
    } finally {
      await run.close();
    }
  });
});
