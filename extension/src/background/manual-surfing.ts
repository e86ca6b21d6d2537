/**
 * A person browsing the network by hand in the profile's browser: a page of the network opened
 * in a tab the automation does not drive. The automation then holds back for HOLD_MS after the
 * person's last page (two hands on one account look like a bot and confuse the person), and the
 * server is told, at most once per REPORT_EVERY_MS, so that the campaign log says why it waits.
 */
export const HOLD_MS = 5 * 60_000;
export const REPORT_EVERY_MS = 10 * 60_000;

export interface ManualSurfingDeps {
  /** The tab the automation drives (null: none open). */
  drivenTabId(): number | null;
  /** The origin of the network's pages (null: unknown yet). */
  networkOrigin(): Promise<string | null>;
  report(path: string): Promise<unknown>;
  now?: () => number;
}

export function createManualSurfingWatch(deps: ManualSurfingDeps) {
  const now = deps.now ?? Date.now;
  let lastManualAt = Number.NEGATIVE_INFINITY;
  let lastReportAt = Number.NEGATIVE_INFINITY;

  /** A tab's address changed (tabs.onUpdated). */
  async function onTabUrl(tabId: number, url: string): Promise<void> {
    if (tabId === deps.drivenTabId()) return;
    const origin = await deps.networkOrigin();
    let page: URL;
    try {
      page = new URL(url);
    } catch {
      return;
    }
    if (origin === null || page.origin !== origin) return;
    lastManualAt = now();
    if (now() - lastReportAt < REPORT_EVERY_MS) return;
    lastReportAt = now();
    await deps.report(page.pathname).catch(() => {
      lastReportAt = Number.NEGATIVE_INFINITY;
    });
  }

  /** How long the automation should still hold back (0: not at all). */
  function holdMs(): number {
    return Math.max(0, lastManualAt + HOLD_MS - now());
  }

  return { onTabUrl, holdMs };
}
