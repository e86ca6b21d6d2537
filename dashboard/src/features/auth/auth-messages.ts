import { SESSION_REQUIRED_ERROR } from '@reachly/shared/constants';

/** What the sign-in and error pages say for Auth.js's error codes. */
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  [SESSION_REQUIRED_ERROR]: 'Please sign in to see that page.',
  CredentialsSignin: 'Wrong email or password.',
  banned: 'This account is banned.',
  MissingCSRF: 'The form expired. Please try again.',
  Configuration: 'Sign-in is not available right now. Please try again later.',
  AccessDenied: 'Access denied.',
  Verification: 'The sign-in link is no longer valid.',
};

export function authErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return AUTH_ERROR_MESSAGES[code] ?? 'Sign-in failed. Please try again.';
}

/** Where to go after signing in: the callbackUrl when it is on this site, else the board. */
export function safeCallbackUrl(raw: string | null): string {
  if (!raw) return '/board';
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return '/board';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/signin') || path.startsWith('/signup') ? '/board' : path;
  } catch {
    return '/board';
  }
}
