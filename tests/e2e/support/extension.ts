import type { Browser, WebWorker } from 'puppeteer';
import type { Sandbox } from '../../sandbox-network/server.ts';
import { E2E_WAIT_MS, type E2EBrowser, launchBrowser } from './browser.ts';

/** Fixed by the manifest key in extension/wxt.config.ts. */
export const EXTENSION_ID = 'hmlgepnnehfjcfcphohnnhbgjfeelgnj';

export interface ProfileSession {
  serverUrl: string;
  accessToken: string;
  profileId: number;
  /** The profile's name, as the desktop agent hands it over (the popup shows it). */
  profileName?: string;
  networkUrl: string;
}

/** A profile browser: Debian's Chromium with the built extension (e2e: `inject('extensionDir')`) loaded. */
export function launchProfileBrowser(extensionDir: string): Promise<E2EBrowser> {
  return launchBrowser({ extensionDir });
}

/** The extension's service worker (started on install). */
export async function serviceWorker(browser: Browser): Promise<WebWorker> {
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${EXTENSION_ID}/`),
    { timeout: E2E_WAIT_MS },
  );
  const worker = await target.worker();
  if (!worker) throw new Error('The extension service worker did not start');
  return worker;
}

/** Logs the browser in to the sandbox network as its account, as a person would. */
export async function logInToSandbox(browser: Browser, sandbox: Sandbox, login: string, password: string) {
  const page = await browser.newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  await page.goto(`${sandbox.url}/login`);
  await page.type('[data-testid=login-input]', login);
  await page.type('[data-testid=password-input]', password);
  await Promise.all([page.waitForNavigation(), page.click('[data-action=login]')]);
  await page.close();
}

/** Hands the extension its session through its setup page, as the desktop agent does. */
export async function connectExtension(browser: Browser, session: ProfileSession): Promise<void> {
  const page = await browser.newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  const query = new URLSearchParams({
    serverUrl: session.serverUrl,
    accessToken: session.accessToken,
    profileId: String(session.profileId),
    networkUrl: session.networkUrl,
  });
  if (session.profileName) query.set('profileName', session.profileName);
  await page.goto(`chrome-extension://${EXTENSION_ID}/setup.html?${query}`);
  await page.waitForSelector('[data-testid=setup-status][data-state=connected]', { timeout: E2E_WAIT_MS });
  await page.close();
}
