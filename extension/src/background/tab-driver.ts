import type { AdapterStep, PageInspection, StepResult } from '@reachly/shared/extension';
import type { LocatorTable } from '@reachly/shared/schemas';
import { browser } from 'wxt/browser';
import { PAGE_ID_KEY } from '../content/page-id.ts';
import { sendToTab } from '../messaging.ts';
import { sessionItem } from '../storage.ts';
import { currentLocators, reportDiagnostic } from './locators.ts';
import { adapterForUrl, entryUrlFor, rememberNetwork } from './network.ts';

/**
 * Drives the network's tab for the background: one tab, reused, navigated to where a step
 * starts; after every navigation the adapter's content script is injected and asked to inspect
 * the page and run the step. A click that submits a form navigates, so the step is run again on
 * the page it leads to until it answers something other than `acted`/`navigate`; a click the page
 * answers in place (`acted` with `inPlace`, confirmed by the label's change) runs the step again on
 * the same page. The locator table in force travels with every message to the content script.
 */

const LOAD_TIMEOUT_MS = 30_000;
/** A step may click at most this many times (liking N posts clicks N times). */
const MAX_ROUNDS = 120;

export interface StepRun {
  result: StepResult;
  /** How many clicks this run made (0 = the page showed the step already done). */
  acted: number;
  inspection: PageInspection | null;
}

let networkTabId: number | null = null;

/** The tab the automation drives (a page a person opens in another tab is theirs). */
export const drivenTabId = (): number | null => networkTabId;

async function tabExists(id: number | null): Promise<boolean> {
  if (id === null) return false;
  try {
    await browser.tabs.get(id);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The id the network listener gave the document in the tab (null: none yet, or not reachable). */
async function pageIdOf(tabId: number): Promise<string | null> {
  try {
    const [answer] = await browser.scripting.executeScript({
      target: { tabId },
      // Runs in the page: no closure, so the key travels as an argument.
      func: (key: string) => (globalThis as unknown as Record<string, string | undefined>)[key] ?? null,
      args: [PAGE_ID_KEY],
    });
    return (answer?.result as string | null | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Waits until the tab shows a loaded document other than the one whose page id was `previous`: a
 * click's navigation (including a POST answered by a redirect) or a URL change. Polls rather than
 * trusting tab events, which a fast local page can fire before anyone listens; never runs a step
 * twice on the same document, so a click is never repeated on the page that made it.
 */
async function waitForNewPage(tabId: number, previous: string | null): Promise<void> {
  const end = Date.now() + LOAD_TIMEOUT_MS;
  while (Date.now() < end) {
    const tab = await browser.tabs.get(tabId);
    if (tab.status === 'complete' && tab.url && !tab.url.startsWith('about:')) {
      const id = await pageIdOf(tabId);
      if (id === null || id !== previous) return;
    }
    await sleep(100);
  }
  throw new Error('The network page did not load in time');
}

/** The network tab, opened on `url` (or navigated there) and loaded. */
async function openAt(url: string): Promise<number> {
  if (!(await tabExists(networkTabId))) {
    const tab = await browser.tabs.create({ url: 'about:blank', active: true });
    networkTabId = tab.id ?? null;
  }
  const tabId = networkTabId as number;
  const previous = await pageIdOf(tabId);
  await browser.tabs.update(tabId, { url });
  await waitForNewPage(tabId, previous);
  return tabId;
}

const TAP_ID = 'reachly-graphql-tap';

/**
 * The main-world tap (content/graphql-tap.ts) on the network's origin, from document_start, so the
 * adapter sees the JSON answers the page receives from its first load. Only facebook.com and the
 * session's network get it; any port of that host.
 */
async function ensureTap(origin: string): Promise<void> {
  const url = new URL(origin);
  const matches = ['https://www.facebook.com/*', `${url.protocol}//${url.hostname}/*`];
  const script = {
    id: TAP_ID,
    js: ['/content-scripts/graphql-tap.js'],
    matches: [...new Set(matches)],
    runAt: 'document_start' as const,
    world: 'MAIN' as const,
    persistAcrossSessions: false,
  };
  try {
    const [existing] = await browser.scripting.getRegisteredContentScripts({ ids: [TAP_ID] });
    if (!existing) await browser.scripting.registerContentScripts([script]);
    else if (!script.matches.every((m) => existing.matches?.includes(m))) {
      await browser.scripting.updateContentScripts([
        { ...script, matches: [...new Set([...(existing.matches ?? []), ...script.matches])] },
      ]);
    }
  } catch {
    // Without the tap lists are read from the page itself.
  }
}

let locators: LocatorTable | undefined;

/** Injects the adapter's content script (idempotent: it registers its listener once per page). */
async function inject(tabId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId }, files: ['/content-scripts/network.js'] });
}

/** Opens `url` and answers what the adapter sees there. */
async function inspectAt(url: string): Promise<{ tabId: number; inspection: PageInspection }> {
  await ensureTap(url);
  const tabId = await openAt(url);
  await inject(tabId);
  const inspection = await sendToTab(tabId, 'network:inspect', { locators });
  rememberNetwork(inspection.network);
  return { tabId, inspection };
}

/** Runs one step from its entry URL to its answer. */
export async function runStep(entryUrl: string, initial: AdapterStep): Promise<StepRun> {
  let step = initial;
  const session = await sessionItem.getValue();
  locators = await currentLocators(session);
  const before = adapterForUrl(new URL(entryUrl)).name;
  let { tabId, inspection } = await inspectAt(entryUrl);
  // The first page showed another network than the one the entry was planned for: start again
  // where that network's adapter starts the step.
  if (inspection.network && inspection.network !== before) {
    const entry = entryUrlFor(initial, new URL(entryUrl));
    if (entry !== entryUrl) ({ tabId, inspection } = await inspectAt(entry));
  }
  let acted = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const page = await pageIdOf(tabId);
    const result = await sendToTab(tabId, 'network:run-step', { step, locators });
    if (result.status === 'failed' && result.diagnostic) void reportDiagnostic(session, result.diagnostic);
    if (result.status === 'acted') {
      acted += 1;
      if (step.kind === 'likePosts') step = { ...step, done: step.done + 1 };
      if (!result.inPlace) {
        await waitForNewPage(tabId, page);
        await inject(tabId);
      }
      inspection = await sendToTab(tabId, 'network:inspect', { locators });
      continue;
    }
    if (result.status === 'navigate') {
      ({ tabId, inspection } = await inspectAt(result.url));
      continue;
    }
    return { result, acted, inspection };
  }
  return {
    result: { status: 'failed', error: 'The step did not finish on the network pages' },
    acted,
    inspection,
  };
}
