import { type ApiClient, type ClientInput, contract } from '@reachly/shared/contract';
import type { PersonSummary } from '../../sandbox-network/admin-client.ts';
import type { Sandbox } from '../../sandbox-network/server.ts';
import { type Account, callAs, type E2EApp, registerAccount } from './app.ts';
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
  /** The contract's typed client as the run's account. */
  call: ApiClient['call'];
  /** What the sandbox people received from this profile's account. */
  fromUs<T extends { from: string | null }>(items: T[]): T[];
  close(): Promise<void>;
}

let counter = 0;

/** A CSV cell, always quoted (RFC 4180). */
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The leads as a CSV file the way a user exports them from elsewhere: URL, name, first name, and
 * `columns` of their own (e.g. "Company name"), for POST /api/leads/import.
 */
function leadsCsv(
  sandbox: Sandbox,
  leads: PersonSummary[],
  columns: (p: PersonSummary) => Record<string, string>,
): Blob {
  const extra = [...new Set(leads.flatMap((p) => Object.keys(columns(p))))];
  const lines = [
    ['url', 'name', 'firstName', ...extra],
    ...leads.map((p) => [
      `${sandbox.url}${p.url}`,
      p.name,
      p.name.split(' ')[0] ?? '',
      ...extra.map((c) => columns(p)[c] ?? ''),
    ]),
  ];
  return new Blob([lines.map((line) => line.map(cell).join(',')).join('\r\n')], { type: 'text/csv' });
}

/**
 * With `columns`, the leads come in as an imported CSV file with those columns of their own (kept
 * with each lead, usable in templates); without, they are added as a list.
 */
export async function startProfileRun(
  app: E2EApp,
  sandbox: Sandbox,
  extensionDir: string,
  leads: PersonSummary[],
  { columns }: { columns?: (p: PersonSummary) => Record<string, string> } = {},
): Promise<ProfileRun> {
  counter += 1;
  const login = `profile-${process.pid}-${counter}`;
  const password = 'profile-password';
  const account = await registerAccount(app, login);
  const call = callAs(app, account);
  await sandbox.admin.createAccount({ login, password, name: `Profile ${counter}` });
  const browser = await launchProfileBrowser(extensionDir);
  await logInToSandbox(browser.browser, sandbox, login, password);
  const profile = await call(contract.profiles.create, { body: { name: `Sandbox profile ${counter}` } });
  const collection = await call(contract.collections.create, { body: { name: `Leads ${counter}` } });
  if (columns) {
    const form = new FormData();
    form.append('collectionId', String(collection.id));
    form.append('file', leadsCsv(sandbox, leads, columns), 'leads.csv');
    const { imported } = await call(contract.leads.import, { body: form });
    if (imported !== leads.length) throw new Error(`the import kept ${imported} of ${leads.length} leads`);
  } else {
    await call(contract.leads.create, {
      body: {
        collectionId: collection.id,
        leads: leads.map((p) => ({
          profileUrl: `${sandbox.url}${p.url}`,
          name: p.name,
          firstName: p.name.split(' ')[0],
          hasMessageButton: p.hasMessageButton,
        })),
      },
    });
  }
  await connectExtension(browser.browser, {
    serverUrl: app.url,
    accessToken: account.user.accessToken,
    profileId: profile.id,
    profileName: profile.name,
    networkUrl: sandbox.url,
  });
  return {
    account,
    profileId: profile.id,
    collectionId: collection.id,
    login,
    browser,
    leads,
    call,
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

type CreateCampaignInput = ClientInput<typeof contract.campaigns.create>['body'];

/** A campaign of a run: its collection and profile are the run's unless it names others. */
export type RunCampaignBody = Omit<CreateCampaignInput, 'collectionId' | 'profileIds'> &
  Partial<Pick<CreateCampaignInput, 'collectionId' | 'profileIds'>>;

/** Creates and starts a campaign of the run's profile on its collection. */
export async function startRunCampaign(
  run: Pick<ProfileRun, 'call' | 'collectionId' | 'profileId'>,
  body: RunCampaignBody,
): Promise<{ id: number }> {
  const campaign = await run.call(contract.campaigns.create, {
    body: {
      collectionId: run.collectionId,
      profileIds: [run.profileId],
      workingHours: { start: utcTime(-3), end: utcTime(3) },
      gapSeconds: { min: 1, max: 2 },
      ...body,
    },
  });
  await run.call(contract.campaigns.start, { params: { id: campaign.id } });
  return campaign;
}

/** What a failing scenario needs to be understood: the campaign's log and the extension's storage. */
export async function describeRun(run: ProfileRun, campaignId: number): Promise<string> {
  const { serviceWorker } = await import('./extension.ts');
  const logs = await run
    .call(contract.campaigns.logs, { params: { id: campaignId }, query: { limit: 50 } })
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
