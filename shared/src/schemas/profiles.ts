import { z } from 'zod';
import { PROFILES_PAGE_SIZE } from '../constants/limits.ts';
import {
  LOGIN_STATUSES,
  PROXY_SOURCE_MODES,
  PROXY_TYPES,
  type ProxySourceMode,
  type ProxyType,
} from '../constants/proxies.ts';
import { idSchema, isoDateSchema, queryBooleanSchema } from './common.ts';
import { countSchema, emptyAsAbsent, nullableTextSchema, queryIntSchema, querySearchSchema } from './http.ts';

/**
 * Connected social profiles and their proxies (spec §3 Profile, §7 Profiles; server issue).
 *
 * GET    /api/profiles?notReadyOnly&loginStatus&page&limit=20&search → profilesQuerySchema / profilesListResponseSchema
 * POST   /api/profiles (payload)              → createProfileBodySchema / profileSchema
 * PATCH  /api/profiles {id, ...any subset}    → updateProfileBodySchema / profileSchema
 * DELETE /api/profiles?id                     → deleteProfileQuerySchema / deletedIdResponseSchema
 *
 * A profile in a response never carries the proxy password, only hasProxyPassword.
 */

export const PROFILES_PAGE_MAX = 100;
export const PROFILE_NAME_MAX_LENGTH = 100;
export const PROXY_ADDRESS_MAX_LENGTH = 300;
export const PROXY_CREDENTIAL_MAX_LENGTH = 200;

/** Shown by the page as is when HTTPProxyAddress cannot be read. */
export const PROXY_ADDRESS_MESSAGE = 'Proxy address must look like host:port';
export const PROXY_PORT_MESSAGE = 'Proxy port must be between 1 and 65535';
export const PROXY_TIMEZONE_MESSAGE = 'Proxy timezone must be an IANA time zone such as Europe/Berlin';
export const PROXY_ADDRESS_REQUIRED_MESSAGE = 'A manual proxy needs an address';
export const PROXY_ADDRESS_FORBIDDEN_MESSAGE =
  'Proxy source NOT_USE means no proxy: choose proxy source MANUAL to use this address, or clear the address';

export interface ParsedProxyAddress {
  protocol: 'http' | 'https';
  host: string;
  port: number;
  username: string | null;
  password: string | null;
}

const HOST = String.raw`(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)`;
const PROXY_ADDRESS_RE = new RegExp(
  String.raw`^(?:(https?):\/\/(?:([^\s:@\/]+):([^\s@\/]*)@)?)?(${HOST}):(\d{1,5})\/?$`,
  'i',
);

/**
 * Reads `host:port` or `http(s)://[user:pass@]host:port` (a trailing slash is allowed). Answers null
 * when the text has another shape; the port is returned as written, check it with isValidPort.
 */
export function parseProxyAddress(address: string): ParsedProxyAddress | null {
  const match = PROXY_ADDRESS_RE.exec(address.trim());
  if (!match) return null;
  const [, protocol, username, password, host, port] = match;
  if (host === undefined || port === undefined) return null;
  const decode = (s: string | undefined) => {
    if (s === undefined) return null;
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return {
    protocol: protocol?.toLowerCase() === 'https' ? 'https' : 'http',
    host: host.toLowerCase(),
    port: Number(port),
    username: decode(username),
    password: decode(password),
  };
}

export function isValidPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65_535;
}

/** HTTPProxyAddress: trimmed; empty = null; otherwise it must parse, with a port in range. */
export const proxyAddressSchema = z
  .string({ error: PROXY_ADDRESS_MESSAGE })
  .trim()
  .max(PROXY_ADDRESS_MAX_LENGTH, `Proxy address must be at most ${PROXY_ADDRESS_MAX_LENGTH} characters`)
  .nullable()
  .transform((s, ctx) => {
    if (s === null || s === '') return null;
    const parsed = parseProxyAddress(s);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: PROXY_ADDRESS_MESSAGE });
      return z.NEVER;
    }
    if (!isValidPort(parsed.port)) {
      ctx.addIssue({ code: 'custom', message: PROXY_PORT_MESSAGE });
      return z.NEVER;
    }
    return s;
  });

