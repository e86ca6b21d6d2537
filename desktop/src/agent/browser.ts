import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { CHROMIUM_BASE_FLAGS } from '@reachly/shared/constants';
import type { ProfileCookie } from '@reachly/shared/schemas';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Launches one profile's browser: Debian's (or the configured) Chromium through puppeteer-core,
 * with the profile's persistent user-data-dir, its local forwarding proxy as the only way out
 * (loopback included, so a network on 127.0.0.1 is proxied too; only the server and the agent
 * themselves are reached directly), and the built extension loaded. Once it runs, the supervisor
 * imports pending cookies through CDP (importCookies) and hands the extension its session through
 * the extension's setup page (connectExtension). `exited` resolves when the process ends, however.
 */

export interface BrowserConfig {
  chromiumPath: string;
  headless: boolean;
  /** The built extension (a folder with manifest.json); null launches a plain browser. */
  extensionDir: string | null;
  /** Added to the command line last. */
  extraArgs?: string[];
}

export interface LaunchInput {
  userDataDir: string;
  /** `http://127.0.0.1:<port>` of the forwarding proxy; null = no proxy (direct). */
  proxyUrl: string | null;
  /** Addresses reached without the proxy (the server, the agent's bridge), as URLs. */
  directUrls: string[];
}

/** What the extension's setup page takes (shared/src/extension.ts extensionSessionSchema). */
interface ExtensionSessionParams {
  serverUrl: string;
  accessToken: string;
  profileId: number;
  profileName?: string | null;
  networkUrl?: string | null;
  agentUrl?: string | null;
  agentToken?: string | null;
}

export interface ProfileBrowser {
  readonly pid: number | null;
  /** The DevTools endpoint (a test or a debugger may connect to it). */
  readonly wsEndpoint: string;
  readonly browser: Browser;
  /** Resolves when the browser process has ended (closed, crashed or killed). */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  importCookies(cookies: ProfileCookie[]): Promise<number>;
  connectExtension(session: ExtensionSessionParams): Promise<void>;
  /** Closes the browser; kills it when it does not close in time. */
  close(): Promise<void>;
}

/**
 * Flags kept in every mode. Most keep the browser's own background services (Google's update,
 * sync, safe-browsing lists, metrics, translation, suggestions, domain reliability reports) off
 * the network: every byte a profile browser sends goes through the profile's metered proxy, and an
 * idle browser must not spend the user's paid traffic.
 */
const BASE_ARGS = [
  ...CHROMIUM_BASE_FLAGS,
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-default-apps',
  '--disable-breakpad',
  '--metrics-recording-only',
  '--no-pings',
  '--safebrowsing-disable-auto-update',
  '--hide-crash-restore-bubble',
  '--no-default-browser-check',
  // navigator.webdriver stays false: a network must not see an automated browser.
  '--disable-blink-features=AutomationControlled',
];

/** Background features that call Google's services on their own; one --disable-features flag holds them. */
const DISABLED_FEATURES = [
  'OptimizationHints',
  'OptimizationGuideModelDownloading',
  'OptimizationHintsFetching',
  'MediaRouter',
  'DialMediaRouteProvider',
  'Translate',
  'AutofillServerCommunication',
  'CertificateTransparencyComponentUpdater',
  'InterestFeedContentSuggestions',
  'SafeBrowsingEnhancedProtection',
];

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Chromium's --proxy-bypass-list: `<-loopback>` takes away the implicit bypass of loopback (so a
 * network on 127.0.0.1 goes through the proxy as any other site), then the given addresses go
 * direct by host and port (every loopback name of a loopback address).
 */
export function proxyBypassList(directUrls: string[]): string {
  const entries = new Set<string>();
  for (const raw of directUrls) {
    const url = new URL(raw);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const hosts = isLoopbackHost(url.hostname) ? LOOPBACK_HOSTS : [url.hostname];
    for (const host of hosts) entries.add(`${host}:${port}`);
  }
  return ['<-loopback>', ...entries].join(';');
}

/** The command line of a profile browser (without what puppeteer adds). */
export function chromiumArgs(
  config: Pick<BrowserConfig, 'headless' | 'extensionDir' | 'extraArgs'>,
  input: Pick<LaunchInput, 'proxyUrl' | 'directUrls'>,
  runningAsRoot = process.getuid?.() === 0,
): string[] {
  const args = [...BASE_ARGS];
  // Chromium refuses to run as root with its sandbox (containers, CI).
  if (runningAsRoot) args.push('--no-sandbox');
  if (config.headless) args.push('--disable-gpu');
  if (input.proxyUrl) {
    args.push(`--proxy-server=${input.proxyUrl}`, `--proxy-bypass-list=${proxyBypassList(input.directUrls)}`);
  }
  const disabled = [...DISABLED_FEATURES];
  if (config.extensionDir) {
    args.push(
      `--disable-extensions-except=${config.extensionDir}`,
      `--load-extension=${config.extensionDir}`,
    );
    // Chrome 137+ may drop --load-extension unless this feature is off.
    disabled.push('DisableLoadExtensionCommandLineSwitch');
  }
  // Chromium reads the last --disable-features only: every feature goes in one.
  args.push(`--disable-features=${disabled.join(',')}`);
  return [...args, ...(config.extraArgs ?? [])];
}

