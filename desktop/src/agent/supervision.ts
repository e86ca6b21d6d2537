import type { AgentProfile, AgentProfilesResponse, AgentProxy } from '@reachly/shared/schemas';
import type { RunningProfile } from './api.ts';
import type { ForwardingProxy } from './forwarding-proxy.ts';
import type { TrafficMeter } from './traffic-meter.ts';

/** What the supervisor (supervisor.ts) and one profile's lifecycle (profile-lifecycle.ts) share. */

/** The part of a launched browser the supervisor needs (browser.ts ProfileBrowser has it). */
export interface SupervisedBrowser {
  readonly pid: number | null;
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  close(): Promise<void>;
}

export interface BackoffOptions {
  /** First delay after a crash or failed launch. */
  baseMs: number;
  /** The longest delay. */
  capMs: number;
  /** A browser that ran this long before exiting counts as a fresh start (the backoff starts over). */
  stableMs: number;
}

/**
 * Chromium writes its cookie store to disk about every 30 s: a browser killed sooner after an
 * import may come back without the cookies, so they are imported again at its restart.
 */
export const COOKIE_FLUSH_WINDOW_MS = 60_000;

export const NO_PROXY_MESSAGE =
  'The profile has no proxy address yet, and it does not start without its proxy';

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 5 * 60_000, stableMs: 2 * 60_000 };

/** The delay before attempt number `attempt` (0-based) of a streak: base · 2^attempt, at most cap. */
export function backoffDelay(
  attempt: number,
  { baseMs, capMs }: Pick<BackoffOptions, 'baseMs' | 'capMs'>,
): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

export interface SupervisorDeps<B extends SupervisedBrowser> {
  fetchProfiles: () => Promise<AgentProfilesResponse>;
  startProxy: (upstream: AgentProxy) => Promise<ForwardingProxy>;
  /** Launches the profile's browser behind its proxy (null: none). */
  launch: (profile: AgentProfile, proxy: ForwardingProxy | null) => Promise<B>;
  /** After a launch (and the cookies): the extension's session. A failure counts as a failed launch. */
  prepare: (profile: AgentProfile, browser: B) => Promise<void>;
  /** Imports the profile's pending cookies (after a launch, or when pendingCookiesAt changes). */
  importCookies: (profile: AgentProfile, browser: B) => Promise<void>;
  reportLaunchFailed: (profileId: number, message: string) => Promise<void>;
  meter: TrafficMeter;
  onChange: (profiles: RunningProfile[]) => void;
  log: (line: string) => void;
  backoff?: BackoffOptions;
  /** The slow poll that catches what the socket missed. */
  pollIntervalMs: number;
  now?: () => number;
}

export interface Entry<B> {
  profile: AgentProfile;
  proxyKey: string;
  state: RunningProfile['state'];
  proxy: ForwardingProxy | null;
  browser: B | null;
  restarts: number;
  /** Consecutive crashes or failed launches (the backoff's attempt number). */
  attempt: number;
  error: string | null;
  lastReported: string | null;
  startedAt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  removed: boolean;
  /** The pendingCookiesAt last imported, and when (agent clock). */
  cookiesAt: string | null;
  cookiesImportedAt: number;
  /** Import the stored set again at the next launch (the browser died before writing it to disk). */
  reimportCookies: boolean;
  /** Start, stop and restart of one profile run one after another. */
  queue: Promise<void>;
}

export interface Supervisor<B extends SupervisedBrowser> {
  /** Asks for a check of the wanted profiles; resolves when the check (or the one running) is done. */
  check(reason?: string): Promise<void>;
  start(): void;
  running(): RunningProfile[];
  browserOf(profileId: number): B | null;
  /** Stops every browser and proxy. */
  stop(): Promise<void>;
}
