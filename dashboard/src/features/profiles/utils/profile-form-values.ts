import type { LoginStatus, ProxySourceMode, ProxyType } from '@reachly/shared/constants';
import { PROXY_TYPES_BY_SOURCE, type Profile, type ProfileSettings } from '@reachly/shared/schemas';

/** What the profile form holds: text inputs as strings, '' meaning "none". */
export interface ProfileFormValues {
  name: string;
  loginStatus: LoginStatus;
  proxySource: ProxySourceMode;
  proxyType: ProxyType | '';
  HTTPProxyAddress: string;
  proxyLogin: string;
  /** A new password; empty on edit keeps the saved one. */
  proxyPassword: string;
  /** On edit, with the password left empty: remove the saved password instead of keeping it. */
  clearSavedPassword: boolean;
  proxyTimezone: string;
}

/** The form creates a profile, or edits one (whose saved password the page never sees). */
export type ProfileFormMode = { kind: 'create' } | { kind: 'edit'; id: number; hasSavedPassword: boolean };

/** The body the form sends, before the shared schemas judge it: the profile's settings, its id on edit, a password. */
export interface ProfilePayload extends ProfileSettings {
  id?: number;
  /** Absent on edit = keep the saved password; null = none / remove it. */
  proxyPassword?: string | null;
}

export function usesProxy(source: ProxySourceMode): boolean {
  return source !== 'NOT_USE';
}

/** The proxy type a source starts with ('' when it has none: NOT_USE). */
export function defaultProxyType(source: ProxySourceMode): ProxyType | '' {
  return PROXY_TYPES_BY_SOURCE[source][0] ?? '';
}

export function emptyProfileForm(): ProfileFormValues {
  return {
    name: '',
    loginStatus: 'unknown',
    proxySource: 'NOT_USE',
    proxyType: '',
    HTTPProxyAddress: '',
    proxyLogin: '',
    proxyPassword: '',
    clearSavedPassword: false,
    proxyTimezone: '',
  };
}

/** The form filled from a stored profile; the password field starts empty (the API never sends it). */
export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    loginStatus: profile.loginStatus,
    proxySource: profile.proxySource,
    proxyType: profile.proxyType ?? '',
    HTTPProxyAddress: profile.HTTPProxyAddress ?? '',
    proxyLogin: profile.proxyLogin ?? '',
    proxyPassword: '',
    clearSavedPassword: false,
    proxyTimezone: profile.proxyTimezone ?? '',
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * The body of POST (create) or PATCH (edit) /api/profiles. Without a proxy (NOT_USE) every proxy
 * field is null. On edit an empty password field keeps the saved password (the field is left out
 * of the PATCH) unless "remove" is ticked (null).
 */
export function formToPayload(values: ProfileFormValues, mode: ProfileFormMode): ProfilePayload {
  const proxy = usesProxy(values.proxySource);
  const payload: ProfilePayload = {
    ...(mode.kind === 'edit' ? { id: mode.id } : {}),
    name: values.name,
    loginStatus: values.loginStatus,
    proxySource: values.proxySource,
    proxyType: proxy && values.proxyType !== '' ? values.proxyType : null,
    HTTPProxyAddress: proxy ? orNull(values.HTTPProxyAddress) : null,
    proxyLogin: proxy ? orNull(values.proxyLogin) : null,
    proxyTimezone: proxy ? orNull(values.proxyTimezone) : null,
  };
  const password = proxy ? orNull(values.proxyPassword) : null;
  if (mode.kind === 'create' || !proxy || password !== null) {
    payload.proxyPassword = password;
  } else if (values.clearSavedPassword || !mode.hasSavedPassword) {
    payload.proxyPassword = null;
  }
  return payload;
}
