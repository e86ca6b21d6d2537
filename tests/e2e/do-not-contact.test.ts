import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import type { ElementHandle, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type Account, callAs, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  screenshotsIn,
  seriousAxeViolations,
  signInAt,
  waitForText,
} from './support/browser.ts';
import { connectExtension, launchProfileBrowser, logInToSandbox } from './support/extension.ts';
import { until, utcTime } from './support/profile-run.ts';

/**
 * The do-not-contact list in Chromium against the sandbox network (issue 17): a person puts a lead
 * on the list in one click from its row in the leads list (and undoes it once), adds a company on
 * the Do not contact page and imports a CSV file; then two campaigns run on two profile browsers
 * (the built extension, each logged in to its own sandbox account) over the same people, and the
 * sandbox's own records show nobody of the listed company, nor the lead put on the list, received
 * a request from either profile, while everyone else did. Screens at 1440 and 390 px go to
 * test-artifacts/do-not-contact/.
 */

let app: E2EApp;
let sandbox: Sandbox;
let chromium: E2EBrowser;
const profileBrowsers: E2EBrowser[] = [];

beforeAll(async () => {
  // One after the other: the embedded database's start is the slow part on a loaded machine.
  app = await startE2EApp();
  sandbox = await startSandbox({ seed: 37, people: 30 });
  chromium = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await Promise.all(profileBrowsers.map((b) => b.close()));
  await chromium?.close();
  await sandbox?.close();
  await app?.close();
});

const shoot = screenshotsIn('do-not-contact', { fullPage: true });

/** A profile of the account: its own sandbox account, logged in, in its own browser with the extension. */
async function connectProfile(account: Account, name: string): Promise<number> {
  const call = callAs(app, account);
  const login = `dnc-${name}-${process.pid}`;
  await sandbox.admin.createAccount({ login, password: 'profile-password', name });
  const browser = await launchProfileBrowser(inject('extensionDir'));
  profileBrowsers.push(browser);
  await logInToSandbox(browser.browser, sandbox, login, 'profile-password');
  const profile = await call(contract.profiles.create, { body: { name } });
  await connectExtension(browser.browser, {
    serverUrl: app.url,
    accessToken: account.user.accessToken,
    profileId: profile.id,
    networkUrl: sandbox.url,
  });
  return profile.id;
}

/** The row of a lead in the leads list, found by its name. */
async function leadRow(page: Page, name: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (n) =>
      Array.from(document.querySelectorAll('[data-testid=lead-row]')).find((row) =>
        row.textContent?.includes(n),
      ),
    {},
    name,
  );
  return handle as ElementHandle<Element>;
}

