import type { PageInspection, StepResult } from '@reachly/shared/extension';
import { DEFAULT_FACEBOOK_LOCATORS } from '@reachly/shared/schemas';
import { adapterFor } from '../adapters/index.ts';
import type { AdapterEnv } from '../adapters/types.ts';
import { onMessage } from '../messaging.ts';
import { TAP_DUMP, TAP_SOURCE, type TapMessage } from './graphql-tap.ts';
import { PAGE_ID_KEY } from './page-id.ts';

const UNKNOWN: PageInspection = {
  network: null,
  healthy: false,
  healthMessage: 'This page belongs to no network Reachly knows',
  loggedIn: false,
};

/** The JSON answers the page received, forwarded by the main-world tap (none without it). */
function listenForAnswers(win: Window): () => readonly unknown[] {
  const answers = new Map<number, unknown>();
  win.addEventListener('message', (event) => {
    const data = event.data as Partial<TapMessage> | null;
    if (data?.source !== TAP_SOURCE || !Array.isArray(data.answers)) return;
    for (const a of data.answers) answers.set(a.seq, a.data);
  });
  win.postMessage({ source: TAP_DUMP }, win.location.origin);
  return () => [...answers.entries()].sort(([a], [b]) => a - b).map(([, data]) => data);
}

/**
 * The adapter's side of the task loop, in the network's page: inspect the page, run a step. The
 * background injects this script after every navigation; it answers once per page.
 */
export function listenForSteps(doc: Document = document): void {
  const scope = globalThis as unknown as Record<string, string | undefined>;
  if (scope[PAGE_ID_KEY]) return;
  scope[PAGE_ID_KEY] = crypto.randomUUID();
  const answers = doc.defaultView ? listenForAnswers(doc.defaultView) : () => [];
  const envOf = (locators = DEFAULT_FACEBOOK_LOCATORS): AdapterEnv => ({
    locators,
    answers,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  onMessage({
    'network:inspect': async (request) => adapterFor(doc)?.inspect(doc, envOf(request?.locators)) ?? UNKNOWN,
    'network:run-step': async ({ step, locators }): Promise<StepResult> => {
      const adapter = adapterFor(doc);
      if (!adapter) return { status: 'failed', error: UNKNOWN.healthMessage ?? 'Unknown page' };
      return adapter.run(doc, step, envOf(locators));
    },
  });
}
