import { CAMPAIGN_NOTICE_LEVELS, type ProxySourceMode, type ProxyType } from '@reachly/shared/constants';
import {
  type AgentCookiesImportedBody,
  type AgentCookiesResponse,
  type AgentLaunchFailedBody,
  type AgentProfile,
  type AgentProfilesResponse,
  type AgentTrafficBody,
  agentCookiesResponseSchema,
  BIGINT_MAX,
  type ProfileCookie,
  type ProfileCookiesBody,
  type Traffic,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { readTraffic } from '../db/traffic.ts';
import { type LogEntry, pushLogs, writeLogs } from '../engine/activity-log.ts';
import { type Clock, dateOf } from '../engine/clock.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { ProfilesService } from './profiles-service.ts';
import { type SecretBox, SecretBoxError } from './secret-box.ts';
import { tenant } from './tenancy.ts';

interface AgentProfileRow {
  id: number | string;
  name: string;
  proxy_source: ProxySourceMode;
  proxy_type: ProxyType | null;
  http_proxy_address: string | null;
  proxy_login: string | null;
  proxy_password_encrypted: string | null;
  proxy_timezone: string | null;
  paused_until: Date | string | null;
  cookies_stored_at: Date | string | null;
  cookies_imported_at: Date | string | null;
}

interface CookiesRow {
  profile_id: number | string;
  cookies_encrypted: string;
  cookie_count: number;
  stored_at: Date | string;
  imported_at: Date | string | null;
}

export interface ProfileCookiesState {
  profileId: number;
  count: number;
  pendingCookiesAt: string | null;
}

/** Cookies are bound to their organisation and profile: a sealed set opens nowhere else. */
const cookiesContext = (organizationId: number, profileId: number) =>
  `profile-cookies:${organizationId}:${profileId}`;

/** Stored sets differ by at least this much, so a storedAt always names one set. */
const MIN_STORED_STEP_MS = 1;

/** The running campaigns that work each profile of the organisation (all profiles, or those named). */
async function runningCampaignsByProfile(
  db: Knex | Knex.Transaction,
  organizationId: number,
  profileIds?: readonly number[],
): Promise<Map<number, number[]>> {
  const q = db('campaign_profiles as cp')
    .join('campaigns as c', 'c.id', 'cp.campaign_id')
    .where('cp.organization_id', organizationId)
    .andWhere('c.organization_id', organizationId)
    .andWhere('c.status', 'running')
    .select('cp.profile_id', 'cp.campaign_id')
    .orderBy([
      { column: 'cp.profile_id', order: 'asc' },
      { column: 'cp.campaign_id', order: 'asc' },
    ]);
  if (profileIds) q.whereIn('cp.profile_id', profileIds);
  const byProfile = new Map<number, number[]>();
  for (const row of (await q) as { profile_id: number | string; campaign_id: number | string }[]) {
    const id = Number(row.profile_id);
    byProfile.set(id, [...(byProfile.get(id) ?? []), Number(row.campaign_id)]);
  }
  return byProfile;
}

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * What the desktop agent asks and reports (shared/src/schemas/agent.ts, DESIGN.md §2): the profiles
 * that need a browser with their clear proxies, the proxy traffic it counted (charged to the
 * allowance for the product's proxies only), launches that failed, and the cookies it imports.
 */
export function createAgentService({
  db,
  realtime,
  clock,
  profiles,
  secretBox,
  logger,
}: {
  db: Knex;
  realtime: Realtime;
  clock: Clock;
  profiles: Pick<ProfilesService, 'openProxyPassword'>;
  secretBox: SecretBox;
  logger: Logger;
}) {
  /**
   * A row's clear proxy password. One that cannot be opened (PROXY_SECRET_KEY changed) is logged
   * and answered as none, so the other profiles still start; that browser's proxy refuses it.
   */
  function proxyPasswordOf(organizationId: number, row: AgentProfileRow): string | null {
    try {
      return profiles.openProxyPassword(organizationId, row.proxy_password_encrypted);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      logger.warn(
        { profileId: Number(row.id) },
        'a proxy password cannot be opened; was PROXY_SECRET_KEY changed?',
      );
      return null;
    }
  }

  /** The profiles at least one running campaign works, and the organisation's traffic. */
  async function listProfiles(organizationId: number): Promise<AgentProfilesResponse> {
    const now = clock.now();
    const campaigns = await runningCampaignsByProfile(db, organizationId);
    const rows = (await db('profiles as p')
      .leftJoin('profile_cookies as pc', 'pc.profile_id', 'p.id')
      .where('p.organization_id', organizationId)
      .whereIn('p.id', [...campaigns.keys()])
      .orderBy('p.id')
      .select(
        'p.id',
        'p.name',
        'p.proxy_source',
        'p.proxy_type',
        'p.http_proxy_address',
        'p.proxy_login',
        'p.proxy_password_encrypted',
        'p.proxy_timezone',
        'p.paused_until',
        'pc.stored_at as cookies_stored_at',
        'pc.imported_at as cookies_imported_at',
      )) as AgentProfileRow[];
    const list = rows.map((row): AgentProfile => {
      const pausedUntil = dateOf(row.paused_until);
      const storedAt = dateOf(row.cookies_stored_at);
      const hasProxy = row.proxy_source !== 'NOT_USE' && !!row.http_proxy_address;
      return {
        id: Number(row.id),
        name: row.name,
        proxySource: row.proxy_source,
        proxyType: row.proxy_type,
        proxy: hasProxy
          ? {
              address: row.http_proxy_address as string,
              login: row.proxy_login,
              password: proxyPasswordOf(organizationId, row),
            }
          : null,
        proxyTimezone: row.proxy_timezone,
        campaignIds: campaigns.get(Number(row.id)) ?? [],
        pausedUntil: pausedUntil && pausedUntil > now ? pausedUntil.toISOString() : null,
        pendingCookiesAt: storedAt && row.cookies_imported_at === null ? storedAt.toISOString() : null,
      };
    });
    return { profiles: list, traffic: await readTraffic(db, organizationId) };
  }

  /**
   * Adds the bytes of profiles on the product's proxies (REACHLY) to the organisation's used
   * traffic, in one statement; bytes through a manual proxy are the user's own and not charged.
   * Every profile must be the organisation's, else nothing is written (404). The sum saturates at
   * the largest bigint rather than failing: the allowance has long run out by then.
   */
  async function reportTraffic(organizationId: number, body: AgentTrafficBody): Promise<Traffic> {
    const bytesByProfile = new Map<number, bigint>();
    for (const r of body.reports) {
      bytesByProfile.set(r.profileId, (bytesByProfile.get(r.profileId) ?? 0n) + BigInt(r.bytes));
    }
    const ids = [...bytesByProfile.keys()];
    const charged = await db.transaction(async (trx) => {
      const rows = (await trx('profiles')
        .where({ organization_id: organizationId })
        .whereIn('id', ids)
        .select('id', 'proxy_source')) as { id: number | string; proxy_source: ProxySourceMode }[];
      const sources = new Map(rows.map((r) => [Number(r.id), r.proxy_source]));
      // Named in the details, so the agent can drop the reports of profiles deleted meanwhile.
      const missing = ids.filter((id) => !sources.has(id));
      if (missing.length > 0) {
        throw new HttpError('NOT_FOUND', `Profile ${missing[0]} not found.`, { profileIds: missing });
      }
      let sum = 0n;
      for (const [id, bytes] of bytesByProfile) if (sources.get(id) === 'REACHLY') sum += bytes;
      if (sum === 0n) return 0n;
      await trx.raw(
        `insert into traffic_allowances (organization_id, traffic_limit, used_traffic)
         values (?, 0, least(?::numeric, ?::numeric)::bigint)
         on conflict (organization_id) do update
         set used_traffic = least(traffic_allowances.used_traffic::numeric + ?::numeric, ?::numeric)::bigint,
             updated_at = now()`,
        [organizationId, sum.toString(), BIGINT_MAX.toString(), sum.toString(), BIGINT_MAX.toString()],
      );
      return sum;
    });
    const traffic = await readTraffic(db, organizationId);
    if (charged > 0n) {
      realtime.emit(organizationId, 'PROXY_TRAFFIC_UPDATE', { remainingTraffic: traffic.remainingTraffic });
    }
    return traffic;
  }

  /**
   * A profile's browser could not start: a LAUNCH_FAILED row in every running campaign that works
   * the profile, pushed as campaign-log-created, and a campaign-notice of that type (which opens
   * PROFILE_START_ERROR_POPUP on every page of the organisation).
   */
  async function launchFailed(organizationId: number, body: AgentLaunchFailedBody): Promise<{ ok: true }> {
    const now = clock.now();
    const logs = await db.transaction(async (trx) => {
      const profile = await tenant(trx, organizationId).findOwned<{ id: number; name: string }>(
        'profiles',
        body.profileId,
        'Profile',
      );
      const message = `Profile "${profile.name}" could not start: ${body.message}`;
      return writeLogs(
        trx,
        organizationId,
        now,
        await logsForRunning(trx, organizationId, body.profileId, 'LAUNCH_FAILED', message),
      );
    });
    pushLogs(realtime, organizationId, logs);
    for (const log of logs) {
      realtime.emit(organizationId, 'campaign-notice', {
        campaignId: log.campaignId as number,
        profileId: log.profileId,
        level: CAMPAIGN_NOTICE_LEVELS.LAUNCH_FAILED,
        type: 'LAUNCH_FAILED',
        message: log.message ?? '',
        createdAt: log.createdAt,
      });
    }
    return { ok: true };
  }

  /** One log entry per running campaign that works the profile. */
  async function logsForRunning(
    trx: Knex.Transaction,
    organizationId: number,
    profileId: number,
    type: LogEntry['type'],
    message: string,
  ): Promise<LogEntry[]> {
    const campaigns =
      (await runningCampaignsByProfile(trx, organizationId, [profileId])).get(profileId) ?? [];
    return campaigns.map((campaignId) => ({ campaignId, profileId, type, message }));
  }

  /**
   * Stores (or replaces) the cookies a user gave for a profile, sealed; they are pending until the
   * agent imports them. Each new set gets a later storedAt than the one it replaces.
   */
  async function storeCookies(
    organizationId: number,
    profileId: number,
    body: ProfileCookiesBody,
  ): Promise<ProfileCookiesState> {
    return db.transaction(async (trx) => {
      const owned = await trx('profiles')
        .where({ id: profileId, organization_id: organizationId })
        .forUpdate()
        .first('id');
      if (!owned) throw notFound(`Profile ${profileId} not found.`);
      const previous = (await trx('profile_cookies').where({ profile_id: profileId }).first('stored_at')) as
        | Pick<CookiesRow, 'stored_at'>
        | undefined;
      const now = clock.now();
      const after = previous ? new Date(previous.stored_at).getTime() + MIN_STORED_STEP_MS : 0;
      const storedAt = new Date(Math.max(now.getTime(), after));
      const columns = {
        organization_id: organizationId,
        cookies_encrypted: secretBox.seal(
          JSON.stringify(body.cookies),
          cookiesContext(organizationId, profileId),
        ),
        cookie_count: body.cookies.length,
        stored_at: storedAt,
        imported_at: null,
      };
      await trx('profile_cookies')
        .insert({ profile_id: profileId, ...columns })
        .onConflict('profile_id')
        .merge(columns);
      return { profileId, count: body.cookies.length, pendingCookiesAt: storedAt.toISOString() };
    });
  }

  /** The stored cookies of a profile in clear, for the agent to import; 404 when none are stored. */
  async function cookiesOf(organizationId: number, profileId: number): Promise<AgentCookiesResponse> {
    const row = (await db('profile_cookies')
      .where({ profile_id: profileId, organization_id: organizationId })
      .first()) as CookiesRow | undefined;
    if (!row) throw notFound(`No cookies are stored for profile ${profileId}.`);
    const cookies = JSON.parse(
      secretBox.open(row.cookies_encrypted, cookiesContext(organizationId, profileId)),
    ) as ProfileCookie[];
    return agentCookiesResponseSchema.parse({ cookies, storedAt: new Date(row.stored_at).toISOString() });
  }

  /**
   * The agent imported the set stored at `storedAt`: no longer pending, and a COOKIES row in each
   * running campaign that works the profile. A newer set stored since answers 409 (it stays
   * pending); acknowledging the same set again changes nothing.
   */
  async function cookiesImported(
    organizationId: number,
    profileId: number,
    body: AgentCookiesImportedBody,
  ): Promise<{ ok: true }> {
    const now = clock.now();
    const logs = await db.transaction(async (trx) => {
      const row = (await trx('profile_cookies')
        .where({ profile_id: profileId, organization_id: organizationId })
        .forUpdate()
        .first('stored_at', 'imported_at', 'cookie_count')) as CookiesRow | undefined;
      if (!row) throw notFound(`No cookies are stored for profile ${profileId}.`);
      const storedAt = new Date(row.stored_at);
      if (storedAt.getTime() !== new Date(body.storedAt).getTime()) {
        throw conflict(
          `Cookies stored at ${storedAt.toISOString()} replaced the set of ${body.storedAt}; fetch them and import again.`,
        );
      }
      if (row.imported_at !== null) return [];
      await trx('profile_cookies').where({ profile_id: profileId }).update({ imported_at: now });
      const n = body.imported;
      const of = n === row.cookie_count ? '' : ` of ${row.cookie_count}`;
      const message = `Imported ${n} cookie${n === 1 ? '' : 's'}${of}`;
      return writeLogs(
        trx,
        organizationId,
        now,
        await logsForRunning(trx, organizationId, profileId, 'COOKIES', message),
      );
    });
    pushLogs(realtime, organizationId, logs);
    return { ok: true };
  }

  return { listProfiles, reportTraffic, launchFailed, storeCookies, cookiesOf, cookiesImported };
}
