/**
 * Where a link in the shell's window goes (pure): the dashboard's own origin stays in the window,
 * other http(s) addresses open in the system browser, anything else (file:, javascript:, custom
 * protocols, unreadable addresses) goes nowhere.
 */

export type LinkAction = 'internal' | 'external' | 'deny';

export function linkAction(url: string, dashboardUrl: string): LinkAction {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'deny';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'deny';
  return target.origin === new URL(dashboardUrl).origin ? 'internal' : 'external';
}

/** True for the dashboard's own pages (also used to trust an IPC sender's frame). */
export function isInternalUrl(url: string | null | undefined, dashboardUrl: string): boolean {
  return typeof url === 'string' && linkAction(url, dashboardUrl) === 'internal';
}
