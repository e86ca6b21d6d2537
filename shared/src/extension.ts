import { z } from 'zod';
import type { BridgeVerb } from './bridge.ts';
import type { CampaignAction } from './schemas/campaigns.ts';
import { type CollectedProfile, collectSourceSchema, type ExecutorTask } from './schemas/executor.ts';

/**
 * The extension's one typed protocol map (DESIGN.md §2, §5): every message between its popup,
 * setup page, background service worker and content scripts is a key of ExtensionProtocol with its
 * request and response. `sendMessage(type, request)` and `onMessage(type, handler)` in
 * extension/src/messaging.ts are typed from it.
 */

/** What the launcher (the desktop agent; in tests, the test) hands the extension. */
export const extensionSessionSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }),
  accessToken: z.string().min(1),
  profileId: z.coerce.number().int().positive(),
  /** The social network's address (its pages without a lead: feed, messenger, friends). */
  networkUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The desktop agent's loopback bridge (shared/src/bridge.ts, agentBridgePath) and its secret. */
  agentUrl: z.url({ protocol: /^https?$/ }).optional(),
  agentToken: z.string().min(1).max(200).optional(),
});
export type ExtensionSession = z.infer<typeof extensionSessionSchema>;

/**
 * One thing to do on the network's pages. The content script runs a step on the page in front of
 * it and answers; a click that submits a form navigates, so the background runs the same step
 * again on the next page until it answers done (or something else). Every step is idempotent: it
 * looks first, and an action already visible on the page is `done` with `alreadyDone`.
 */
export const adapterStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('friendRequest'), profileUrl: z.string() }),
  /**
   * `sentBefore`: how many messages from the profile with this very text the thread already held
   * when the server first handed the task out; the message counts as sent once there are more.
   */
  z.object({
    kind: z.literal('message'),
    profileUrl: z.string(),
    text: z.string(),
    sentBefore: z.number().int().min(0),
  }),
  z.object({ kind: z.literal('joinGroup'), groupUrl: z.string() }),
  /** `done` = posts liked so far by this step (the background counts the `acted` answers). */
  z.object({ kind: z.literal('likePosts'), count: z.number().int(), done: z.number().int() }),
  z.object({ kind: z.literal('collect'), source: collectSourceSchema, maxCount: z.number().int() }),
  /** The threads of the messenger and their newest messages from the other side. */
  z.object({ kind: z.literal('readInbox') }),
  /** One thread: the other side's messages. */
  z.object({ kind: z.literal('readThread'), threadUrl: z.string() }),
  /** The friend list: which requests were accepted. */
  z.object({ kind: z.literal('readFriends') }),
]);
export type AdapterStep = z.infer<typeof adapterStepSchema>;

export interface IncomingMessage {
  /** The other person's profile URL (absolute). */
  profileUrl: string;
  text: string;
  /** ISO time the network shows for the message. */
  sentAt: string;
}

export type SignalKind = 'RESTRICTION' | 'DANGER';

export type StepResult =
  /** The step is complete; `alreadyDone` when the page showed it done before this run acted. */
  | {
      status: 'done';
      alreadyDone?: boolean;
      collected?: CollectedProfile[];
      messages?: IncomingMessage[];
      /** readInbox: the threads to read (absolute URLs). */
      threads?: string[];
      /** readFriends: profile URLs whose requests were accepted. */
      accepted?: string[];
      liked?: number;
    }
  /** A click was made (a form submitted): run the step again on the page it leads to. */
  | { status: 'acted' }
  /** Go to this URL and run the step again there (e.g. the next page of a list). */
  | { status: 'navigate'; url: string }
  /** The action cannot be done for this lead (no Message button, a private group). */
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string }
  /** A warning, block or checkpoint page. */
  | { status: 'restricted'; signal: SignalKind; message: string; until?: string };

/** What the content script sees on the page before any step. */
export interface PageInspection {
  /** The adapter recognised the network. */
  network: string | null;
  /** The layout the adapter knows is there (the health check). */
  healthy: boolean;
  healthMessage?: string;
  loggedIn: boolean;
  /** A warning, block or checkpoint page, if this is one. */
  signal?: { signal: SignalKind; message: string; until?: string };
}

/** The popup's view of the background. */
export interface ExtensionState {
  session: { serverUrl: string; profileId: number } | null;
  /** From the last inspection of the network's page. */
  loginState: 'logged-in' | 'logged-out' | 'unknown';
  paused: boolean;
  /** Why the loop waits, as the server said (no-tasks, gap, daily-cap, paused…), and until when. */
  waiting: { reason: string; until: string } | null;
  pausedUntil: string | null;
  currentTask: (Pick<ExecutorTask, 'id' | 'action' | 'campaignId'> & { label: string }) | null;
  /** The campaign of the last task, with its daily caps (DEFAULT_DAILY_CAPS filled in). */
  campaign: { id: number; name: string; caps: Record<CampaignAction, number> } | null;
  /** Today's actions by this browser, per action (local count). */
  today: Partial<Record<CampaignAction, number>>;
  /** Newest first, at most 10. */
  lastEvents: { at: string; level: 'info' | 'warning' | 'error'; message: string }[];
}

export interface ExtensionProtocol {
  'popup:get-state': { request: undefined; response: ExtensionState };
  'popup:set-paused': { request: { paused: boolean }; response: ExtensionState };
  'popup:sign-out': { request: undefined; response: ExtensionState };
  /** The setup page (opened by the launcher) hands over the session. */
  'setup:session': { request: ExtensionSession; response: { ok: true } };
  'network:inspect': { request: undefined; response: PageInspection };
  'network:run-step': { request: { step: AdapterStep }; response: StepResult };
  /** The dashboard's bridge content script relays a page request to the background. */
  'bridge:request': {
    request: { verb: BridgeVerb; detail: Record<string, unknown> };
    response: { ok: true; [key: string]: unknown } | { ok: false; error: string };
  };
}

export type ExtensionMessageType = keyof ExtensionProtocol;
export type ExtensionRequest<T extends ExtensionMessageType> = ExtensionProtocol[T]['request'];
export type ExtensionResponse<T extends ExtensionMessageType> = ExtensionProtocol[T]['response'];

/** The envelope on the wire (runtime and tabs messaging). */
export interface ExtensionMessage<T extends ExtensionMessageType = ExtensionMessageType> {
  type: T;
  request: ExtensionRequest<T>;
}
