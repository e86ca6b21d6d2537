import type { AdapterStep, PageInspection, StepResult } from '@reachly/shared/extension';
import type { LocatorTable } from '@reachly/shared/schemas';

/**
 * What the content script hands an adapter beside the page: the locator table in force (the
 * server's, else the built-in copy) and the JSON answers the page has received so far (the
 * main-world tap forwards them; an empty list when there is none).
 */
export interface AdapterEnv {
  locators: LocatorTable;
  answers(): readonly unknown[];
  /** Waits `ms` (a page's change arrives a moment after a click). */
  sleep(ms: number): Promise<void>;
}

/**
 * A social network behind one interface: the automation never hard-codes a page's markup outside
 * its network's adapter. The content script calls `inspect` on every page and `run` for a step;
 * both read (and `run` may click) the document in front of them and nothing else.
 */
export interface NetworkAdapter {
  /** Short name, e.g. 'sandbox'. */
  readonly name: string;
  /** Whether the document is this network's page. */
  detect(doc: Document): boolean;
  /** Health check, log-in state and warning/block/checkpoint signals of the page. */
  inspect(doc: Document, env?: AdapterEnv): PageInspection;
  /** The URL a step starts at, from the page's origin (`base`). */
  entryUrl(step: AdapterStep, base: URL): string;
  /**
   * Runs the step on this page: looks first (an action already done answers done with
   * alreadyDone), then acts (one click: answers acted) or answers what the page shows.
   */
  run(doc: Document, step: AdapterStep, env?: AdapterEnv): StepResult | Promise<StepResult>;
}
