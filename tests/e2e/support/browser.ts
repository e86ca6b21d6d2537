import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_BASE_FLAGS } from '@reachly/shared/constants';
import type { EndpointSpec } from '@reachly/shared/contract';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer';
import { type Account, type E2EApp, repoRoot } from './app.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags headless Debian Chromium needs on these machines (FACTS.md). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', ...CHROMIUM_BASE_FLAGS];

export interface LaunchOptions {
  /** Extra host names that resolve to 127.0.0.1 (a page that must not count as a local host). */
  hosts?: string[];
  userAgent?: string;
  args?: string[];
  /** A built extension folder to load (a profile browser). */
  extensionDir?: string;
}

export interface E2EBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<E2EBrowser> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'reachly-chromium-'));
  const args = [...CHROMIUM_ARGS, ...(options.args ?? [])];
  if (options.hosts?.length) {
    args.push(`--host-resolver-rules=${options.hosts.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`);
  }
  if (options.userAgent) args.push(`--user-agent=${options.userAgent}`);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args,
    userDataDir,
    defaultViewport: { width: 1400, height: 900 },
    ...(options.extensionDir ? { enableExtensions: [options.extensionDir], pipe: true } : {}),
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** How long a page waits for a condition (a selector, a navigation, a text) before it fails. */
export const E2E_WAIT_MS = 60_000;

export interface PageErrors {
  /** Uncaught exceptions of the page (a test fails on any). */
  errors: string[];
}

/** A new page that records uncaught exceptions. */
export async function openPage(browser: Browser): Promise<Page & PageErrors> {
  const page = (await browser.newPage()) as Page & PageErrors;
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  // Generous on purpose: a wait ends when its condition holds, and on a loaded 2-core CI machine a
  // page's load (Swagger UI's, the board's) took past 15 s. A test's own budget bounds the whole.
  page.setDefaultTimeout(E2E_WAIT_MS);
  return page;
}

/**
 * Forgets whoever the browser is signed in as at `base` (its cookies go), as a fresh browser would:
 * the browser of a test file is shared by its tests, and /signin sends a signed-in user home.
 */
export async function forgetSession(page: Page, base: string): Promise<void> {
  const cookies = await page.cookies(base);
  if (cookies.length > 0) await page.deleteCookie(...cookies);
}

/**
 * Signs in through the sign-in page's form, as a user would, and waits for the board. Whoever the
 * browser was signed in as before is forgotten first (/signin sends a signed-in user home).
 */
export async function signIn(page: Page, app: E2EApp, account: Account, base = app.url): Promise<void> {
  await forgetSession(page, base);
  await page.goto(`${base}/signin`, { waitUntil: 'networkidle0' });
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.locator('button[type=submit]').click(),
  ]);
}

/**
 * Signs in through the sign-in page's form, as `signIn` does, but asks for `path` as the page to come
 * back to (the form's callbackUrl) and waits only until that page's document has loaded: not for
 * the network to fall quiet (networkidle0 waited ~1.4 s past the load on every navigation). The
 * caller waits for what it needs of the page (a selector, a text).
 */
export async function signInAt(
  page: Page,
  app: E2EApp,
  account: Account,
  path = '/board',
  base = app.url,
): Promise<void> {
  await forgetSession(page, base);
  await page.goto(`${base}/signin?callbackUrl=${encodeURIComponent(path)}`, { waitUntil: 'load' });
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.locator('button[type=submit]').click(),
  ]);
  await page.waitForFunction((p) => window.location.pathname === p, {}, path);
}

/** Whether a request the page sent is a call of the contract's endpoint (its method and path, any params). */
export function isCallOf(request: HTTPRequest, endpoint: EndpointSpec): boolean {
  const path = new RegExp(`^${endpoint.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
  return request.method() === endpoint.method && path.test(new URL(request.url()).pathname);
}

/** Waits for text anywhere in the page's body. */
export async function waitForText(page: Page, text: string, timeout = E2E_WAIT_MS): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

/**
 * Waits for the page's finite animations (a dialog fading in, a toast sliding down): axe measures
 * colour contrast as painted, and text half-way through a fade-in reads as too faint.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Waits until every dialog has gone, backdrop and positioner too: they stay after the content while
 * their exit animation runs (on a loaded machine, seconds), and until then they take the next click.
 */
export async function waitForDialogsGone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-scope=dialog]') && !document.body.style.pointerEvents,
  );
}

/**
 * The screenshots of one test file: `shoot(page, name, width)` waits for animations to settle and
 * saves test-artifacts/<folder>/<name>-<width>.png (the folder made at need: a clean clone has none).
 */
export function screenshotsIn(folder: string, defaults: { fullPage?: boolean } = {}) {
  const dir = path.join(repoRoot, 'test-artifacts', folder);
  return async (page: Page, name: string, width: number, fullPage = defaults.fullPage ?? false) => {
    mkdirSync(dir, { recursive: true });
    await settleAnimations(page);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) as `${string}.png`, fullPage });
  };
}

/** WCAG contrast ratio of two computed colours ("rgb(r, g, b)" or "rgba(…)"; alpha ignored). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** The elements' selectors (as axe gives them: usable with querySelector). */
  nodes: string[];
  /** Each element's opening HTML and axe's reason (e.g. the contrast measured): a failure says what and why. */
  details: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  // Injected once per document: a page reached through the app's own links keeps it, and parsing
  // axe's half a megabyte again cost every check of a page tour.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    interface AxeNode {
      target: string[];
      html: string;
      any?: { message: string }[];
      failureSummary?: string;
    }
    interface AxeResult {
      id: string;
      impact: string | null;
      help: string;
      nodes: AxeNode[];
    }
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
    const axe = (window as any).axe;
    const result: { violations: AxeResult[] } = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      details: v.nodes
        .slice(0, 5)
        .map((n) => `${n.html.slice(0, 160)}: ${n.any?.[0]?.message ?? n.failureSummary ?? ''}`),
    }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
