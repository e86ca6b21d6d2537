import {
  createProfileBodySchema,
  deleteProfileQuerySchema,
  PROXY_TYPES_BY_SOURCE,
  type Profile,
  parseProxyAddress,
  profilesQuerySchema,
  proxySettingsIssues,
  updateProfileBodySchema,
} from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { type DemoCall, notFound, parseInput } from '../demo-http.ts';
import { isProfileReadyForDemo } from '../demo-profiles-rules.ts';
import type { DemoDataset, DemoProfile } from '../demo-types.ts';

/** A profile as answers carry it: never the password, only whether one is set. */
function view(p: DemoProfile): Profile {
  const { proxyPassword: _password, ...rest } = p;
  return { ...rest, hasProxyPassword: p.proxyPassword !== null };
}

/** `http://user:pass@host:port` is kept without its credentials, which go to login and password (as the server). */
function splitCredentials(address: string | null) {
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

/** GET /api/profiles: filtered by notReadyOnly, loginStatus and search (name or address), paged by id. */
export function listProfiles(data: DemoDataset, call: DemoCall) {
  const q = parseInput(profilesQuerySchema, call.query);
  const needle = q.search?.toLowerCase();
  const found = data.profiles
    .filter((p) => !q.notReadyOnly || !p.isReady)
    .filter((p) => q.loginStatus === undefined || p.loginStatus === q.loginStatus)
    .filter(
      (p) =>
        !needle ||
        p.name.toLowerCase().includes(needle) ||
        (p.HTTPProxyAddress ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => a.id - b.id);
  const start = (q.page - 1) * q.limit;
  return {
    profiles: found.slice(start, start + q.limit).map(view),
    hasMore: q.page * q.limit < found.length,
    total: found.length,
    page: q.page,
  };
}

/** POST /api/profiles. */
export function createProfile(data: DemoDataset, call: DemoCall) {
  const body = parseInput(createProfileBodySchema, call.json);
  const split = splitCredentials(body.HTTPProxyAddress);
  const now = call.now.toISOString();
  const fields = {
    name: body.name,
    loginStatus: body.loginStatus,
    proxySource: body.proxySource,
    proxyType: body.proxyType,
    HTTPProxyAddress: split.address,
    proxyLogin: body.proxyLogin ?? split.login,
    proxyPassword: body.proxyPassword ?? split.password,
    proxyTimezone: body.proxyTimezone,
  };
  const profile: DemoProfile = {
    ...fields,
    id: Math.max(0, ...data.profiles.map((p) => p.id)) + 1,
    hasProxyPassword: fields.proxyPassword !== null,
    isReady: isProfileReadyForDemo(fields),
    createdAt: now,
    updatedAt: now,
  };
  data.profiles.push(profile);
  return view(profile);
}

/**
 * PATCH /api/profiles {id, ...}: the server's merge. Absent = unchanged, null = cleared; a new
 * source without a type takes its default type; NOT_USE drops the proxy; a new address without a
 * timezone clears the old timezone; the proxy rules are judged on the merged profile.
 */
export function updateProfile(data: DemoDataset, call: DemoCall) {
  const body = parseInput(updateProfileBodySchema, call.json);
  const stored = data.profiles.find((p) => p.id === body.id);
  if (!stored) throw notFound(`Profile ${body.id} not found.`);
  const has = (key: keyof typeof body) => Object.hasOwn(body, key);
  const proxySource = body.proxySource ?? stored.proxySource;
  const sourceChanged = proxySource !== stored.proxySource;
  const dropProxy = sourceChanged && proxySource === 'NOT_USE';
  const proxyType =
    body.proxyType ??
    (body.proxyType === null || sourceChanged
      ? (PROXY_TYPES_BY_SOURCE[proxySource][0] ?? null)
      : stored.proxyType);
  const split = splitCredentials(
    has('HTTPProxyAddress') ? (body.HTTPProxyAddress ?? null) : dropProxy ? null : stored.HTTPProxyAddress,
  );
  const HTTPProxyAddress = split.address;
  const proxyLogin = has('proxyLogin')
    ? (body.proxyLogin ?? null)
    : (split.login ?? (dropProxy ? null : stored.proxyLogin));
  const proxyPassword = has('proxyPassword')
    ? (body.proxyPassword ?? null)
    : (split.password ?? (dropProxy ? null : stored.proxyPassword));
  const proxyTimezone = has('proxyTimezone')
    ? (body.proxyTimezone ?? null)
    : HTTPProxyAddress === stored.HTTPProxyAddress
      ? stored.proxyTimezone
      : null;
  const issues = proxySettingsIssues({ proxySource, proxyType, HTTPProxyAddress });
  if (issues.length) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      issues[0]?.message ?? 'Invalid proxy settings',
      issues.map((i) => ({ path: [i.path], code: 'custom', message: i.message })),
    );
  }
  const loginStatus = body.loginStatus ?? stored.loginStatus;
  Object.assign(stored, {
    name: body.name ?? stored.name,
    loginStatus,
    proxySource,
    proxyType,
    HTTPProxyAddress,
    proxyLogin,
    proxyPassword,
    hasProxyPassword: proxyPassword !== null,
    proxyTimezone,
    isReady: isProfileReadyForDemo({ loginStatus, proxySource, HTTPProxyAddress, proxyTimezone }),
    updatedAt: call.now.toISOString(),
  });
  return view(stored);
}

/** DELETE /api/profiles?id: its conversations stay, without a profile. */
export function deleteProfile(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(deleteProfileQuerySchema, call.query);
  if (!data.profiles.some((p) => p.id === id)) throw notFound(`Profile ${id} not found.`);
  data.profiles = data.profiles.filter((p) => p.id !== id);
  for (const c of data.conversations) if (c.profileId === id) c.profileId = null;
  return { id };
}
