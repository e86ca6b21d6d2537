import type { ExtensionSession, ExtensionState } from '@reachly/shared/extension';
import type { ExecutorTask } from '@reachly/shared/schemas';
import { storage } from 'wxt/utils/storage';

/**
 * Everything the background must not lose when the browser stops its service worker: typed
 * storage items in `chrome.storage.local`.
 */

/** Server URL, access token, profile id (and the network's URL), from whoever launched the browser. */
export const sessionItem = storage.defineItem<ExtensionSession | null>('local:session', { fallback: null });

/** The user paused this browser from the popup. */
export const pausedItem = storage.defineItem<boolean>('local:paused', { fallback: false });

/** The task being worked on: after a restart the loop resumes it (the server re-hands it with recheck). */
export const currentTaskItem = storage.defineItem<ExecutorTask | null>('local:currentTask', {
  fallback: null,
});

/** When the loop may next ask the server (epoch ms). */
export const nextTickItem = storage.defineItem<number>('local:nextTick', { fallback: 0 });

/** When the inbox and friend list were last read (epoch ms). */
export const lastInboxCheckItem = storage.defineItem<number>('local:lastInboxCheck', { fallback: 0 });

/** What the popup shows besides the session. */
export const statusItem = storage.defineItem<Omit<ExtensionState, 'session' | 'paused'>>('local:status', {
  fallback: {
    loginState: 'unknown',
    waiting: null,
    pausedUntil: null,
    currentTask: null,
    campaign: null,
    today: {},
    lastEvents: [],
  },
});

/** The local day the `today` counts are for (YYYY-MM-DD). */
export const todayDateItem = storage.defineItem<string>('local:todayDate', { fallback: '' });
