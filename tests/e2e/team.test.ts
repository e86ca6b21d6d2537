import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  screenshotsIn,
  signInAt,
  waitForText,
} from './support/browser.ts';

/**
 * The Team page in Chromium: a second person joins through the copied invite link, the owner makes
 * them an admin and removes them; a user in two organisations switches and sees the other one's
 * collections; an API key made on the page works from Node and stops after "Revoke". Screens at 1440
 * and 390 px go to test-artifacts/team/.
 */
let app: E2EApp;
let chromium: E2EBrowser;
beforeAll(async () => {
  [app, chromium] = await Promise.all([startE2EApp(), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});

const shot = screenshotsIn('team', { fullPage: true });

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewport({ width, height: width < 500 ? 844 : 900 });
  await shot(page, name, width);
}

/** A page in a browser context of its own (no other test's session), the clipboard allowed. */
async function freshPage() {
  const context = await chromium.browser.createBrowserContext();
  await context.overridePermissions(app.url, [
    'clipboard-read',
    'clipboard-write',
    'clipboard-sanitized-write',
  ]);
  const page = await openPage(context as unknown as Parameters<typeof openPage>[0]);
  await page.setViewport({ width: 1440, height: 900 });
  return page;
}

async function openTeam(page: Page): Promise<void> {
  await page.locator('nav ::-p-text(Team)').click();
  await page.waitForSelector('[data-testid=members-list]');
}

const memberRow = (email: string) => `[data-testid=member-row][data-email="${email}"]`;

describe('the Team page', () => {
  it('a second person joins through the copied invite link; the owner makes them admin, then removes them', async () => {
    const owner = await registerAccount(app, 'team-owner');
    const page = await freshPage();
    await signInAt(page, app, owner);
    await openTeam(page);
    await page.locator('[data-testid=copy-invite-link]').click();
    await waitForText(page, 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      await page.$eval('[data-testid=invite-link]', (el) => (el as HTMLInputElement).value),
    );
    expect(copied).toMatch(/\/join\?organizationToken=[0-9a-f]{64}$/);

    // The invited person, in a browser of their own, opens the link and creates an account.
    const context = await chromium.browser.createBrowserContext();
    const guest = await context.newPage();
    guest.setDefaultTimeout(60_000);
    await guest.setViewport({ width: 390, height: 844 });
    await guest.goto(copied, { waitUntil: 'load' });
    await waitForText(guest, 'You are invited to Reachly');
    await shoot(guest, 'invited', 390);
    await guest.locator('[data-testid=join-sign-up]').click();
    await guest.waitForSelector('input[type=email]');
    const email = `team-guest-${Date.now()}@example.com`;
    await guest.locator('input[type=email]').fill(email);
    await guest.locator('input[type=password]').fill('password-123');
    await Promise.all([
      guest.waitForNavigation({ waitUntil: 'load' }),
      guest.locator('button[type=submit]').click(),
    ]);
    await guest.goto(`${app.url}/team`, { waitUntil: 'load' });
    await guest.waitForSelector(memberRow(owner.email));
    await waitForText(guest, 'you are a member');

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(memberRow(email));
    await page.select(`${memberRow(email)} select`, 'admin');
    await waitForText(page, 'role changed');
    const owners = callAs(app, owner);
    const roleOf = async () => (await owners(contract.team.get)).members.find((m) => m.email === email)?.role;
    expect(await roleOf()).toBe('admin');
    await guest.reload({ waitUntil: 'load' });
    await waitForText(guest, 'you are an admin');
    await shoot(page, 'members', 1440);
    await shoot(page, 'members', 390);
    await page.setViewport({ width: 1440, height: 900 });

    await page.locator(`${memberRow(email)} ::-p-text(Remove)`).click();
    await page.waitForSelector('[data-testid=remove-member-dialog]');
    await shoot(page, 'remove-dialog', 1440);
    await page.locator('[data-testid=remove-member-dialog] ::-p-text(Remove member)').click();
    await page.waitForFunction((sel) => !document.querySelector(sel), {}, memberRow(email));
    expect((await owners(contract.team.get)).members.map((m) => m.email)).toEqual([owner.email]);
    // Their token stops at once.
    const token = (await guest.cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
    expect(token).not.toBe('');
    const res = await fetch(`${app.url}/api/collections`, { headers: { authorization: token } });
    expect(res.status).toBe(401);
    expect(page.errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('a user in two organisations switches and sees the other one’s collections', async () => {
    const alpha = await registerAccount(app, 'team-alpha');
    const beta = await registerAccount(app, 'team-beta');
    await callAs(app, alpha)(contract.collections.create, { body: { name: 'Alpha leads' } });
    await callAs(app, beta)(contract.collections.create, { body: { name: 'Beta leads' } });
    const { inviteToken } = await callAs(app, beta)(contract.team.get);

    const page = await freshPage();
    await signInAt(page, app, alpha);
    await page.goto(`${app.url}/join?organizationToken=${inviteToken}`, { waitUntil: 'load' });
    await waitForText(page, `Join ${beta.email}`);
    await shoot(page, 'join', 1440);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.locator('[data-testid=join-organization]').click(),
    ]);
    await page.locator('nav ::-p-text(Collections)').click();
    await waitForText(page, 'Beta leads');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Alpha leads');

    const switcher = '[data-testid=organization-switcher]';
    await page.waitForSelector(switcher);
    expect(
      await page.$eval(switcher, (el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
    ).toBe(beta.email);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.select(switcher, String(alpha.user.organizationId)),
    ]);
    await page.locator('nav ::-p-text(Collections)').click();
    await waitForText(page, 'Alpha leads');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Beta leads');
    await shoot(page, 'switcher', 1440);
    await shoot(page, 'switcher', 390);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it('an API key made on the page works from Node and stops after Revoke', async () => {
    const owner = await registerAccount(app, 'team-keys');
    await callAs(app, owner)(contract.collections.create, { body: { name: 'Read by a script' } });
    const page = await freshPage();
    await signInAt(page, app, owner);
    await openTeam(page);
    await waitForText(page, 'No keys yet');
    await page.locator('[data-testid=api-key-name]').fill('Node script');
    await page.select('[data-testid=api-key-scope]', 'read');
    await page.locator('::-p-text(Create key)').click();
    await page.waitForSelector('[data-testid=new-api-key-value]');
    const key = (await page.$eval('[data-testid=new-api-key-value]', (el) => el.textContent ?? '')).trim();
    expect(key).toMatch(/^rk_/);
    await page.locator('[data-testid=copy-api-key]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.waitForSelector('[data-testid=api-key-row][data-name="Node script"]');
    await shoot(page, 'api-key-created', 1440);
    await shoot(page, 'api-key-created', 390);
    await page.setViewport({ width: 1440, height: 900 });

    const read = await fetch(`${app.url}/api/collections`, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }[]).map((c) => c.name)).toEqual(['Read by a script']);
    const write = await fetch(`${app.url}/api/collections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Not allowed' }),
    });
    expect(write.status).toBe(403);

    await page.locator('::-p-text(Done)').click();
    await page.locator('[data-testid=api-key-row] ::-p-text(Revoke)').click();
    await page.waitForSelector('[data-testid=revoke-api-key-dialog]');
    await page.locator('[data-testid=revoke-api-key-dialog] ::-p-text(Revoke key)').click();
    await page.waitForSelector('[data-testid=no-api-keys]');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(key);
    const after = await fetch(`${app.url}/api/collections`, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
    await shoot(page, 'api-keys-empty', 1440);
    expect(page.errors).toEqual([]);
  }, 300_000);
});
