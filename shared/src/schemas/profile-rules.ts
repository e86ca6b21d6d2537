import type { LoginStatus, ProxySourceMode, ProxyType } from '../constants/proxies.ts';
import {
  type CreateProfileBody,
  inferProxySource,
  PROXY_TYPES_BY_SOURCE,
  parseProxyAddress,
  proxySettingsIssues,
  type UpdateProfileBody,
} from './profiles.ts';

/**
 * The profile rules the server applies and the dashboard's demo backend mirrors (one place):
 * credentials split out of an address, readiness, the settings a create or an update leaves.
 * Passwords are not settings here: the server encrypts them, the demo keeps them in memory; both
 * apply the PasswordChange these functions decide.
 */

/** What a profile is, without its id, times and password. */
export interface ProfileSettings {
  name: string;
  loginStatus: LoginStatus;
  proxySource: ProxySourceMode;
  proxyType: ProxyType | null;
  HTTPProxyAddress: string | null;
  proxyLogin: string | null;
  proxyTimezone: string | null;
}

/** What to do with the stored proxy password: keep it, or replace it (null = remove). */
export type PasswordChange = { keep: true } | { keep: false; password: string | null };

export interface ProfileWrite {
  settings: ProfileSettings & { isReady: boolean };
  password: PasswordChange;
  /** Proxy rules the result breaks (proxySettingsIssues); the caller refuses the write when any. */
  issues: { path: string; message: string }[];
}

/**
 * Ready to work: logged in, and its proxy settled: no proxy (NOT_USE), or a proxy address whose
 * timezone is known (the campaign's working hours follow it, docs/design.md §4).
 */
export function isProfileReady(
  p: Pick<ProfileSettings, 'loginStatus' | 'proxySource' | 'HTTPProxyAddress' | 'proxyTimezone'>,
): boolean {
  if (p.loginStatus !== 'logged-in') return false;
  return p.proxySource === 'NOT_USE' || (p.HTTPProxyAddress !== null && p.proxyTimezone !== null);
}

/**
 * An address written with credentials (`http://user:pass@host:port`) is kept without them: the
 * credentials go to proxyLogin and proxyPassword, so the address (which answers carry) never holds
 * a password.
 */
export function splitProxyCredentials(address: string | null): {
  address: string | null;
  login: string | null;
  password: string | null;
} {
  const parsed = address === null ? null : parseProxyAddress(address);
  if (!parsed || (parsed.username === null && parsed.password === null)) {
    return { address, login: null, password: null };
  }
  return {
    address: `${parsed.protocol}://${parsed.host}:${parsed.port}`,
    login: parsed.username,
    password: parsed.password === '' ? null : parsed.password,
  };
}

function withReadiness(settings: ProfileSettings): ProfileSettings & { isReady: boolean } {
  return { ...settings, isReady: isProfileReady(settings) };
}

/** POST /api/profiles: the new profile's settings and password. */
export function profileFromCreate(body: CreateProfileBody): ProfileWrite {
  const fromAddress = splitProxyCredentials(body.HTTPProxyAddress);
  return {
    settings: withReadiness({
      name: body.name,
      loginStatus: body.loginStatus,
      proxySource: body.proxySource,
      proxyType: body.proxyType,
      HTTPProxyAddress: fromAddress.address,
      proxyLogin: body.proxyLogin ?? fromAddress.login,
      proxyTimezone: body.proxyTimezone,
    }),
    password: { keep: false, password: body.proxyPassword ?? fromAddress.password },
    issues: [],
  };
}

/**
 * PATCH /api/profiles: the fields sent change (absent = unchanged, null = cleared) and the proxy
 * rules are judged on the merged profile. A new proxy source without a proxyType takes that
 * source's default type; switching to NOT_USE clears the proxy address and credentials; a new
 * address without a timezone clears the old timezone. Proxy fields sent to a profile without a
 * proxy, with no proxySource, make it a manual proxy (inferProxySource).
 */
export function mergeProfileUpdate(stored: ProfileSettings, body: UpdateProfileBody): ProfileWrite {
  const has = (key: keyof UpdateProfileBody) => Object.hasOwn(body, key);
  const proxySource = body.proxySource ?? inferProxySource(body, stored.proxySource);
  const sourceChanged = proxySource !== stored.proxySource;
  const dropProxy = sourceChanged && proxySource === 'NOT_USE';
  const proxyType =
    body.proxyType ??
    (body.proxyType === null || sourceChanged
      ? (PROXY_TYPES_BY_SOURCE[proxySource][0] ?? null)
      : stored.proxyType);
  const fromAddress = splitProxyCredentials(
    has('HTTPProxyAddress') ? (body.HTTPProxyAddress ?? null) : dropProxy ? null : stored.HTTPProxyAddress,
  );
  const HTTPProxyAddress = fromAddress.address;
  const proxyLogin = has('proxyLogin')
    ? (body.proxyLogin ?? null)
    : (fromAddress.login ?? (dropProxy ? null : stored.proxyLogin));
  const password: PasswordChange = has('proxyPassword')
    ? { keep: false, password: body.proxyPassword ?? null }
    : fromAddress.password !== null
      ? { keep: false, password: fromAddress.password }
      : dropProxy
        ? { keep: false, password: null }
        : { keep: true };
  const proxyTimezone = has('proxyTimezone')
    ? (body.proxyTimezone ?? null)
    : HTTPProxyAddress === stored.HTTPProxyAddress
      ? stored.proxyTimezone
      : null;
  return {
    settings: withReadiness({
      name: body.name ?? stored.name,
      loginStatus: body.loginStatus ?? stored.loginStatus,
      proxySource,
      proxyType,
      HTTPProxyAddress,
      proxyLogin,
      proxyTimezone,
    }),
    password,
    issues: proxySettingsIssues({ proxySource, proxyType, HTTPProxyAddress }),
  };
}