/** The canonical name of an IANA time zone (`europe/berlin` → `Europe/Berlin`), or null if unknown. */
export function canonicalTimeZone(timeZone: string): string | null {
  // Offsets such as '+05:00' are valid for Intl in newer engines but are not zone names.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneSchema = z
  .string({ error: PROXY_TIMEZONE_MESSAGE })
  .trim()
  .max(64, PROXY_TIMEZONE_MESSAGE)
  .transform((s, ctx) => {
    const canonical = canonicalTimeZone(s);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: PROXY_TIMEZONE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });

/** proxyTimezone of a payload: empty = null (not known yet). */
const proxyTimezoneSchema = z.preprocess((v) => (v === '' ? null : v), timeZoneSchema.nullable());

export const loginStatusSchema = z.enum(LOGIN_STATUSES);
export const proxySourceSchema = z.enum(PROXY_SOURCE_MODES);
export const proxyTypeSchema = z.enum(PROXY_TYPES);

const profileNameSchema = z
  .string({ error: 'Profile name must be a string' })
  .trim()
  .min(1, 'Profile name must not be empty')
  .max(PROFILE_NAME_MAX_LENGTH, `Profile name must be at most ${PROFILE_NAME_MAX_LENGTH} characters`);

/** The proxyType each source implies when none is given, and the types it allows. */
export const PROXY_TYPES_BY_SOURCE: Readonly<Record<ProxySourceMode, readonly ProxyType[]>> = {
  REACHLY: ['residential', 'datacenter'],
  MANUAL: ['manual'],
  NOT_USE: [],
};

interface ProxySettings {
  proxySource?: ProxySourceMode | undefined;
  proxyType?: ProxyType | null | undefined;
  HTTPProxyAddress?: string | null | undefined;
}

/**
 * The cross-field proxy rules: MANUAL needs an address, NOT_USE forbids one, and proxyType must
 * suit the source (REACHLY: residential or datacenter; MANUAL: manual; NOT_USE: none). Fields that
 * are absent (undefined) are not judged, so the server can run this on a PATCH merged with the
 * stored profile. Answers the issues found, empty when the settings hold.
 */
export function proxySettingsIssues(p: ProxySettings): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.proxySource === 'MANUAL' && p.HTTPProxyAddress === null) {
    issues.push({ path: 'HTTPProxyAddress', message: PROXY_ADDRESS_REQUIRED_MESSAGE });
  }
  if (p.proxySource === 'NOT_USE' && typeof p.HTTPProxyAddress === 'string') {
    issues.push({ path: 'HTTPProxyAddress', message: PROXY_ADDRESS_FORBIDDEN_MESSAGE });
  }
  if (p.proxySource !== undefined && p.proxyType !== undefined && p.proxyType !== null) {
    const allowed = PROXY_TYPES_BY_SOURCE[p.proxySource];
    if (!allowed.includes(p.proxyType)) {
      issues.push({
        path: 'proxyType',
        message:
          allowed.length === 0
            ? 'A profile without a proxy has no proxy type: choose a proxy source, or leave the type empty'
            : `Proxy type must be ${allowed.join(' or ')} for proxy source ${p.proxySource}`,
      });
    }
  }
  return issues;
}

/** The fields of the profile payload, all optional (PATCH); POST adds defaults below. */
const profilePayloadShape = {
  name: profileNameSchema,
  loginStatus: loginStatusSchema,
  proxySource: proxySourceSchema,
  proxyType: proxyTypeSchema.nullable(),
  HTTPProxyAddress: proxyAddressSchema,
  proxyLogin: nullableTextSchema(PROXY_CREDENTIAL_MAX_LENGTH, 'Proxy login'),
  proxyPassword: nullableTextSchema(PROXY_CREDENTIAL_MAX_LENGTH, 'Proxy password'),
  proxyTimezone: proxyTimezoneSchema,
};

/**
 * The proxy source a payload means when it names none: a payload that carries a proxy of its own
 * (an address, a login, a password or the type `manual`) means MANUAL; otherwise `fallback` (NOT_USE
 * for a new profile, the stored source for a change). A Reachly proxy is never inferred: it spends
 * paid traffic, so it is chosen by name.
 */
