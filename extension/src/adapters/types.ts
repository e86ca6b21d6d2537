import type { AdapterStep, PageInspection, StepResult } from '@reachly/shared/extension';

/**
 * A social network behind one interface (DESIGN.md §5): the automation never hard-codes a page's
 * markup outside its network's adapter. The content script calls `inspect` on every page and `run`
 * for a step; both read (and `run` may click) the document in front of them and nothing else.
 */
export interface NetworkAdapter {
  /** Short name, e.g. 'sandbox'. */
  readonly name: string;
  /** Whether the document is this network's page. */
  detect(doc: Document): boolean;
  /** Health check, log-in state and warning/block/checkpoint signals of the page. */
  inspect(doc: Document): PageInspection;
  /** The URL a step starts at, from the page's origin (`base`). */
  entryUrl(step: AdapterStep, base: URL): string;
  /**
   * Runs the step on this page: looks first (an action already done answers done with
   * alreadyDone), then acts (one click: answers acted) or answers what the page shows.
   */
  run(doc: Document, step: AdapterStep): StepResult;
}
