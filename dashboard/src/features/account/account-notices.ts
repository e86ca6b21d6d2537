import { AUTH_PAGES } from '../../session/session-client.ts';

/**
 * What the sign-in page says after an account change ended the user's sessions (`?notice=`): shown
 * as information, not as an error.
 */
const NOTICES = {
  'password-changed': 'Your password was changed and every session ended. Sign in with the new password.',
  'password-reset': 'Your new password is set and every other session ended. Sign in with it.',
  'signed-out-everywhere':
    'You were signed out of every session: this browser, the others and the desktop app.',
} as const;

type AccountNotice = keyof typeof NOTICES;

export function accountNoticeText(code: string | null): string | null {
  return code && code in NOTICES ? NOTICES[code as AccountNotice] : null;
}

/** The sign-in page with a notice (the address of a full-page navigation that drops the old session). */
export function signInWithNotice(notice: AccountNotice, email?: string): string {
  const params = new URLSearchParams({ notice });
  if (email) params.set('email', email);
  return `${AUTH_PAGES.signIn}?${params}`;
}
