import { SLOW_DOWN_TEXTS } from '@reachly/shared/constants';
import { describe, expect, it } from 'vitest';
import { type E2EApp, registerAccount } from './support/app.ts';
import { type E2EBrowser, openPage, screenshotsIn, signIn } from './support/browser.ts';
import { seedCampaign, seedCollection, seedProfile } from './support/campaigns.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('slow-down');

/**
 * The slow-down's notices (issue 17; written by server/src/engine/slow-down.ts with these texts,
 * server/test/slow-down.test.ts) as the run page shows them: both read in full, the profile named,
 * nothing wider than a phone's screen. Screenshots at 390 and 1440 px in test-artifacts/slow-down/.
 */
describe('the slow-down notices on the run page', () => {
  it('show why the cap stepped down and when it came back, within the page at 390 and 1440 px', async () => {
    const account = await registerAccount(app);
    const collection = await seedCollection(app, account, 'Slow leads');
    const profile = await seedProfile(app, account, 'Anna Berlin');
    const campaign = await seedCampaign(app, account, {
      name: 'Slow outreach',
      collectionId: collection.id,
      profileIds: [profile.id],
      steps: [{ type: 'friendRequest' }],
    });
    const down = SLOW_DOWN_TEXTS.steppedDown({
      profile: 'Anna Berlin',
      cap: 10,
      from: 20,
      accepted: 4,
      decided: 30,
      threshold: 0.2,
      farBelow: false,
      decidedAfterDays: 14,
    });
    const up = SLOW_DOWN_TEXTS.steppedUp({
      profile: 'Anna Berlin',
      cap: 20,
      from: 10,
      accepted: 9,
      decided: 30,
      atLeast: 0.25,
    });
    await app.running.ctx.db('campaign_logs').insert(
      [down, up].map((message, i) => ({
        organization_id: account.user.organizationId,
        campaign_id: campaign.id,
        profile_id: profile.id,
        type: 'SIGNAL',
        message,
        created_at: new Date(Date.now() - (2 - i) * 86_400_000),
      })),
    );

    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewport({ width, height });
      await page.goto(`${app.url}/campaigns/${campaign.id}`, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=notice]').length === 2);
      const notices = await page.$$eval('[data-testid=notice]', (els) =>
        els.map((el) => ({
          text: (el as HTMLElement).innerText,
          overflows: el.scrollWidth > el.clientWidth,
          right: el.getBoundingClientRect().right,
        })),
      );
      // Newest first: the step back up, then the step down.
      expect(notices.map((n) => n.text)).toEqual([
        expect.stringContaining(up),
        expect.stringContaining(down),
      ]);
      for (const n of notices) {
        expect(n.text).toContain('Anna Berlin');
        expect(n.overflows).toBe(false);
        expect(n.right).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.$eval('[data-testid=notices]', (el) => el.scrollIntoView());
      await shoot(page, 'notices', width);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
