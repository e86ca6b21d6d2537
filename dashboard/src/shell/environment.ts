import { SHELL_QUERY_PARAMS } from '@reachly/shared/constants';
import { isDesktopApp } from '@reachly/shared/logic';

/**
 * Inside the desktop shell (spec §7): its user agent, or the bridge its preload exposes (the
 * "process check": a page whose user agent was changed is still in the shell).
 */
export function inDesktopApp(): boolean {
  return isDesktopApp(navigator.userAgent) || window.reachlyDesktop !== undefined;
}

/** Standalone mode: the page was opened with ?is-standalone-app (or installed as an app). */
export function inStandaloneMode(): boolean {
  const params = new URLSearchParams(window.location.search);
  if (params.has(SHELL_QUERY_PARAMS.isStandaloneApp))
    return params.get(SHELL_QUERY_PARAMS.isStandaloneApp) !== 'false';
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

/** A local host (the outdated-app dialog is never shown there, spec §2). */
export function onLocalHost(hostname: string = window.location.hostname): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '0.0.0.0'
  );
}
