import type { PageInspection, StepResult } from '@reachly/shared/extension';

/**
 * What a step answers, before it looks for anything, from the page's inspection: the network's
 * restriction signal; a failure on a page the adapter does not recognise (an unknown layout, or a
 * language without labels: nothing is clicked, the background reports it and stops) or on a page
 * that is not logged in (`notLoggedIn` is the error). Null when the step may go on.
 */
export function inspectionRefusal(inspection: PageInspection, notLoggedIn: string): StepResult | null {
  if (inspection.signal) {
    const { signal, message, until } = inspection.signal;
    return until
      ? { status: 'restricted', signal, message, until }
      : { status: 'restricted', signal, message };
  }
  if (!inspection.healthy)
    return { status: 'failed', error: inspection.healthMessage ?? 'Unknown page layout' };
  if (!inspection.loggedIn) return { status: 'failed', error: notLoggedIn };
  return null;
}
