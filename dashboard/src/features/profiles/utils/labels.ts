import { BRAND, type LoginStatus, type ProxySourceMode, type ProxyType } from '@reachly/shared/constants';

/** How the profiles screen names the values of spec §3 Profile. */
export const LOGIN_STATUS_LABELS: Readonly<Record<LoginStatus, string>> = {
  'logged-in': 'Logged in',
  'logged-out': 'Logged out',
  checkpoint: 'Checkpoint',
  unknown: 'Unknown',
};

export const PROXY_SOURCE_LABELS: Readonly<Record<ProxySourceMode, string>> = {
  REACHLY: `${BRAND} proxy`,
  MANUAL: 'Manual proxy',
  NOT_USE: 'No proxy',
};

export const PROXY_TYPE_LABELS: Readonly<Record<ProxyType, string>> = {
  residential: 'Residential',
  datacenter: 'Datacenter',
  manual: 'Manual',
};

/** Stands for a saved proxy password: the API never sends it back (only hasProxyPassword). */
export const SAVED_PASSWORD_MASK = '•••••• (saved)';
