import { z } from 'zod';
import type { BridgeVerb } from './bridge.ts';
import type { CampaignAction } from './schemas/campaigns.ts';
import { type CollectedProfile, collectSourceSchema, type ExecutorTask } from './schemas/executor.ts';
import type { DiagnosticBody, LocatorTable } from './schemas/locators.ts';
import { PROFILE_NAME_MAX_LENGTH } from './schemas/profiles.ts';

/**
 * The extension's one typed protocol map (docs/design.md §2, §5): every message between its popup,
 * setup page, background service worker and content scripts is a key of ExtensionProtocol with its
 * request and response. `sendMessage(type, request)` and `onMessage(type, handler)` in
 * extension/src/messaging.ts are typed from it.
 */

/** What the launcher (the desktop agent; in tests, the test) hands the extension. */
export const extensionSessionSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }),
  accessToken: z.string().min(1),
  profileId: z.coerce.number().int().positive(),
  /** The profile's name in Reachly, shown by the popup (without it, "Profile <id>"). */
  profileName: z.string().trim().min(1).max(PROFILE_NAME_MAX_LENGTH).optional(),
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
  /** Confirm the person's incoming friend request; done once the page shows you are friends. */
  z.object({ kind: z.literal('acceptRequest'), profileUrl: z.string() }),
  /** Cancel the profile's pending request to the person; done once "Add friend" shows again. */
  z.object({ kind: z.literal('withdrawRequest'), profileUrl: z.string() }),
  /** Open the person's page; done with what it observed there. */
  z.object({ kind: z.literal('visit'), profileUrl: z.string() }),
  /** Follow the person; done once the page shows you follow them (already following: alreadyDone). */
  z.object({ kind: z.literal('follow'), profileUrl: z.string() }),
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

/** A diagnostic report without the profile (the background adds it): see diagnosticBodySchema. */
export type PageSignature = Omit<DiagnosticBody, 'profileId'>;

/** What a step run on a lead's page saw there (friendRequest, message, visit, accept, withdraw). */
export interface StepObserved {
  hasMessageButton?: boolean;
}

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
      /** readFriends: pending friend requests other people sent the profile. */
      incoming?: { profileUrl: string; name?: string }[];
      liked?: number;
      observed?: StepObserved;
    }
  /**
   * A click was made: run the step again on the page it leads to (a form submitted), or, with
   * `inPlace`, on the same page, where the click was already confirmed by the page's change.
   */
  | { status: 'acted'; inPlace?: boolean }
  /** Go to this URL and run the step again there (e.g. the next page of a list). */
  | { status: 'navigate'; url: string }
  /** The action cannot be done for this lead (no Message button, a private group). */
  | { status: 'skipped'; reason: string; observed?: StepObserved }
  /** `diagnostic`: a locator found nothing; the page's redacted structure, for the server. */
  | { status: 'failed'; error: string; diagnostic?: PageSignature }
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
  session: { serverUrl: string; profileId: number; profileName: string | null } | null;
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
  /** `locators`: the table in force (the server's, else the adapter's built-in copy). */
  'network:inspect': { request: { locators?: LocatorTable } | undefined; response: PageInspection };
  'network:run-step': { request: { step: AdapterStep; locators?: LocatorTable }; response: StepResult };
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
