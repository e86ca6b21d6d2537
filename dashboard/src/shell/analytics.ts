import {
  CLIENT_EVENT_SOURCE,
  CLIENT_EVENT_TYPES,
  COOKIE_KEYS,
  LOCAL_STORAGE_KEYS,
  TEXTS,
} from '@reachly/shared/constants';
import type { Contract } from '@reachly/shared/contract';
import { decideVisitKey } from '@reachly/shared/logic';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import { randomId } from '../lib/random.ts';
import { isDemoMode } from './demo-mode.ts';

/**
 * Analytics are fire-and-forget: a failure never disturbs the page. The answer is still read to its
 * end: API answers are `no-store`, so no cache drains them, and an unread body keeps the request
 * open (and its connection busy) for as long as the page lives.
 */
function post(path: string, body: unknown): Promise<void> {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  })
    .then((res) => res.arrayBuffer())
    .then(
      () => undefined,
      () => undefined,
    );
}

function storedGuestId(): string | null {
  return localStorage.getItem(LOCAL_STORAGE_KEYS.guestId) ?? readCookie(COOKIE_KEYS.guestId);
}

let guestIdReady: Promise<string> | null = null;
/**
 * The visitor's guest id. When there is none yet, one is made and a noGuestId event
 * {type, guestId, source, url} is posted first (spec §7); concurrent callers share that first post.
 */
function ensureGuestId(): Promise<string> {
  const existing = storedGuestId();
  if (existing) return Promise.resolve(existing);
  guestIdReady ??= (async () => {
    const guestId = randomId();
    await post('/api/emit' satisfies Contract['public']['emit']['path'], {
      type: CLIENT_EVENT_TYPES.noGuestId,
      guestId,
      source: CLIENT_EVENT_SOURCE,
      url: window.location.href,
    });
    localStorage.setItem(LOCAL_STORAGE_KEYS.guestId, guestId);
    writeCookie(COOKIE_KEYS.guestId, guestId);
    guestIdReady = null;
    return guestId;
  })();
  return guestIdReady;
}

/**
 * Posts a client event {type, source: client, url, hasGuestId, ...extra, mongoAttributes} (spec §7).
 * A type that is not a string throws TypeError "Event type must be string" (spec §8).
 */
export async function emitEvent(
  type: unknown,
  extra: Record<string, unknown> = {},
  mongoAttributes: Record<string, unknown> = {},
): Promise<void> {
  if (typeof type !== 'string') throw new TypeError(TEXTS.eventTypeMustBeString);
  if (isDemoMode()) return;
  const hadGuestId = storedGuestId() !== null;
  const guestId = await ensureGuestId();
  await post('/api/emit' satisfies Contract['public']['emit']['path'], {
    ...extra,
    type,
    source: CLIENT_EVENT_SOURCE,
    url: window.location.href,
    hasGuestId: hadGuestId,
    guestId,
    mongoAttributes,
  });
}

/**
 * Counts the visit (spec §7): uniqueNewVisits on a first visit, else uniqueVisits when the last one
 * was 24 hours ago or more (or never stored); then stores the time.
 */
export async function countVisit(isFirstVisit: boolean, now = Date.now()): Promise<void> {
  if (isDemoMode()) return;
  const stored = localStorage.getItem(LOCAL_STORAGE_KEYS.lastSentVisitEvent);
  const key = decideVisitKey({ isFirstVisit, lastVisitAt: stored === null ? null : Number(stored), now });
  if (!key) return;
  await post('/api/summary' satisfies Contract['public']['summary']['path'], { key });
  localStorage.setItem(LOCAL_STORAGE_KEYS.lastSentVisitEvent, String(now));
}
