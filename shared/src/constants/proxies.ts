import { PRODUCT_KEY } from './product.ts';

export const PROXY_TYPES = ['residential', 'datacenter', 'manual'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

/** Proxy source modes of spec §3: the product's own proxies, a manual proxy, or none. */
export const PROXY_SOURCE_MODES = [PRODUCT_KEY.toUpperCase() as 'REACHLY', 'MANUAL', 'NOT_USE'] as const;
export type ProxySourceMode = (typeof PROXY_SOURCE_MODES)[number];

/** Log-in state of a connected social profile (the `loginStatus` filter of spec §7). */
export const LOGIN_STATUSES = ['logged-in', 'logged-out', 'checkpoint', 'unknown'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];
