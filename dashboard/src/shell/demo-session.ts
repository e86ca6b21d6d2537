import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import type { Contract } from '@reachly/shared/contract';
import { randomHex } from '../lib/random.ts';

/** The visitor's demo session of POST /api/demo/session: the demo user's token and organisation. */
export interface DemoSession {
  accessToken: string;
  organizationId: number;
  resetsAt: string;
}

/** What a sign-up gets in demo mode: the demo creates no account. */
export const DEMO_REGISTER_MESSAGE = 'Leave the demo to create an account.';

const VISITOR_ID = /^[0-9a-f]{32,64}$/;

/**
 * The visitor's demo organisation is named by a random id kept in local storage beside isDemo, so a
 * reload (and leaving and coming back) finds the same demo until the server deletes it after idle.
 */
function visitorId(): string {
  const stored = localStorage.getItem(LOCAL_STORAGE_KEYS.demoVisitorId);
  if (stored && VISITOR_ID.test(stored)) return stored;
  const id = randomHex(16);
  localStorage.setItem(LOCAL_STORAGE_KEYS.demoVisitorId, id);
  return id;
}

/** Asks the server for the visitor's demo session (made and seeded on the first call). */
async function requestDemoSession(): Promise<DemoSession> {
  // No cookie and no authorization: the demo session is the visitor's, not the signed-in user's.
  const res = await fetch('/api/demo/session' satisfies Contract['demo']['session']['path'], {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ visitorId: visitorId() }),
    credentials: 'omit',
  });
  // Read by shape, not zod: this module is on the sign-in route's budget (lib/api.ts).
  const body = (await res.json().catch(() => null)) as Partial<DemoSession> & {
    error?: { message?: string };
  };
  if (!res.ok || typeof body?.accessToken !== 'string' || typeof body.organizationId !== 'number') {
    throw new Error(body?.error?.message ?? `The demo could not start (${res.status}).`);
  }
  return {
    accessToken: body.accessToken,
    organizationId: body.organizationId,
    resetsAt: String(body.resetsAt),
  };
}

let current: Promise<DemoSession> | null = null;

/** The page's demo session, asked for once per page load (again after a failure). */
export function demoSession(): Promise<DemoSession> {
  current ??= requestDemoSession().catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

/** Tests: forget the page's demo session. */
export function forgetDemoSession(): void {
  current = null;
}

/** A visible demo page asks for its session again this often: it counts as a visit on the server. */
const DEMO_REFRESH_MS = 15 * 60_000;

/**
 * Keeps the demo session of an open page alive: while the page is visible (every DEMO_REFRESH_MS,
 * and when it becomes visible again) it asks for the session again. A demo the server deleted after
 * idle comes back as a new one, and the page reloads onto it.
 */
export function keepDemoSessionAlive(): void {
  let last = Date.now();
  void demoSession().catch(() => undefined);
  const refresh = async () => {
    if (document.visibilityState !== 'visible' || Date.now() - last < DEMO_REFRESH_MS) return;
    last = Date.now();
    const before = await current?.catch(() => null);
    current = null;
    const next = await demoSession().catch(() => null);
    if (before && next && next.accessToken !== before.accessToken) window.location.reload();
  };
  document.addEventListener('visibilitychange', () => void refresh());
  window.setInterval(() => void refresh(), DEMO_REFRESH_MS);
}
