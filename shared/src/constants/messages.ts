/** User-facing texts and error codes of spec §2 and §8, kept in one table. */
export const TEXTS = {
  platformGuess: (platform: string) => `We're guessing you're on ${platform} platform.`,
  showOtherPlatforms: 'Show for other platforms',
  hideOtherPlatforms: 'Hide other platforms',
  downloadSuccess: 'Application downloaded successfully',
  downloadFailure: 'Error downloading the application',
  eventTypeMustBeString: 'Event type must be string',
} as const;

/** Authentication client codes and the sign-in redirect error (spec §8). */
export const AUTH_CLIENT_ERROR_CODES = ['CLIENT_FETCH_ERROR', 'CLIENT_SESSION_ERROR'] as const;
export const SESSION_REQUIRED_ERROR = 'SessionRequired';

/** Error codes of the API's error body `{error: {code, message, details?}}` (docs/design.md §3). */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** A share as people read it: 13.3%, 20%. */
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** What a change of a profile's friend-request cap by its acceptance rate says (the claim's notices, shared/src/logic/slow-down.ts). */
interface SlowDownChange {
  profile: string;
  /** The cap now, and the one before. */
  cap: number;
  from: number;
  accepted: number;
  decided: number;
}

export const SLOW_DOWN_TEXTS = {
  steppedDown: (c: SlowDownChange & { threshold: number; farBelow: boolean; decidedAfterDays: number }) =>
    `${c.profile} sends at most ${c.cap} friend requests a day instead of ${c.from}: only ${c.accepted} of its last ${c.decided} requests were accepted (${percent(c.accepted / c.decided)}, ${c.farBelow ? 'under half of' : 'below'} ${percent(c.threshold)}). A request counts once it is accepted or ${c.decidedAfterDays} days old.`,
  steppedUp: (c: SlowDownChange & { atLeast: number }) =>
    `${c.profile} may send ${c.cap} friend requests a day again instead of ${c.from}: ${c.accepted} of its last ${c.decided} requests were accepted (${percent(c.accepted / c.decided)}, at least ${percent(c.atLeast)}).`,
} as const;

/** Lifting a profile's pause early from the dashboard (POST /api/profiles/:id/resume). */
export const PROFILE_RESUME_TEXTS = {
  button: 'Resume now',
  // Holds the visible text (axe label-content-name-mismatch), then the profile among several rows.
  buttonLabel: (profile: string) => `Resume now: ${profile}`,
  title: (profile: string) => `Resume ${profile} now?`,
  warning: (profile: string, until: string) =>
    `${profile} is paused until ${until} because the network restricted or blocked it. A restriction is the network's warning that the account acted too fast or looked automated.`,
  advice:
    'Resume only if the network has lifted the restriction or you have checked the account. If the network restricts it again, the next pause is longer, and the account can be blocked for good.',
  confirm: 'Resume the profile',
  cancel: 'Keep it paused',
  done: (profile: string) => `${profile} works again`,
} as const;
