import type { Profile, ProfileSettings } from '@reachly/shared/schemas';
import type { Tables } from '../../db/tables.ts';

/** A profiles row as the profiles service reads it, and its two translations: to the API, to columns. */

export type ProfileRow = Pick<
  Tables['profiles'],
  | 'id'
  | 'organization_id'
  | 'name'
  | 'login_status'
  | 'proxy_source'
  | 'proxy_type'
  | 'http_proxy_address'
  | 'proxy_login'
  | 'proxy_password_encrypted'
  | 'proxy_timezone'
  | 'is_ready'
  | 'paused_until'
  | 'pause_reason'
  | 'created_at'
  | 'updated_at'
>;

/** The settings of a stored row, as the shared profile rules take them. */
export function fromRow(row: ProfileRow): ProfileSettings {
  return {
    name: row.name,
    loginStatus: row.login_status,
    proxySource: row.proxy_source,
    proxyType: row.proxy_type,
    HTTPProxyAddress: row.http_proxy_address,
    proxyLogin: row.proxy_login,
    proxyTimezone: row.proxy_timezone,
  };
}

/** The columns of the settings (the sealed proxy password apart). */
export function toColumns(s: ProfileSettings & { isReady: boolean }) {
  return {
    name: s.name,
    login_status: s.loginStatus,
    proxy_source: s.proxySource,
    proxy_type: s.proxyType,
    http_proxy_address: s.HTTPProxyAddress,
    proxy_login: s.proxyLogin,
    proxy_timezone: s.proxyTimezone,
    is_ready: s.isReady,
  };
}

/**
 * The profile as the API answers it: whether a proxy password is set, never the password; its
 * pause only while it lasts at `now` (the server's clock).
 */
export function toProfile(row: ProfileRow, now: Date): Profile {
  const pausedUntil = row.paused_until ? new Date(row.paused_until) : null;
  const paused = pausedUntil !== null && pausedUntil > now;
  return {
    id: row.id,
    ...fromRow(row),
    hasProxyPassword: row.proxy_password_encrypted !== null,
    isReady: row.is_ready,
    pausedUntil: paused ? pausedUntil.toISOString() : null,
    pauseReason: paused ? row.pause_reason : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
