import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { callAs, type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  openPage,
  screenshotsIn,
  signInAt,
  waitForDialogsGone,
  waitForText,
} from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

/**
 * Every page and dialog built from the shared pieces (PageHeader, DataTable, AppDialog,
 * DialogFormFooter, FormError, MessageField, the buy cards and popups), opened as a person opens
 * them, at 1440 and 390 px. Each screen must show its own title and raise no page error; the
 * screenshots go to test-artifacts/screens/ to be looked at.
 */
let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('screens');
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

/** Clicks the first visible button or link whose text or accessible name is `name`. */
async function press(page: Page, name: string): Promise<void> {
  await page.locator(`::-p-aria(${name})`).click();
}

/** Closes the open dialog the way a person would, and waits until all of it is gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await waitForDialogsGone(page);
}

describe('every screen at 1440 and 390 px', () => {
  it('shows each page and dialog with its content and no page error', async () => {
    const account = await registerAccount(app, 'screens');
    const call = callAs(app, account);
    const collection = await call(contract.collections.create, { body: { name: 'Spring outreach' } });
    await call(contract.leads.create, {
      body: {
        collectionId: collection.id,
        leads: ['Olivia Hart', 'Noah Berg', 'Emma Stone', 'Liam Park'].map((name, i) => ({
          profileUrl: `https://sandbox.example/people/person-${i + 1}`,
          name,
        })),
      },
    });
    const profile = await call(contract.profiles.create, { body: { name: 'Anna Work' } });
    const campaign = await call(contract.campaigns.create, {
      body: {
        name: 'Spring welcome',
        collectionId: collection.id,
        profileIds: [profile.id],
        steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}!' }],
      },
    });

    const page = await openPage(chromium.browser);
    for (const [width, height] of SIZES) {
      await page.setViewport({ width, height });
      // Each page below is opened by its address once its document has loaded, then waits for
      // its own content (not for networkidle0, which waited ~1.4 s past every load).
      if (width === 1440) await signInAt(page, app, account, '/collections');
      else await page.goto(`${app.url}/collections`, { waitUntil: 'load' });
      await waitForText(page, 'Spring outreach');
      await shoot(page, 'collections', width);
      await press(page, 'New collection');
      await page.waitForSelector('[data-testid=collection-name-input]');
      await shoot(page, 'collection-new-dialog', width);
      await closeDialog(page);

      await page.goto(`${app.url}/collections/${collection.id}`, { waitUntil: 'load' });
      await waitForText(page, 'Olivia Hart');
      await shoot(page, 'leads', width);
      await press(page, 'Add leads');
      await page.waitForSelector('[data-testid=add-leads-input]');
      await shoot(page, 'leads-add-dialog', width);
      await closeDialog(page);
      await press(page, 'Import CSV');
      await page.waitForSelector('[data-testid=import-file-input]');
      await shoot(page, 'leads-import-dialog', width);
      await closeDialog(page);

      await page.goto(`${app.url}/profiles`, { waitUntil: 'load' });
      await waitForText(page, 'Anna Work');
      await shoot(page, 'profiles', width);
      await press(page, 'Add profile');
      await page.waitForSelector('[data-testid=profile-form-dialog]');
      // Submitting an empty form shows the form's errors (FormError, the field messages).
      await page.locator('[data-testid=profile-form-dialog] button[type=submit]').click();
      await page.waitForSelector('[data-testid=profile-form-dialog] [aria-invalid=true]');
      await shoot(page, 'profile-add-dialog-errors', width);
      await closeDialog(page);
      await press(page, 'Import cookies for Anna Work');
      await page.waitForSelector('[data-testid=import-cookies-dialog]');
      await shoot(page, 'profile-cookies-dialog', width);
      await closeDialog(page);
      await press(page, 'Delete Anna Work');
      await page.waitForSelector('[role=alertdialog], [role=dialog]');
      await shoot(page, 'profile-delete-dialog', width);
      await closeDialog(page);

      await page.goto(`${app.url}/campaigns`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=campaign-row]');
      await shoot(page, 'campaigns', width);
      await page.goto(`${app.url}/campaigns/new`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('[data-testid=campaign-form]');
      await shoot(page, 'campaign-new', width);
      await page.goto(`${app.url}/campaigns/${campaign.id}/edit`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=step-card]');
      // The welcome step's message is the campaign's own, in its editor.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('textarea')).some((t) => t.value === 'Hi {firstName}!'),
      );
      await shoot(page, 'campaign-edit', width);
      await page.goto(`${app.url}/campaigns/${campaign.id}`, { waitUntil: 'load' });
      await waitForText(page, 'Spring welcome');
      await page.waitForSelector('[data-testid=campaign-profile-row]');
      await shoot(page, 'campaign-run', width);

      await page.goto(`${app.url}/license`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=license-card]');
      await shoot(page, 'license', width);
      await press(page, 'Buy a licence');
      await page.waitForSelector('[data-testid=payment-instructions]');
      await shoot(page, 'license-buy-popup', width);
      await closeDialog(page);
      await press(page, 'Buy traffic');
      await page.waitForSelector('[data-testid=payment-instructions]');
      await shoot(page, 'traffic-buy-popup', width);
      await closeDialog(page);
    }

    // The sign-in form's error (FormError) for a wrong password, on a fresh page with no session.
    const context = await chromium.browser.createBrowserContext();
    const anonymous = await context.newPage();
    for (const [width, height] of SIZES) {
      await anonymous.setViewport({ width, height });
      await anonymous.goto(`${app.url}/signin`, { waitUntil: 'load' });
      await anonymous.locator('input[type=email]').fill(account.email);
      await anonymous.locator('input[type=password]').fill('not-the-password');
      await anonymous.locator('button[type=submit]').click();
      await waitForText(anonymous, 'Wrong email or password.');
      await shoot(anonymous, 'signin-error', width);
    }
    await context.close();
    expect(page.errors).toEqual([]);
  }, 300_000);
});
