import { AUTH_BASE_PATH, AUTH_PAGES, SESSION_REQUIRED_ERROR } from '@reachly/shared/constants';

export { AUTH_PAGES };

/** The session answer of GET /api/auth/session (spec §3: data plus status). */
export interface SessionData {
  user?: { id?: string; email?: string | null; name?: string | null };
  accessToken?: string;
  expires: string;
}

/** Sign-in result of spec §3. */
export interface SignInResult {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
  /** Auth.js's code of a refused sign-in (`banned` for a banned account), else absent. */
  code?: string | null;
}

type ProviderType = 'credentials' | 'email' | 'oauth' | 'oidc' | 'webauthn';
interface ProviderListing {
  id: string;
  name: string;
  type: ProviderType | string;
  signinUrl: string;
  callbackUrl: string;
}

/** Storage key another tab writes to when it signs in or out, so this tab refetches (spec §4). */
export const SESSION_BROADCAST_KEY = 'reachly.session-event';

export type AuthClientCode = 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR';

/** Client logging (spec §7): POST {level, code, message, client: true} to the log path as a beacon. */
export function logAuthClient(
  level: 'error' | 'warn' | 'debug',
  code: AuthClientCode,
  message: string,
): void {
  const body = new URLSearchParams({ level, code, message, client: 'true' });
  const url = `${AUTH_BASE_PATH}/_log`;
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
  // The answer is read to its end (an unread no-store body keeps the request open).
  fetch(url, { method: 'POST', body, keepalive: true })
    .then((res) => res.arrayBuffer())
    .catch(() => {});
}

async function fetchAuth<T>(path: string, init?: RequestInit): Promise<T | null> {
  try {
    const res = await fetch(`${AUTH_BASE_PATH}/${path}`, { credentials: 'same-origin', ...init });
    const data = (await res.json()) as T | Record<string, never>;
    if (!res.ok) throw new Error(`${res.status}`);
    return Object.keys(data ?? {}).length > 0 ? (data as T) : null;
  } catch (error) {
    logAuthClient('error', 'CLIENT_FETCH_ERROR', `${path}: ${(error as Error).message}`);
    return null;
  }
}

/** GET session path: the session, or null when empty (spec §7). */
export function fetchSession(): Promise<SessionData | null> {
  return fetchAuth<SessionData>('session');
}

async function getCsrfToken(): Promise<string | null> {
  return (await fetchAuth<{ csrfToken: string }>('csrf'))?.csrfToken ?? null;
}

function getProviders(): Promise<Record<string, ProviderListing> | null> {
  return fetchAuth<Record<string, ProviderListing>>('providers');
}

/** Tells the other tabs that the session changed (they refetch on the storage event). */
function broadcastSessionChange(event: 'signin' | 'signout' | 'update'): void {
  try {
    localStorage.setItem(SESSION_BROADCAST_KEY, JSON.stringify({ event, at: Date.now() }));
  } catch {
    // storage unavailable: other tabs refetch when they become visible
  }
}

/** The sign-in page's address with error=SessionRequired and the page to come back to (spec §2). */
export function signInRedirectUrl(callbackUrl: string = window.location.href): string {
  const params = new URLSearchParams({ error: SESSION_REQUIRED_ERROR, callbackUrl });
  return `${AUTH_PAGES.signIn}?${params}`;
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/**
 * Signs in (spec §5, §7): providers unavailable → the error page; unknown provider → the sign-in
 * page with callbackUrl; credentials → POST callback/credentials with csrfToken, callbackUrl,
 * json=true plus the fields. Returns the result; the caller navigates to `url` when ok.
 */
export async function signIn(
  provider: string,
  fields: Record<string, string>,
  callbackUrl: string = window.location.href,
): Promise<SignInResult> {
  const providers = await getProviders();
  if (!providers) {
    return { error: 'Configuration', status: 0, ok: false, url: AUTH_PAGES.error };
  }
  const listing = providers[provider];
  if (!listing) {
    return {
      error: null,
      status: 0,
      ok: false,
      url: `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl })}`,
    };
  }
  const csrfToken = await getCsrfToken();
  if (!csrfToken) return { error: 'MissingCSRF', status: 0, ok: false, url: null };
  const action = listing.type === 'credentials' ? 'callback' : 'signin';
  const res = await fetch(`${AUTH_BASE_PATH}/${action}/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: form({ ...fields, csrfToken, callbackUrl, json: 'true' }),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string };
  const url = data.url ?? null;
  const answer = url ? new URL(url, window.location.origin).searchParams : null;
  const error = answer ? answer.get('error') : 'Unknown';
  if (res.ok && !error) broadcastSessionChange('signin');
  return {
    error,
    status: res.status,
    ok: res.ok && !error,
    url: error ? null : url,
    code: answer?.get('code'),
  };
}

/** Signs out (spec §7): POST signout with csrfToken, callbackUrl, json; returns the url to go to. */
export async function signOut(callbackUrl: string = AUTH_PAGES.signIn): Promise<string> {
  const csrfToken = (await getCsrfToken()) ?? '';
  const res = await fetch(`${AUTH_BASE_PATH}/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: form({ csrfToken, callbackUrl, json: 'true' }),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string };
  broadcastSessionChange('signout');
  return data.url ?? callbackUrl;
}

/** POST session path with csrfToken and data: updates the session (spec §7). */
export async function postSessionUpdate(data: unknown): Promise<SessionData | null> {
  const csrfToken = await getCsrfToken();
  if (!csrfToken) return null;
  const session = await fetchAuth<SessionData>('session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken, data }),
  });
  broadcastSessionChange('update');
  return session;
}
