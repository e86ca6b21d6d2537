import { z } from 'zod';
import { PROXY_SOURCE_MODES, PROXY_TYPES } from '../constants/proxies.ts';
import { isTrafficLimitReached } from '../logic/traffic.ts';
import { bigIntStringSchema, idSchema, isoDateSchema } from './common.ts';
import { trafficSchema } from './user.ts';

/**
 * The desktop agent's own routes (docs/design.md §2): the agent signs in with the user's access token,
 * like the extension, and asks which profiles need a browser, reports the proxy traffic it counted,
 * launches that failed and cookies it imported.
 *
 * GET  /api/agent/profiles                      → agentProfilesResponseSchema
 * POST /api/agent/traffic                       agentTrafficBodySchema       → trafficSchema
 * POST /api/agent/launch-failed                 agentLaunchFailedBodySchema  → okResponse
 * PUT  /api/profiles/:id/cookies                profileCookiesBodySchema     → profileCookiesStateSchema
 * GET  /api/agent/profiles/:id/cookies          → agentCookiesResponseSchema
 * POST /api/agent/profiles/:id/cookies-imported agentCookiesImportedBodySchema → okResponse
 */

/** The upstream proxy a profile's browser goes out through, with its clear credentials. */
export const agentProxySchema = z.object({
  /** As the user wrote it: `host:port` or `http(s)://[user:pass@]host:port` (see parseProxyAddress). */
  address: z.string(),
  login: z.string().nullable(),
  password: z.string().nullable(),
});
export type AgentProxy = z.infer<typeof agentProxySchema>;

/** A profile that at least one running campaign works, so it needs a browser. */
export const agentProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  proxySource: z.enum(PROXY_SOURCE_MODES),
  proxyType: z.enum(PROXY_TYPES).nullable(),
  /** Null when the profile uses no proxy (NOT_USE) or has no address yet. */
  proxy: agentProxySchema.nullable(),
  proxyTimezone: z.string().nullable(),
  /** The running campaigns that work this profile (never empty in the response). */
  campaignIds: z.array(z.number().int()),
  /** Paused by a restriction until then (the browser may stay up; the server hands out no task). */
  pausedUntil: isoDateSchema.nullable(),
  /**
   * When cookies were stored for the profile and not yet imported by the agent (PUT
   * /api/profiles/:id/cookies); the agent fetches and imports them, then acknowledges. Null = none pending.
   */
  pendingCookiesAt: isoDateSchema.nullable(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const agentProfilesResponseSchema = z.object({
  profiles: z.array(agentProfileSchema),
  traffic: trafficSchema,
});
export type AgentProfilesResponse = z.infer<typeof agentProfilesResponseSchema>;

/**
 * Whether a profile's browser may run: a profile on the product's proxies (proxySource REACHLY)
 * spends the organisation's traffic allowance and stops when nothing is left; manual proxies and
 * no proxy are the user's own traffic and are never stopped for it.
 */
export function mayRunOnTraffic(
  profile: Pick<AgentProfile, 'proxySource'>,
  remainingTraffic: string,
): boolean {
  return profile.proxySource !== 'REACHLY' || !isTrafficLimitReached(remainingTraffic);
}

/** Bytes counted through a profile's forwarding proxy since the agent's last report. */
export const agentTrafficReportSchema = z.object({
  profileId: idSchema,
  /**
   * Bytes from the browser to the proxy and back, both ways, as a decimal string (may exceed 2^53).
   * The range check skips what is not an integer (the regex reports it; BigInt would throw).
   */
  bytes: bigIntStringSchema.refine(
    (s) => !/^-?\d+$/.test(s) || (BigInt(s) >= 0n && BigInt(s) < 2n ** 62n),
    'bytes out of range',
  ),
});
export const agentTrafficBodySchema = z.object({
  reports: z.array(agentTrafficReportSchema).min(1).max(1000),
});
export type AgentTrafficBody = z.infer<typeof agentTrafficBodySchema>;

export const agentLaunchFailedBodySchema = z.object({
  profileId: idSchema,
  message: z.string().trim().min(1).max(2000),
});
export type AgentLaunchFailedBody = z.infer<typeof agentLaunchFailedBodySchema>;

/**
 * One cookie as browser cookie exporters write it (EditThisCookie / Cookie-Editor JSON):
 * `expirationDate` in seconds since the epoch; absent = a session cookie.
 */
export const profileCookieSchema = z.object({
  name: z.string().min(1).max(4096),
  value: z.string().max(4096),
  domain: z.string().trim().min(1).max(255),
  path: z.string().max(1024).default('/'),
  expirationDate: z.number().positive().optional(),
  httpOnly: z.boolean().default(false),
  secure: z.boolean().default(false),
  sameSite: z.enum(['no_restriction', 'lax', 'strict', 'unspecified', 'None', 'Lax', 'Strict']).optional(),
});
export type ProfileCookie = z.infer<typeof profileCookieSchema>;

export const MAX_PROFILE_COOKIES = 500;
/** The largest PUT /api/profiles/:id/cookies body the server reads (413 beyond). */
export const PROFILE_COOKIES_BODY_LIMIT_BYTES = 512 * 1024;
export const profileCookiesBodySchema = z.object({
  cookies: z.array(profileCookieSchema).min(1).max(MAX_PROFILE_COOKIES),
});
export type ProfileCookiesBody = z.infer<typeof profileCookiesBodySchema>;

export const profileCookiesStateSchema = z.object({
  profileId: z.number().int(),
  count: z.number().int(),
  pendingCookiesAt: isoDateSchema.nullable(),
});

export const agentCookiesResponseSchema = z.object({
  cookies: z.array(profileCookieSchema),
  /** The version the agent acknowledges after importing (the pendingCookiesAt it imported). */
  storedAt: isoDateSchema,
});
export type AgentCookiesResponse = z.infer<typeof agentCookiesResponseSchema>;

export const agentCookiesImportedBodySchema = z.object({
  /** The storedAt of the set imported; 409 when another set was stored since (fetch it and import again). */
  storedAt: isoDateSchema,
  /** How many cookies the browser accepted. */
  imported: z.number().int().min(0).max(MAX_PROFILE_COOKIES),
});
export type AgentCookiesImportedBody = z.infer<typeof agentCookiesImportedBodySchema>;