/** The extension id Chromium gives an extension with this manifest `key` (sha256 → a–p). */
export function extensionIdFromKey(key: string): string {
  const hash = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hash].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

async function extensionIdOf(extensionDir: string, browser: Browser): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(`${extensionDir}/manifest.json`, 'utf8')) as { key?: string };
    if (manifest.key) return extensionIdFromKey(manifest.key);
  } catch {
    // Fall back to the service worker's address.
  }
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
    { timeout: 15_000 },
  );
  return new URL(target.url()).host;
}

const SAME_SITE: Record<string, 'Strict' | 'Lax' | 'None' | undefined> = {
  no_restriction: 'None',
  none: 'None',
  lax: 'Lax',
  strict: 'Strict',
  unspecified: undefined,
};

/** Chromium keeps no cookie longer than 400 days. */
const MAX_COOKIE_AGE_S = 400 * 24 * 3600;

/**
 * A cookie as CDP's Storage.setCookies takes it. A session cookie (no expirationDate) is kept as a
 * persistent one: the agent closes and starts profile browsers at will, and the profile must stay
 * logged in across those restarts as it was in the browser the cookies came from.
 */
export function toCdpCookie(cookie: ProfileCookie, nowMs = Date.now()): Record<string, unknown> {
  const sameSite = SAME_SITE[(cookie.sameSite ?? 'unspecified').toLowerCase()];
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    // SameSite=None is refused without Secure; such a cookie is kept with the browser's default.
    ...(sameSite && (sameSite !== 'None' || cookie.secure) ? { sameSite } : {}),
    expires: cookie.expirationDate ?? Math.floor(nowMs / 1000) + MAX_COOKIE_AGE_S,
  };
}

const CLOSE_TIMEOUT_MS = 5_000;
const SETUP_TIMEOUT_MS = 20_000;

export async function launchProfileBrowser(
  config: BrowserConfig,
  input: LaunchInput,
): Promise<ProfileBrowser> {
  await mkdir(input.userDataDir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: config.chromiumPath,
    headless: config.headless,
    userDataDir: input.userDataDir,
    args: chromiumArgs(config, input),
    // Extensions are loaded by flags; navigator.webdriver must not give the profile away.
    ignoreDefaultArgs: ['--disable-extensions', '--enable-automation'],
    defaultViewport: null,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: 30_000,
  });
  const proc = browser.process();
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
      resolve({ code: proc?.exitCode ?? null, signal: proc?.signalCode ?? null });
      return;
    }
    proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const handle: ProfileBrowser = {
    pid: proc?.pid ?? null,
    wsEndpoint: browser.wsEndpoint(),
    browser,
    exited,
    async importCookies(cookies) {
      const cdp = await browser.target().createCDPSession();
      let imported = 0;
      try {
        // One by one: a cookie the browser refuses must not drop the others.
        for (const cookie of cookies) {
          try {
            await cdp.send('Storage.setCookies', { cookies: [toCdpCookie(cookie) as never] });
            imported += 1;
          } catch {
            // Refused (a malformed domain, say): counted out.
          }
        }
      } finally {
        await cdp.detach().catch(() => undefined);
      }
      return imported;
    },
    async connectExtension(session) {
      if (!config.extensionDir) return;
      const id = await extensionIdOf(config.extensionDir, browser);
      const query = new URLSearchParams({
        serverUrl: session.serverUrl,
        accessToken: session.accessToken,
        profileId: String(session.profileId),
      });
      if (session.profileName) query.set('profileName', session.profileName);
      if (session.networkUrl) query.set('networkUrl', session.networkUrl);
      if (session.agentUrl) query.set('agentUrl', session.agentUrl);
      if (session.agentToken) query.set('agentToken', session.agentToken);
      const page = await browser.newPage();
      try {
        await page.goto(`chrome-extension://${id}/setup.html?${query}`, { timeout: SETUP_TIMEOUT_MS });
        const status = await page.waitForSelector(
          '[data-testid=setup-status][data-state=connected], [data-testid=setup-status][data-state=error]',
          { timeout: SETUP_TIMEOUT_MS },
        );
        const state = await status?.evaluate((e) => [e.getAttribute('data-state'), e.textContent]);
        if (state?.[0] !== 'connected') throw new Error(`The extension refused its session: ${state?.[1]}`);
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS);
      });
      const result = await Promise.race([browser.close().then(() => 'closed' as const), timeout]).catch(
        () => 'failed' as const,
      );
      clearTimeout(timer);
      if (result !== 'closed' && proc && proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
      }
      await exited;
    },
  };
  return handle;
}
