import type {
  AdminAttachProfilesBody,
  AdminGrantLicenceBody,
  AdminGrantTrafficBody,
  AdminResult,
  RegisterBody,
} from '@reachly/shared/schemas';
import { BIGINT_MAX } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { readTraffic } from '../db/traffic.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { ProfilesService } from './profiles-service.ts';
import type { SettingsService } from './settings-service.ts';
import type { UsersService } from './users-service.ts';
import { countVisit } from './visits.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * What an administrator changes by hand (docs/design.md §3: licences and traffic are granted, payment is
 * manual). Each change pushes the matching realtime message to the organisation's room.
 */
export function createAdminService({
  db,
  users,
  settings,
  realtime,
  profiles,
}: {
  db: Knex;
  users: UsersService;
  settings: SettingsService;
  realtime: Realtime;
  profiles: ProfilesService;
}) {
  async function organizationOfEmail(email: string): Promise<{ userId: number; organizationId: number }> {
    const user = await db('users').where({ email }).first('id');
    const organizationId = user ? await users.organizationOf(user.id) : undefined;
    if (!user || organizationId === undefined) throw notFound(`No user ${email}.`);
    return { userId: user.id, organizationId };
  }

  async function createUser(body: Pick<RegisterBody, 'email' | 'password'>): Promise<AdminResult> {
    const user = await users.register(body);
    const organizationId = await users.organizationOf(user.id);
    return { ok: true, organizationId, message: `Created ${user.email} with a trial licence.` };
  }

  async function grantLicence(body: AdminGrantLicenceBody): Promise<AdminResult> {
    const { organizationId } = await organizationOfEmail(body.email);
    const licenseTill = new Date(body.licenseTill);
    await db.transaction(async (trx) => {
      const previous = await trx('licences')
        .where({ organization_id: organizationId })
        .forUpdate()
        .first('is_trial');
      await trx('licences')
        .insert({
          organization_id: organizationId,
          plan: body.plan,
          is_trial: body.isTrial,
          license_till: licenseTill,
          updated_at: trx.fn.now(),
        })
        .onConflict('organization_id')
        .merge();
      // A paid licence is a purchase (payment is manual): the purchase counters are the server's
      // to write, here, never a visitor's (POST /api/summary refuses them).
      if (!body.isTrial) {
        await countVisit(trx, 'purchasedTotal');
        if (!previous || previous.is_trial) await countVisit(trx, 'purchasedFirstTime');
      }
    });
    realtime.emit(organizationId, 'LICENSE_UPDATE', { licenseTill: licenseTill.toISOString() });
    return {
      ok: true,
      organizationId,
      message: `${body.email}: ${body.plan}${body.isTrial ? ' (trial)' : ''} licence until ${licenseTill.toISOString()}.`,
    };
  }

  async function grantTraffic(body: AdminGrantTrafficBody): Promise<AdminResult> {
    const { organizationId } = await organizationOfEmail(body.email);
    await db.transaction(async (trx) => {
      const current = await trx('traffic_allowances')
        .where({ organization_id: organizationId })
        .forUpdate()
        .first('traffic_limit');
      const limit =
        body.mode === 'set' || !current
          ? BigInt(body.bytes)
          : BigInt(current.traffic_limit) + BigInt(body.bytes);
      if (limit > BIGINT_MAX) {
        throw badRequest(`The traffic limit would pass the largest storable amount (${BIGINT_MAX} bytes)`);
      }
      await trx('traffic_allowances')
        .insert({ organization_id: organizationId, traffic_limit: limit.toString(), used_traffic: '0' })
        .onConflict('organization_id')
        .merge({ traffic_limit: limit.toString(), updated_at: trx.fn.now() });
    });
    const traffic = await readTraffic(db, organizationId);
    realtime.emit(organizationId, 'PROXY_TRAFFIC_UPDATE', { remainingTraffic: traffic.remainingTraffic });
    return {
      ok: true,
      organizationId,
      message: `${body.email}: traffic limit ${traffic.trafficLimit} bytes, ${traffic.remainingTraffic} remaining.`,
    };
  }

  async function setBanned(email: string, banned: boolean): Promise<AdminResult> {
    const { userId, organizationId } = await organizationOfEmail(email);
    await db('users').where({ id: userId }).update({ is_banned: banned, updated_at: db.fn.now() });
    users.forgetUser(userId);
    if (banned) {
      // A banned user's open sockets go at once, on every server process, in every organisation.
      const memberships: number[] = await db('organization_members')
        .where({ user_id: userId })
        .pluck('organization_id');
      await Promise.all(memberships.map((id) => realtime.disconnectUser(id, userId)));
    }
    return { ok: true, organizationId, message: `${email} is ${banned ? 'banned' : 'no longer banned'}.` };
  }

  /** Gives the organisation ready-made profiles; the page hears PROFILES_ATTACHED. */
  async function attachProfiles(body: AdminAttachProfilesBody): Promise<AdminResult> {
    const { organizationId } = await organizationOfEmail(body.email);
    const created = await profiles.attach(organizationId, body.profiles);
    const ready = created.filter((p) => p.isReady).length;
    return {
      ok: true,
      organizationId,
      message: `${body.email}: attached ${created.length} profile${created.length === 1 ? '' : 's'} (${ready} ready).`,
    };
  }

  async function setDesktopVersion(version: string): Promise<AdminResult> {
    await settings.setOfferedDesktopVersion(version);
    return { ok: true, message: `The server now offers desktop version ${version}.` };
  }

  return {
    organizationOfEmail,
    createUser,
    grantLicence,
    grantTraffic,
    setBanned,
    attachProfiles,
    setDesktopVersion,
  };
}
