import {
  createProfileBodySchema,
  deleteProfileQuerySchema,
  idParamsSchema,
  mergeProfileUpdate,
  type Profile,
  profileCookiesBodySchema,
  profileFromCreate,
  profilesQuerySchema,
  updateProfileBodySchema,
} from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { type DemoCall, notFound, parseInput } from '../demo-http.ts';
import type { DemoDataset, DemoProfile } from '../demo-types.ts';
import { forgetProfile } from './cascades.ts';

/** A profile as answers carry it: never the password, only whether one is set. */
function view(p: DemoProfile): Profile {
  const { proxyPassword: _password, ...rest } = p;
  return { ...rest, hasProxyPassword: p.proxyPassword !== null };
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

/** POST /api/profiles (the server's rules: shared profileFromCreate). */
export function createProfile(data: DemoDataset, call: DemoCall) {
  const body = parseInput(createProfileBodySchema, call.json);
  const { settings, password } = profileFromCreate(body);
  const now = call.now.toISOString();
  const proxyPassword = password.keep ? null : password.password;
  const profile: DemoProfile = {
    ...settings,
    proxyPassword,
    id: Math.max(0, ...data.profiles.map((p) => p.id)) + 1,
    hasProxyPassword: proxyPassword !== null,
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
  const { settings, password, issues } = mergeProfileUpdate(stored, body);
  if (issues.length) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      issues[0]?.message ?? 'Invalid proxy settings',
      issues.map((i) => ({ path: [i.path], code: 'custom', message: i.message })),
    );
  }
  const proxyPassword = password.keep ? stored.proxyPassword : password.password;
  Object.assign(stored, {
    ...settings,
    proxyPassword,
    hasProxyPassword: proxyPassword !== null,
    updatedAt: call.now.toISOString(),
  });
  return view(stored);
}

/** DELETE /api/profiles?id: its conversations stay, without a profile; it leaves its campaigns. */
export function deleteProfile(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(deleteProfileQuerySchema, call.query);
  if (!data.profiles.some((p) => p.id === id)) throw notFound(`Profile ${id} not found.`);
  data.profiles = data.profiles.filter((p) => p.id !== id);
  for (const c of data.conversations) if (c.profileId === id) c.profileId = null;
  forgetProfile(data, id);
  return { id };
}

/**
 * PUT /api/profiles/:id/cookies {cookies}: the server's checks and answer. The demo keeps only how
 * many and when (each set later than the one it replaces, as the server stamps them): there is no
 * desktop app to import them, so they stay pending.
 */
export function storeProfileCookies(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(idParamsSchema, call.params);
  const { cookies } = parseInput(profileCookiesBodySchema, call.json);
  if (!data.profiles.some((p) => p.id === id)) throw notFound(`Profile ${id} not found.`);
  const previous = data.profileCookies.find((c) => c.profileId === id);
  const after = previous ? Date.parse(previous.storedAt) + 1 : 0;
  const stored = {
    profileId: id,
    count: cookies.length,
    storedAt: new Date(Math.max(call.now.getTime(), after)).toISOString(),
  };
  data.profileCookies = [...data.profileCookies.filter((c) => c.profileId !== id), stored];
  return { profileId: id, count: stored.count, pendingCookiesAt: stored.storedAt };
}
