import { BRAND } from './product.ts';

/** Cookies the page keeps (spec §3). The first-visit cookie holds 32 random bytes as hex. */
export const COOKIE_KEYS = {
  accessToken: 'accessToken',
  guestId: 'guestId',
  affiliateToken: 'affiliateToken',
  organizationToken: 'organizationToken',
  isProductBrowser: `is${BRAND}Browser`,
  firstVisitId: 'firstVisitId',
} as const;

/** Local-storage keys (spec §3). */
export const LOCAL_STORAGE_KEYS = {
  lastSentVisitEvent: 'lastSentVisitEvent',
  isDemo: 'isDemo',
  /** The visitor's demo organisation: a random id the page sends to POST /api/demo/session. */
  demoVisitorId: 'demoVisitorId',
  currentCollection: 'currentCollectionId',
  guestId: 'guestId',
} as const;

/** Query parameters the page shell reads from the address (spec §2). */
export const SHELL_QUERY_PARAMS = {
  affiliateToken: 'affiliateToken',
  organizationToken: 'organizationToken',
  isStandaloneApp: 'is-standalone-app',
  isAllPlatformsShown: 'isAllPlatformsShown',
} as const;
