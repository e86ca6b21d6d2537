import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOWNLOAD_ITEMS, TEXTS } from '@reachly/shared/constants';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EApp, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  waitForText,
} from './support/browser.ts';

const LINUX_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const INSTALLER_BYTES = 3 * 1024 * 1024;

let app: E2EApp;
let chromium: E2EBrowser;
let downloadDir: string;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startE2EApp(), launchBrowser({ userAgent: LINUX_UA })]);
  mkdirSync(app.releasesDir, { recursive: true });
  // Every installer is published (the page offers only those); the Linux one is a real 3 MB file.
  for (const { fileName } of Object.values(DOWNLOAD_ITEMS)) {
    writeFileSync(
      path.join(app.releasesDir, fileName),
      fileName.endsWith('.deb') ? randomBytes(INSTALLER_BYTES) : 'x',
    );
  }
  downloadDir = mkdtempSync(path.join(tmpdir(), 'reachly-downloads-'));
  const browserCdp = await chromium.browser.target().createCDPSession();
  await browserCdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloadDir });
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
  if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
});

const button = (text: string) => `::-p-xpath(//button[normalize-space()="${text}"])`;

async function isVisible(page: Page, text: string): Promise<boolean> {
  const handle = await page.$(button(text));
  if (!handle) return false;
  return handle.evaluate((e) => (e as HTMLElement).offsetParent !== null && e.getClientRects().length > 0);
}

/** Records every text the Ubuntu button shows, as a user watching it would. */
async function recordButtonTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { buttonTexts: string[] };
    w.buttonTexts = [];
    const read = () => {
      const text = document.querySelector('[data-testid=download-linux]')?.textContent?.trim() ?? '';
      if (w.buttonTexts.at(-1) !== text) w.buttonTexts.push(text);
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

async function waitForSavedFile(name: string, size: number): Promise<void> {
  const file = path.join(downloadDir, name);
  for (let i = 0; i < 200; i++) {
    if (
      existsSync(file) &&
      statSync(file).size === size &&
      !readdirSync(downloadDir).some((f) => f.endsWith('.crdownload'))
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `${name} of ${size} bytes was not saved; the folder holds ${readdirSync(downloadDir).join(', ')}`,
  );
}

describe('download section (/download, public)', () => {
  it('guesses Linux, downloads with a percentage on the button, saves the file and toasts success at top centre', async () => {
    const page = await openPage(chromium.browser);
    await page.goto(`${app.url}/download`, { waitUntil: 'load' });
    await waitForText(page, "We're guessing you're on Linux platform.");
    expect(await isVisible(page, 'Download for Ubuntu')).toBe(true);
    expect(await isVisible(page, 'Download for Windows')).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // About 1 MB/s: the 3 MB installer takes a few seconds, long enough to watch the percentage.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 1024 * 1024,
      uploadThroughput: -1,
    });
    await recordButtonTexts(page);
    await page.locator(button('Download for Ubuntu')).click();
    const toast = await page.waitForSelector('[data-testid=toast-success]', { timeout: 30_000 });
    expect(await toast?.evaluate((e) => e.textContent)).toContain(TEXTS.downloadSuccess);

    const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
    const percents = texts.flatMap((t) => {
      const m = /(\d+)%/.exec(t);
      return m ? [Number(m[1])] : [];
    });
    expect(texts[0]).toBe('Download for Ubuntu');
    expect(texts.at(-1)).toBe('Download for Ubuntu');
    expect(percents.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The toast sits at the top centre of the window (spec §9).
    const box = await toast?.boundingBox();
    const viewport = page.viewport();
    if (!box || !viewport) throw new Error('no toast box');
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(10);
    expect(box.y).toBeLessThan(80);

    await waitForSavedFile('reachly-linux.deb', INSTALLER_BYTES);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('toasts the failure when the installer is missing', async () => {
    const page = await openPage(chromium.browser);
    await page.goto(`${app.url}/download`, { waitUntil: 'load' });
    await page.locator(button(TEXTS.showOtherPlatforms)).click();
    // The Windows installer goes away after the page listed it: the download answers 404.
    const windows = path.join(app.releasesDir, DOWNLOAD_ITEMS.windows.fileName);
    rmSync(windows);
    await page.locator(button('Download for Windows')).click();
    const toast = await page.waitForSelector('[data-testid=toast-error]');
    expect(await toast?.evaluate((e) => e.textContent)).toContain(TEXTS.downloadFailure);
    const box = await toast?.boundingBox();
    const viewport = page.viewport();
    if (!box || !viewport) throw new Error('no toast box');
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(10);
    expect(await isVisible(page, 'Download for Windows')).toBe(true);
    expect(existsSync(path.join(downloadDir, 'reachly-windows.msi'))).toBe(false);
    expect(page.errors).toEqual([]);
    await page.close();
    writeFileSync(windows, 'x');
  });

  it('opens the other platforms at first load with ?isAllPlatformsShown, and the toggle closes and reopens them', async () => {
    const page = await openPage(chromium.browser);
    await page.goto(`${app.url}/download?isAllPlatformsShown`, { waitUntil: 'load' });
    await waitForText(page, TEXTS.hideOtherPlatforms);
    for (const label of ['Download for Windows', 'Download for MacOS M-series', 'Download for MacOS Intel']) {
      expect(await isVisible(page, label)).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator(button(TEXTS.hideOtherPlatforms)).click();
    await waitForText(page, TEXTS.showOtherPlatforms);
    expect(await isVisible(page, 'Download for Windows')).toBe(false);
    expect(await isVisible(page, 'Download for Ubuntu')).toBe(true);
    await page.locator(button(TEXTS.showOtherPlatforms)).click();
    await waitForText(page, TEXTS.hideOtherPlatforms);
    expect(await isVisible(page, 'Download for MacOS Intel')).toBe(true);

    // Without the parameter the list starts closed.
    await page.goto(`${app.url}/download`, { waitUntil: 'load' });
    await waitForText(page, TEXTS.showOtherPlatforms);
    expect(await isVisible(page, 'Download for Windows')).toBe(false);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
