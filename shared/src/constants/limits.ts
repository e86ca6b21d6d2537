/** Business constants and limits of spec §9 (and the numbers of §4, §5, §7 they come with). */

export const CONVERSATIONS_FIRST_PAGE = 50;
export const CONVERSATIONS_NEXT_PAGE = 10;
export const PROFILES_PAGE_SIZE = 20;
/** Leads page size when the request names no `limit` (server issue). */
export const LEADS_PAGE_SIZE = 20;
/** More leads load only if at least this many are loaded (spec §5). */
export const LEADS_LOAD_MORE_THRESHOLD = 15;
/** `lastId` of the first leads page (spec §7). */
export const LEADS_FIRST_LAST_ID = -1;

export const LICENSE_RECHECK_MS = 120_000;
export const PROXY_TIMEZONE_WAIT_MS = 10_000;

/** Remaining traffic when the server sends none (spec §5), in bytes. */
export const DEFAULT_REMAINING_TRAFFIC_BYTES = 1_048_576;
export const BYTES_PER_GB = 1_073_741_824;
export const TRAFFIC_DECIMALS = 2;
/** Shown when neither limit nor used traffic is present in the fallback mode (spec §5). */
export const FALLBACK_TRAFFIC_TEXT = '0.10MB';

export const UNIQUE_VISIT_THROTTLE_MS = 24 * 60 * 60 * 1000;

/** Cookies live until 1 Jan 2100 on the parent domain, path / (spec §9). */
export const COOKIE_EXPIRES = new Date(Date.UTC(2100, 0, 1));
export const COOKIE_PATH = '/';
export const FIRST_VISIT_ID_BYTES = 32;

export const CURRENT_COLLECTION_DEFAULT = 'all';
export const AUTH_BASE_PATH = '/api/auth';
/** The dashboard's auth pages; Auth.js `pages` point at them (sign-in redirects, errors). */
export const AUTH_PAGES = { signIn: '/signin', signUp: '/signup', error: '/auth/error' } as const;

export const SESSION_REFETCH_ON_FOCUS_DEFAULT = true;
/** Session polling interval in seconds; 0 = off (spec §9). */
export const SESSION_REFETCH_INTERVAL_DEFAULT_S = 0;

export const DOWNLOAD_TOAST_PLACEMENT = 'top' as const;

export const SOCKET_PATH = '/socket.io';
export const SOCKET_TRANSPORTS = ['websocket', 'polling'] as const;
export const SOCKET_RECONNECTION = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

export const THEME = {
  primary: 'green',
  fonts: { heading: 'Roboto, sans-serif', body: 'Roboto, sans-serif' },
} as const;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const SNACKBAR_Z_INDEX = 1400;

/** Trial given at sign-up (docs/design.md §3). */
export const TRIAL_DAYS = 7;
/**
 * Proxy traffic allowance of a new trial (decision: 1 GB; see docs/decisions.md). Equal to
 * BYTES_PER_GB by that decision, not by meaning: `@alias` tells knip the second name is intended.
 * @alias
 */
export const TRIAL_TRAFFIC_BYTES = BYTES_PER_GB;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * A running campaign finishes by itself once it has had nothing to do for this long: no task
 * waiting, nothing new to plan, and nothing in its log (no action, answer or acceptance) for as
 * many days (docs/decisions.md, "Campaigns finish by themselves").
 */
export const CAMPAIGN_FINISH_IDLE_DAYS = 14;
