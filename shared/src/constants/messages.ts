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
