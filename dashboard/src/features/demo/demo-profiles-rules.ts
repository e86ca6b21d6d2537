import type { LoginStatus, ProxySourceMode } from '@reachly/shared/constants';

/**
 * Ready to work, as the server decides it: logged in, and its proxy settled (no proxy, or an
 * address whose timezone is known).
 */
export function isProfileReadyForDemo(p: {
  loginStatus: LoginStatus;
  proxySource: ProxySourceMode;
  HTTPProxyAddress: string | null;
  proxyTimezone: string | null;
}): boolean {
  if (p.loginStatus !== 'logged-in') return false;
  return p.proxySource === 'NOT_USE' || (p.HTTPProxyAddress !== null && p.proxyTimezone !== null);
}
