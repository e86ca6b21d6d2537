import { DESKTOP_EVENTS } from '@reachly/shared/constants';
import { randomId } from '../lib/random.ts';

/*
 * The bridge's notices (docs/design.md §3) need no answer and so no schema: kept apart from bridge.ts
 * (which checks answers with zod) because the start-up fires them on every route, the sign-in page
 * included, whose JavaScript budget leaves no room for zod.
 */

const NOTICE_EVENTS = {
  'start-app': DESKTOP_EVENTS.startApp,
  'page-loaded': DESKTOP_EVENTS.pageLoaded,
} as const;

export interface NoticePayloads {
  'start-app': { accessToken: string };
  'page-loaded': Record<string, never>;
}

/** Fires a notice (start-app with the access token, page-loaded) without waiting for an answer. */
export function bridgeNotify<V extends keyof NoticePayloads>(verb: V, payload: NoticePayloads[V]): void {
  window.dispatchEvent(
    new CustomEvent(NOTICE_EVENTS[verb], { detail: { requestId: randomId(), ...payload } }),
  );
}

/** Listens for the desktop's `reachly-show-update-alert`; returns the unsubscribe function. */
export function onShowUpdateAlert(listener: (offeredVersion: string | null) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<{ offeredVersion?: unknown } | null>).detail;
    listener(typeof detail?.offeredVersion === 'string' ? detail.offeredVersion : null);
  };
  window.addEventListener(DESKTOP_EVENTS.showUpdateAlert, handler);
  return () => window.removeEventListener(DESKTOP_EVENTS.showUpdateAlert, handler);
}
