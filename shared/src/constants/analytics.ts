/**
 * Visit-counter keys of spec §3 (`singedUp` is spelt so on purpose: it is the wire value).
 * The spec says further keys exist and are not shown; these are the ones we count.
 */
export const VISIT_COUNTER_KEYS = [
  'uniqueVisits',
  'uniqueNewVisits',
  'singedUp',
  'startedTrial',
  'purchasedFirstTime',
  'purchasedTotal',
] as const;
export type VisitCounterKey = (typeof VISIT_COUNTER_KEYS)[number];

/** Client events the page emits through POST /api/emit (spec §7). */
export const CLIENT_EVENT_TYPES = {
  noGuestId: 'noGuestId',
  loadedAuthorizedDesktopApp: 'loadedAuthorizedDesktopApp',
  standaloneAppStarted: 'standaloneAppStarted',
  firstVisitClient: 'firstVisitClient',
  clientLoaded: 'clientLoaded',
} as const;
/** `source` of every client event (spec §3). */
export const CLIENT_EVENT_SOURCE = 'client' as const;
