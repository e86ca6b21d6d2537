import { LOGIN_STATUSES, PROXY_SOURCE_MODES, type ProxySourceMode } from '@reachly/shared/constants';
import { PROXY_TYPES_BY_SOURCE } from '@reachly/shared/schemas';
import { LOGIN_STATUS_LABELS, PROXY_SOURCE_LABELS, PROXY_TYPE_LABELS } from './labels.ts';

export const LOGIN_STATUS_OPTIONS = LOGIN_STATUSES.map((value) => ({
  value,
  label: LOGIN_STATUS_LABELS[value],
}));

export const PROXY_SOURCE_OPTIONS = PROXY_SOURCE_MODES.map((value) => ({
  value,
  label: PROXY_SOURCE_LABELS[value],
}));

/** The proxy types a source allows (shared PROXY_TYPES_BY_SOURCE). */
export function proxyTypeOptions(source: ProxySourceMode) {
  return PROXY_TYPES_BY_SOURCE[source].map((value) => ({ value, label: PROXY_TYPE_LABELS[value] }));
}
