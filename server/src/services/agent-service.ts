import { CAMPAIGN_NOTICE_LEVELS } from '@reachly/shared/constants';
import {
  type AgentLaunchFailedBody,
  type AgentProfile,
  type AgentProfilesResponse,
  type AgentTrafficBody,
  BIGINT_MAX,
  type Traffic,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type Tables, table } from '../db/tables.ts';
import { readTraffic } from '../db/traffic.ts';
import { pushLogs, writeLogs } from '../engine/activity-log.ts';
import { type Clock, dateOf } from '../engine/clock.ts';
import { HttpError } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { createAgentCookies } from './agent/cookies.ts';
import { logsForRunning, runningCampaignsByProfile } from './agent/running-campaigns.ts';
import type { ProfilesService } from './profiles-service.ts';
import { type SecretBox, SecretBoxError } from './secret-box.ts';
import { tenant } from './tenancy.ts';
import { recordTrafficRanOut } from './webhooks/record-event.ts';

type AgentProfileRow = Pick<
  Tables['profiles'],
  | 'id'
  | 'name'
  | 'proxy_source'
  | 'proxy_type'
  | 'http_proxy_address'
  | 'proxy_login'
  | 'proxy_password_encrypted'
  | 'proxy_timezone'
  | 'paused_until'
> & { cookies_stored_at: Date | null; cookies_imported_at: Date | null };

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * What the desktop agent asks and reports (shared/src/schemas/agent.ts, docs/design.md §2): the profiles
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
      logger.warn({ profileId: row.id }, 'a proxy password cannot be opened; was PROXY_SECRET_KEY changed?');
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
        id: row.id,
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
        campaignIds: campaigns.get(row.id) ?? [],
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
      const rows = await table(trx, 'profiles')
        .where({ organization_id: organizationId })
        .whereIn('id', ids)
        .select('id', 'proxy_source');
      const sources = new Map(rows.map((r) => [r.id, r.proxy_source]));
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
      await recordTrafficRanOut(trx, organizationId, sum, clock.now());
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

  return {
    listProfiles,
    reportTraffic,
    launchFailed,
    ...createAgentCookies({ db, realtime, clock, secretBox }),
  };
}
