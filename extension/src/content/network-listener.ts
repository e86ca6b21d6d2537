import type { PageInspection, StepResult } from '@reachly/shared/extension';
import { adapterFor } from '../adapters/index.ts';
import { onMessage } from '../messaging.ts';
import { PAGE_ID_KEY } from './page-id.ts';

const UNKNOWN: PageInspection = {
  network: null,
  healthy: false,
  healthMessage: 'This page belongs to no network Reachly knows',
  loggedIn: false,
};

/**
 * The adapter's side of the task loop, in the network's page: inspect the page, run a step. The
 * background injects this script after every navigation; it answers once per page.
 */
export function listenForSteps(doc: Document = document): void {
  const scope = globalThis as unknown as Record<string, string | undefined>;
  if (scope[PAGE_ID_KEY]) return;
  scope[PAGE_ID_KEY] = crypto.randomUUID();
  onMessage({
    'network:inspect': async () => adapterFor(doc)?.inspect(doc) ?? UNKNOWN,
    'network:run-step': async ({ step }): Promise<StepResult> => {
      const adapter = adapterFor(doc);
      if (!adapter) return { status: 'failed', error: UNKNOWN.healthMessage ?? 'Unknown page' };
      return adapter.run(doc, step);
    },
  });
}