describe('the do-not-contact list', () => {
  it('keeps a listed company and a lead put on the list in one click away from two campaigns on two profiles', async () => {
    const account = await registerAccount(app, 'dnc');
    const call = callAs(app, account);
    const people = (await sandbox.admin.people()).filter((p) => !p.sendsRequests).slice(0, 7);
    expect(people).toHaveLength(7);
    const [oneClick, ...rest] = people as [PersonSummary, ...PersonSummary[]];
    const globex = rest.slice(0, 3);
    const initech = rest.slice(3);
    const companyOf = (p: PersonSummary) => (globex.includes(p) ? 'Globex Corporation' : 'Initech');

    // Two collections of the same people (each worked by its own campaign), with their company column.
    const collections: number[] = [];
    for (const name of ['Spring leads', 'Autumn leads']) {
      const collection = await call(contract.collections.create, { body: { name } });
      await call(contract.leads.create, {
        body: {
          collectionId: collection.id,
          leads: people.map((p) => ({ profileUrl: `${sandbox.url}${p.url}`, name: p.name })),
        },
      });
      collections.push(collection.id);
    }
    // The imported columns as a CSV import keeps them (leads.fields).
    for (const p of people) {
      await app.running.ctx
        .db('leads')
        .where({ organization_id: account.user.organizationId, profile_url: `${sandbox.url}${p.url}` })
        .update({ fields: JSON.stringify({ Company: companyOf(p), City: 'Lyon' }) });
    }

    // One click on a lead's row, undone from the toast, then again for good.
    const page = await openPage(chromium.browser);
    // The machine this runs on may be loaded: waits are for conditions, with room.
    await page.setViewport({ width: 1440, height: 900 });
    // Signed in straight to the collection; the lead's row below is what we wait for.
    await signInAt(page, app, account, `/collections/${collections[0]}`);
    const row = await leadRow(page, oneClick.name);
    await (await row.$('[data-testid=do-not-contact-button]'))?.click();
    await waitForText(page, `${oneClick.name} will not be contacted`, 60_000);
    await page.locator('[data-testid=toast-success] ::-p-text(Undo)').click();
    await waitForText(page, `${oneClick.name} is off the do-not-contact list`, 60_000);
    expect((await call(contract.doNotContact.list, { query: {} })).totalCount).toBe(0);
    await (await (await leadRow(page, oneClick.name)).$('[data-testid=do-not-contact-button]'))?.click();
    // The first toast may still be showing: the list itself says when the second add is in.
    await until(
      'the one-click entry',
      async () => (await call(contract.doNotContact.list, { query: {} })).totalCount === 1,
    );

    // The page: the entry the click made, a company added by hand, a CSV file imported.
    await page.goto(`${app.url}/do-not-contact`, { waitUntil: 'load' });
    await waitForText(page, '1 entry', 60_000);
    await page.waitForSelector(`[data-testid=dnc-entry][data-value="${sandbox.url}${oneClick.url}"]`);
    await page.select('[data-testid=dnc-kind]', 'company');
    await page.locator('[data-testid=dnc-value]').fill('Globex Corporation');
    await page.locator('[data-testid=dnc-note]').fill('Existing customer');
    await page.locator('[data-testid=dnc-add]').click();
    await page.waitForSelector('[data-testid=dnc-entry][data-value="globex corporation"]');
    const work = mkdtempSync(path.join(tmpdir(), 'reachly-dnc-e2e-'));
    const file = path.join(work, 'blocklist.csv');
    writeFileSync(
      file,
      [
        'kind,value',
        'keyword,recruiter',
        'company,globex corporation',
        'colour,blue',
        'profileUrl,not a link',
        'name,Jane Roe',
      ].join('\n'),
    );
    const input = (await page.$('[data-testid=dnc-import-file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await page.waitForSelector('[data-testid=dnc-import-report]');
    const report = await page.$eval('[data-testid=dnc-import-report]', (e) => (e as HTMLElement).innerText);
    expect(report).toContain('blocklist.csv: 2 added, 1 duplicate, 2 bad');
    expect(report).toContain('Line 4: Unknown kind "colour"');
    expect(report).toContain('Line 5: Not an http(s) link to a profile');
    expect(report).toContain('Line 3: Already on the list');
    await waitForText(page, '4 entries', 60_000);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'list', 1440);
    await page.locator('[data-testid=dnc-search]').fill('globex');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=dnc-entry]').length === 1);
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${app.url}/do-not-contact`, { waitUntil: 'load' });
    await waitForText(page, '4 entries', 60_000);
    await shoot(page, 'list', 390);
    expect(page.errors).toEqual([]);

    // Two profiles, two campaigns over the same people, after the list was made.
    const profileIds = [await connectProfile(account, 'North'), await connectProfile(account, 'South')];
    const campaigns = [];
    for (const [i, collectionId] of collections.entries()) {
      const campaign = await call(contract.campaigns.create, {
        body: {
          name: `Campaign ${i + 1}`,
          collectionId,
          profileIds,
          steps: [{ type: 'friendRequest' }],
          workingHours: { start: utcTime(-3), end: utcTime(3) },
          gapSeconds: { min: 1, max: 2 },
          dailyCaps: { friendRequest: 100 },
        },
      });
      await call(contract.campaigns.start, { params: { id: campaign.id } });
      campaigns.push(campaign);
    }
    const ourLogins = (from: string | null) => from?.startsWith('dnc-') === true;
    const requestsTo = async (p: PersonSummary) =>
      (await sandbox.admin.receivedBy(p.slug)).requests.filter((r) => ourLogins(r.from));
    await until(
      'requests to everyone not on the list',
      async () => (await Promise.all(initech.map(requestsTo))).every((r) => r.length === 1),
      400_000,
    );
    // Both profiles are still claiming; whatever either does now, the listed people get nothing.
    for (const campaign of campaigns) {
      await until('both campaigns planned', async () => {
        const { logs } = await call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 100 },
        });
        return logs.some((l) => l.type === 'TARGETING_FINISHED');
      });
    }
    const { logs } = await call(contract.campaigns.logs, {
      params: { id: campaigns[0]?.id ?? 0 },
      query: { limit: 100 },
    });
    expect(logs.map((l) => l.message)).toContain(
      '3 new lead(s) targeted; 4 skipped: on the do-not-contact list',
    );
    const received = await sandbox.admin.received();
    for (const p of [oneClick, ...globex]) {
      const got = received[p.slug];
      expect(got?.requests.filter((r) => ourLogins(r.from)) ?? [], p.name).toEqual([]);
      expect(got?.messages.filter((m) => ourLogins(m.from)) ?? [], p.name).toEqual([]);
    }
    // Each of the others heard from one profile only, once.
    for (const p of initech) expect(await requestsTo(p), p.name).toHaveLength(1);
  }, 900_000);
});
