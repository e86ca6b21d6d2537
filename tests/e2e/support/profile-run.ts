import type { PersonSummary } from '../../sandbox-network/admin-client.ts';
import type { Sandbox } from '../../sandbox-network/server.ts';
import { type Account, apiAs, type E2EApp, registerAccount } from './app.ts';
import type { E2EBrowser } from './browser.ts';
import { connectExtension, launchProfileBrowser, logInToSandbox } from './extension.ts';

/**
 * One account with one profile whose browser (the built extension) is logged in to its own
 * sandbox account and connected to the server, with a collection of sandbox people as leads.
 */
export interface ProfileRun {
  account: Account;
  profileId: number;
  collectionId: number;
  login: string;
  browser: E2EBrowser;
  leads: PersonSummary[];
  api<T>(method: string, path: string, json?: unknown): Promise<T>;
  /** What the sandbox people received from this profile's account. */
  fromUs<T extends { from: string | null }>(items: T[]): T[];
  close(): Promise<void>;
}

let counter = 0;

export async function startProfileRun(
  app: E2EApp,
  sandbox: Sandbox,
  extensionDir: string,
  leads: PersonSummary[],
): Promise<ProfileRun> {
  counter += 1;
  const login = `profile-${process.pid}-${counter}`;
  const password = 'profile-password';
  const account = await registerAccount(app, login);
  const api = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const res = await apiAs<T>(app, account, method, path, json);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await sandbox.admin.createAccount({ login, password, name: `Profile ${counter}` });
  const browser = await launchProfileBrowser(extensionDir);
  await logInToSandbox(browser.browser, sandbox, login, password);
  const profile = await api<{ id: number }>('POST', '/api/profiles', { name: `Sandbox profile ${counter}` });
  const collection = await api<{ id: number }>('POST', '/api/collections', { name: `Leads ${counter}` });
  await api('POST', '/api/leads', {
    collectionId: collection.id,
    leads: leads.map((p) => ({
      profileUrl: `${sandbox.url}${p.url}`,
      name: p.name,
      firstName: p.name.split(' ')[0],
      hasMessageButton: p.hasMessageButton,
    })),
  });
  await connectExtension(browser.browser, {
    serverUrl: app.url,
    accessToken: account.user.accessToken,
    profileId: profile.id,
    networkUrl: sandbox.url,
  });
  return {
    account,
    profileId: profile.id,
    collectionId: collection.id,
    login,
    browser,
    leads,
    api,
    fromUs: (items) => items.filter((i) => i.from === login),
    close: () => browser.close(),
  };
}

/** HH:MM in UTC, `hours` from now: working hours around the test's run. */
export function utcTime(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** Polls until `probe` answers something truthy. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** Creates and starts a campaign of the run's profile on its collection. */
export async function startRunCampaign(
  run: ProfileRun,
  body: Record<string, unknown>,
): Promise<{ id: number }> {
  const campaign = await run.api<{ id: number }>('POST', '/api/campaigns', {
    collectionId: run.collectionId,
    profileIds: [run.profileId],
    workingHours: { start: utcTime(-3), end: utcTime(3) },
    gapSeconds: { min: 1, max: 2 },
    ...body,
  });
  await run.api('POST', `/api/campaigns/${campaign.id}/start`);
  return campaign;
}

/** What a failing scenario needs to be understood: the campaign's log and the extension's storage. */
export async function describeRun(run: ProfileRun, campaignId: number): Promise<string> {
  const { serviceWorker } = await import('./extension.ts');
  const logs = await run
    .api<{ logs: { type: string; message: string | null }[] }>(
      'GET',
      `/api/campaigns/${campaignId}/logs?limit=50`,
    )
    .catch((e: Error) => ({ logs: [{ type: 'ERROR', message: e.message }] }));
  const worker = await serviceWorker(run.browser.browser).catch(() => null);
  const storage = worker
    ? await worker.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { get(keys: string[]): Promise<unknown> } } };
          }
        ).chrome.storage.local.get(['status', 'currentTask', 'nextTick']),
      )
    : 'no service worker';
  return `campaign log: ${JSON.stringify(logs.logs.map((l) => `${l.type} ${l.message}`))}\nextension: ${JSON.stringify(storage)}`;
}
