import type { ReachlyDesktopBridge } from '@reachly/shared/bridge';
import {
  CLIENT_EVENT_TYPES,
  COOKIE_KEYS,
  FIRST_VISIT_ID_BYTES,
  SHELL_QUERY_PARAMS,
} from '@reachly/shared/constants';
import type { Contract } from '@reachly/shared/contract';
import type { GlobalPrerenderData, User } from '@reachly/shared/schemas';
import { authHeaders, setAccessToken } from '../lib/api.ts';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import { randomHex } from '../lib/random.ts';
import { countVisit, emitEvent } from './analytics.ts';
import { bridgeNotify } from './bridge-notices.ts';
import { isDemoMode, registerDemoToggle } from './demo-mode.ts';
import { keepDemoSessionAlive } from './demo-session.ts';
import { inDesktopApp, inStandaloneMode } from './environment.ts';

declare global {
  interface Window {
    /** The user of GET /api/globalPrerenderData, put on the window at start-up (spec §7). */
    reachlyUser?: User | null;
    /** The desktop shell's bridge (its preload, contextBridge); absent in a normal browser. */
    reachlyDesktop?: ReachlyDesktopBridge;
  }
}

/** The id of the style element the server sends for the first paint (index.html); removed at start-up. */
const SERVER_STYLE_ELEMENT_ID = 'server-side-styles';
/** Dispatched on the window once the prerender user is known (spec §7: "a userData event"). */
const USER_DATA_EVENT = 'userData';

export interface StartupResult {
  isFirstVisit: boolean;
  user: User | null;
}

/**
 * Step 1: store the token (the desktop shell passes it as ?accessToken=; otherwise the cookie's)
 * and create the first-visit cookie if absent. Returns whether this is a first visit.
 */
function storeTokenAndFirstVisit(params: URLSearchParams): boolean {
  const token = params.get('accessToken') ?? readCookie(COOKIE_KEYS.accessToken);
  if (token) {
    writeCookie(COOKIE_KEYS.accessToken, token);
    setAccessToken(token);
  }
  const isFirstVisit = readCookie(COOKIE_KEYS.firstVisitId) === null;
  if (isFirstVisit) writeCookie(COOKIE_KEYS.firstVisitId, randomHex(FIRST_VISIT_ID_BYTES));
  return isFirstVisit;
}

/** Step 2: affiliate and organisation tokens from the address, kept as cookies (spec §3). */
function saveAddressTokens(params: URLSearchParams): void {
  for (const key of [SHELL_QUERY_PARAMS.affiliateToken, SHELL_QUERY_PARAMS.organizationToken] as const) {
    const value = params.get(key);
    if (value) writeCookie(COOKIE_KEYS[key], value);
  }
}

/** Step 3: inside the desktop app, mark the browser; report the app's start. */
function runDesktopSteps(token: string | null): void {
  if (inDesktopApp()) {
    writeCookie(COOKIE_KEYS.isProductBrowser, 'true');
    if (token) void emitEvent(CLIENT_EVENT_TYPES.loadedAuthorizedDesktopApp);
  }
  if (inStandaloneMode()) void emitEvent(CLIENT_EVENT_TYPES.standaloneAppStarted);
}

/** Step 4: the desktop events: start-app with the access token, then page-loaded. */
function fireDesktopEvents(token: string | null): void {
  if (token) bridgeNotify('start-app', { accessToken: token });
  bridgeNotify('page-loaded', {});
}

function asPrerenderData(body: unknown): GlobalPrerenderData {
  const user = (body as { user?: unknown } | null)?.user;
  const looksLikeUser =
    typeof user === 'object' &&
    user !== null &&
    typeof (user as User).accessToken === 'string' &&
    typeof (user as User).organizationId === 'number';
  return { user: looksLikeUser ? (user as User) : null };
}

/** Step 7: GET /api/globalPrerenderData with the token; the user goes on the window, then a userData event. */
async function fetchGlobalPrerenderData(): Promise<User | null> {
  let data: GlobalPrerenderData = { user: null };
  if (!isDemoMode()) {
    try {
      const res = await fetch('/api/globalPrerenderData' satisfies Contract['user']['prerender']['path'], {
        headers: authHeaders(),
        credentials: 'same-origin',
      });
      // Checked by shape, not zod: the start-up runs on every route, the sign-in page included. A
      // refusal's body is read too: an unread no-store answer keeps its request open.
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) data = asPrerenderData(body);
    } catch {
      data = { user: null };
    }
  }
  window.reachlyUser = data.user;
  window.dispatchEvent(new CustomEvent(USER_DATA_EVENT, { detail: data.user }));
  return data.user;
}

/** The start-up order of spec §4, exactly. */
export async function startUp(): Promise<StartupResult> {
  const params = new URLSearchParams(window.location.search);
  const isFirstVisit = storeTokenAndFirstVisit(params);
  saveAddressTokens(params);
  const token = readCookie(COOKIE_KEYS.accessToken);
  runDesktopSteps(token);
  fireDesktopEvents(token);
  document.getElementById(SERVER_STYLE_ELEMENT_ID)?.remove();
  registerDemoToggle();
  // Demo mode: the page works as the visitor's demo user of the server (shell/demo-session.ts).
  if (isDemoMode()) keepDemoSessionAlive();
  const user = await fetchGlobalPrerenderData();
  void countVisit(isFirstVisit);
  if (isFirstVisit) void emitEvent(CLIENT_EVENT_TYPES.firstVisitClient);
  void emitEvent(CLIENT_EVENT_TYPES.clientLoaded);
  return { isFirstVisit, user };
}
