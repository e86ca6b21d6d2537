import {
  type AgentCookiesImportedBody,
  type AgentCookiesResponse,
  agentCookiesResponseSchema,
  type ProfileCookie,
  type ProfileCookiesBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../../db/tables.ts';
import { pushLogs, writeLogs } from '../../engine/activity-log.ts';
import type { Clock } from '../../engine/clock.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { SecretBox } from '../secret-box.ts';
import { logsForRunning } from './running-campaigns.ts';

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

/**
 * The cookies a user gives for a profile: stored sealed, handed in clear to the desktop agent that
 * imports them into the profile's browser, and acknowledged by it.
 */
export function createAgentCookies({
  db,
  realtime,
  clock,
  secretBox,
}: {
  db: Knex;
  realtime: Realtime;
  clock: Clock;
  secretBox: SecretBox;
}) {
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
      const previous = await table(trx, 'profile_cookies')
        .where({ profile_id: profileId })
        .first('stored_at');
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
    const row = await table(db, 'profile_cookies')
      .where({ profile_id: profileId, organization_id: organizationId })
      .first();
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
      const row = await table(trx, 'profile_cookies')
        .where({ profile_id: profileId, organization_id: organizationId })
        .forUpdate()
        .first('stored_at', 'imported_at', 'cookie_count');
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

  return { storeCookies, cookiesOf, cookiesImported };
}