export function inferProxySource(
  p: {
    proxyType?: ProxyType | null | undefined;
    HTTPProxyAddress?: string | null | undefined;
    proxyLogin?: string | null | undefined;
    proxyPassword?: string | null | undefined;
  },
  fallback: ProxySourceMode,
): ProxySourceMode {
  if (fallback !== 'NOT_USE') return fallback;
  const carriesProxy =
    typeof p.HTTPProxyAddress === 'string' ||
    typeof p.proxyLogin === 'string' ||
    typeof p.proxyPassword === 'string' ||
    p.proxyType === 'manual';
  return carriesProxy ? 'MANUAL' : fallback;
}

/**
 * POST /api/profiles. Only name is required. Defaults: loginStatus 'unknown', proxySource MANUAL
 * when the payload carries proxy fields (inferProxySource) else NOT_USE, proxyType from the source
 * (REACHLY → residential, MANUAL → manual, NOT_USE → null), the rest null.
 */
export const createProfileBodySchema = z
  .object({
    name: profileNameSchema,
    loginStatus: loginStatusSchema.default('unknown'),
    proxySource: proxySourceSchema.optional(),
    proxyType: proxyTypeSchema.nullable().optional(),
    HTTPProxyAddress: proxyAddressSchema.default(null),
    proxyLogin: profilePayloadShape.proxyLogin.default(null),
    proxyPassword: profilePayloadShape.proxyPassword.default(null),
    proxyTimezone: proxyTimezoneSchema.default(null),
  })
  .transform((p) => ({ ...p, proxySource: p.proxySource ?? inferProxySource(p, 'NOT_USE') }))
  .superRefine((p, ctx) => {
    for (const issue of proxySettingsIssues(p)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  })
  .transform((p) => ({
    ...p,
    proxyType: p.proxyType ?? PROXY_TYPES_BY_SOURCE[p.proxySource][0] ?? null,
  }));
export type CreateProfileBody = z.infer<typeof createProfileBodySchema>;

/**
 * PATCH /api/profiles: id and any subset of the payload (at least one field). Absent = unchanged,
 * null = cleared. The rules of proxySettingsIssues are judged on the fields sent; the server
 * judges them again on the merged profile.
 */
export const updateProfileBodySchema = z
  .object({ id: idSchema, ...profilePayloadShape })
  .partial({
    name: true,
    loginStatus: true,
    proxySource: true,
    proxyType: true,
    HTTPProxyAddress: true,
    proxyLogin: true,
    proxyPassword: true,
    proxyTimezone: true,
  })
  .superRefine((p, ctx) => {
    if (Object.keys(p).length < 2) {
      ctx.addIssue({ code: 'custom', message: 'Send at least one field to change' });
    }
    for (const issue of proxySettingsIssues(p)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** A profile as responses carry it: the password is never sent back, only whether one is set. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  loginStatus: loginStatusSchema,
  proxySource: proxySourceSchema,
  proxyType: proxyTypeSchema.nullable(),
  HTTPProxyAddress: z.string().nullable(),
  proxyLogin: z.string().nullable(),
  hasProxyPassword: z.boolean(),
  proxyTimezone: z.string().nullable(),
  /**
   * Ready to work: logged in, and its proxy settled (NOT_USE, or an address with a known
   * timezone). notReadyOnly lists the others.
   */
  isReady: z.boolean(),
  /**
   * While the network's restriction or block pauses the profile (issue 14): until when, else null.
   * POST /api/profiles/:id/resume lifts it early.
   */
  pausedUntil: isoDateSchema.nullable(),
  /** Why it is paused, as the network said it (the notice's text), while it is; else null. */
  pauseReason: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/profiles. `page` starts at 1. */
export const profilesQuerySchema = z.object({
  notReadyOnly: emptyAsAbsent(queryBooleanSchema.default(false)),
  loginStatus: emptyAsAbsent(loginStatusSchema.optional()),
  page: queryIntSchema(1, 100_000, 1),
  limit: queryIntSchema(1, PROFILES_PAGE_MAX, PROFILES_PAGE_SIZE),
  search: querySearchSchema,
});
export type ProfilesQuery = z.infer<typeof profilesQuerySchema>;

export const profilesListResponseSchema = z.object({
  profiles: z.array(profileSchema),
  hasMore: z.boolean(),
  /** Profiles matching the filters, over all pages. */
  total: countSchema,
  page: z.number().int().positive(),
});
export type ProfilesListResponse = z.infer<typeof profilesListResponseSchema>;

export const deleteProfileQuerySchema = z.object({ id: idSchema });
export type DeleteProfileQuery = z.infer<typeof deleteProfileQuerySchema>;
