import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP_USER_AGENT_TOKEN } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAsAdmin, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  signIn,
  waitForText,
} from './support/browser.ts';

/** The desktop shell's user agent: Chrome's with `Reachly/<version>` appended. */
const DESKTOP_UA = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${DESKTOP_USER_AGENT_TOKEN}1.9.0`;
const OFFERED = '2.0.0';
const HOST = 'reachly.test';

let app: E2EApp;
let chromium: E2EBrowser;
let remoteBase: string;

async function setOfferedVersion(version: string): Promise<void> {
  await callAsAdmin(app)(contract.admin.desktopVersion, { body: { version } });
}

beforeAll(async () => {
  [app, chromium] = await Promise.all([
    startE2EApp(),
    launchBrowser({ hosts: [HOST], userAgent: DESKTOP_UA }),
  ]);
  remoteBase = `http://${HOST}:${app.port}`;
  mkdirSync(app.releasesDir, { recursive: true });
  writeFileSync(path.join(app.releasesDir, 'reachly-linux.deb'), randomBytes(256 * 1024));
  await setOfferedVersion(OFFERED);
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});

/** A page whose "desktop app" answers get-machine-data over the bridge with this version. */
async function desktopPage(machineId: string, reachlyVersion: string): Promise<Page & { errors: string[] }> {
  const page = await openPage(chromium.browser);
  await page.evaluateOnNewDocument(
    (id, version) => {
      window.addEventListener('reachly-get-machine-data', (event) => {
        const { requestId } = (event as CustomEvent<{ requestId: string }>).detail;
        window.dispatchEvent(
          new CustomEvent('reachly-get-machine-data-result', {
            detail: {
              requestId,
              ok: true,
              machineId: id,
              reachlyVersion: version,
              extensionVersion: '0.3.0',
              platform: 'linux',
              OS: 'Ubuntu 24.04',
            },
          }),
        );
      });
    },
    machineId,
    reachlyVersion,
  );
  return page;
}

/** The machine row the server stored for the account (server/src/services/machine-data.ts). */
async function machineRow(account: Account, machineId: string) {
  for (let i = 0; i < 100; i++) {
    const row = await app.running.ctx
      .db('machine_data')
      .where({ user_id: account.user.id, machine_id: machineId })
      .first();
    if (row)
      return row as { reachly_version: string; extension_version: string; platform: string; os: string };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no machine data for ${machineId}`);
}

const dialog = '[data-testid=outdated-desktop-dialog]';

describe('outdated desktop app dialog', () => {
  it('blocks an older desktop app, offers the latest version, then says to save, close and install', async () => {
    const account = await registerAccount(app);
    const page = await desktopPage('machine-old', '1.9.0');
    await signIn(page, app, account, remoteBase);
    await page.waitForSelector(dialog);
    await waitForText(page, 'Your desktop app is version 1.9.0; version 2.0.0 is out.');
    await waitForText(page, "We're guessing you're on Linux platform.");
    expect(await page.$eval(dialog, (e) => e.getAttribute('role'))).toBe('alertdialog');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Blocking: neither Escape nor a click outside closes it, and it has no close button.
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.$(dialog)).not.toBeNull();
    expect(await page.$$eval(`${dialog} button`, (bs) => bs.map((b) => b.textContent?.trim()))).not.toContain(
      'Close',
    );

    const row = await machineRow(account, 'machine-old');
    expect(row).toMatchObject({
      reachly_version: '1.9.0',
      extension_version: '0.3.0',
      platform: 'linux',
      os: 'Ubuntu 24.04',
    });

    await page.locator(`${dialog} ::-p-text(Download for Ubuntu)`).click();
    const followUp = await page.waitForSelector('[data-testid=update-started-dialog]');
    await waitForText(
      page,
      'Save the new version, close the Reachly desktop app and install the downloaded version.',
    );
    await page.waitForSelector(dialog, { hidden: true });
    await waitForText(page, 'Application downloaded successfully');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await followUp?.$('::-p-xpath(.//button[normalize-space()="Close"])').then((b) => b?.click());
    await page.waitForSelector('[data-testid=update-started-dialog]', { hidden: true });
    expect(await page.$(dialog)).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows nothing when the desktop app has the offered version', async () => {
    const account = await registerAccount(app);
    const page = await desktopPage('machine-current', OFFERED);
    await signIn(page, app, account, remoteBase);
    await page.waitForSelector('[data-testid=user-email]');
    expect((await machineRow(account, 'machine-current')).reachly_version).toBe(OFFERED);
    await page.waitForNetworkIdle();
    expect(await page.$(dialog)).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('never shows on a local host, though the machine data is still reported', async () => {
    const account = await registerAccount(app);
    const page = await desktopPage('machine-local', '1.0.0');
    await signIn(page, app, account);
    expect(['localhost', '127.0.0.1']).toContain(new URL(page.url()).hostname);
    await page.waitForSelector('[data-testid=user-email]');
    expect((await machineRow(account, 'machine-local')).reachly_version).toBe('1.0.0');
    await page.waitForNetworkIdle();
    // Even the desktop's own update alert does not open it there.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '2.0.0' } }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.$(dialog)).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('opens on reachly-show-update-alert from the desktop app', async () => {
    const account = await registerAccount(app);
    const page = await desktopPage('machine-alert', OFFERED);
    await signIn(page, app, account, remoteBase);
    await page.waitForSelector('[data-testid=user-email]');
    await machineRow(account, 'machine-alert');
    await page.waitForNetworkIdle();
    expect(await page.$(dialog)).toBeNull();
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '2.1.0' } }),
      ),
    );
    await page.waitForSelector(dialog);
    await waitForText(page, 'Your desktop app is version 2.0.0; version 2.1.0 is out.');
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
