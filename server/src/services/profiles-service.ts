import {
  type CreateProfileBody,
  mergeProfileUpdate,
  type Profile,
  type ProfilesQuery,
  profileFromCreate,
  type UpdateProfileBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Clock } from '../engine/clock.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { fromRow, type ProfileRow, toColumns, toProfile } from './profiles/profile-rows.ts';
import { listProfiles } from './profiles/profiles-list.ts';
import { createProxyPasswords } from './profiles/proxy-passwords.ts';
import type { SecretBox } from './secret-box.ts';
import { type Tenant, tenant as tenantOf } from './tenancy.ts';
import { recordWebhookEvent } from './webhooks/record-event.ts';

export type ProfilesService = ReturnType<typeof createProfilesService>;

/** The settings that make a profile's browser go out another way (a change is logged as CHANGED_PROXY). */
const PROXY_SETTINGS = [
  'proxySource',
  'proxyType',
  'HTTPProxyAddress',
  'proxyLogin',
  'proxyTimezone',
] as const;
type ProxyField = (typeof PROXY_SETTINGS)[number] | 'proxyPassword';

/**
 * Connected profiles and their proxies (spec §3 Profile, §7 Profiles): their list
 * (profiles/profiles-list.ts), their writes here, and their proxy passwords, sealed and never
 * leaving in clear (profiles/proxy-passwords.ts).
 */
export function createProfilesService({
  db,
  realtime,
  secretBox,
  clock,
}: {
  db: Knex;
  realtime: Realtime;
  secretBox: SecretBox;
  clock: Clock;
}) {
  const { seal, openProxyPassword, revealProxyPassword } = createProxyPasswords(secretBox);

  /** Inserts profiles in one statement. */
  async function createMany(
    organizationId: number,
    bodies: readonly CreateProfileBody[],
  ): Promise<Profile[]> {
    if (bodies.length === 0) return [];
    const rows = await db<ProfileRow>('profiles')
      .insert(
        bodies.map((body) => {
          const { settings, password } = profileFromCreate(body);
          return {
            organization_id: organizationId,
            ...toColumns(settings),
            proxy_password_encrypted: seal(organizationId, password.keep ? null : password.password),
          };
        }),
      )
      .returning('*');
    return rows.map((row) => toProfile(row, clock.now()));
  }

  /**
   * Profiles given to the organisation (npm run admin -- attach-profiles): one PROFILES_ATTACHED
   * with their count. A person's own POST /api/profiles is not one: the API announces it as
   * data-changed, which the tab it came from skips (it would otherwise fetch its list twice).
   */
  async function attach(organizationId: number, bodies: readonly CreateProfileBody[]): Promise<Profile[]> {
    const created = await createMany(organizationId, bodies);
    realtime.emit(organizationId, 'PROFILES_ATTACHED', { count: created.length });
    return created;
  }

  async function create(organizationId: number, body: CreateProfileBody): Promise<Profile> {
    const [profile] = await createMany(organizationId, [body]);
    if (!profile) throw new Error('insert returned no profile');
    return profile;
  }

  /**
   * Changes the fields sent (absent = unchanged, null = cleared) and judges the proxy rules on the
   * merged profile. A new proxy source without a proxyType takes that source's default type;
   * switching to NOT_USE clears the proxy address and credentials; a new address without a
   * proxyTimezone clears the stored timezone (it belonged to the old proxy). Answers the profile
   * and the proxy settings whose stored value this changed (the form sends every field on each
   * save: a field sent with its stored value, or the same password typed again, is no change).
   */
  async function update(
    organizationId: number,
    body: UpdateProfileBody,
  ): Promise<{ profile: Profile; proxyChanges: ProxyField[] }> {
    return db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const stored = await t.table<ProfileRow>('profiles').where('profiles.id', body.id).forUpdate().first();
      if (!stored) throw notFound(`Profile ${body.id} not found.`);
      const { settings, password, issues } = mergeProfileUpdate(fromRow(stored), body);
      if (issues.length) {
        throw badRequest(
          issues[0]?.message,
          issues.map((i) => ({ path: [i.path], code: 'custom', message: i.message })),
        );
      }
      const [row] = await t
        .table('profiles')
        .where('profiles.id', body.id)
        .update({
          ...toColumns(settings),
          proxy_password_encrypted: password.keep
            ? stored.proxy_password_encrypted
            : seal(organizationId, password.password),
          updated_at: trx.fn.now(),
        })
        .returning('*');
      if (!row) throw notFound(`Profile ${body.id} not found.`);
      const updated = row as unknown as ProfileRow;
      if (updated.login_status === 'logged-out' && stored.login_status !== 'logged-out') {
        await recordWebhookEvent(trx, {
          organizationId,
          type: 'profile.logged_out',
          data: { profileId: updated.id, name: updated.name, loginStatus: updated.login_status },
          at: new Date(),
        });
      }
      const before = fromRow(stored);
      const after = fromRow(updated);
      const proxyChanges: ProxyField[] = PROXY_SETTINGS.filter((field) => before[field] !== after[field]);
      if (
        !password.keep &&
        openProxyPassword(organizationId, stored.proxy_password_encrypted) !== password.password
      ) {
        proxyChanges.push('proxyPassword');
      }
      return { profile: toProfile(updated, clock.now()), proxyChanges };
    });
  }

  async function remove(t: Tenant, id: number): Promise<{ id: number }> {
    // returning(): the affected-row count is not reported alike by pg and PGlite.
    const deleted = await t.table('profiles').where('profiles.id', id).delete().returning('id');
    if (deleted.length === 0) throw notFound(`Profile ${id} not found.`);
    return { id };
  }

  return {
    list: (t: Tenant, query: ProfilesQuery) => listProfiles(t, query, clock.now()),
    create,
    createMany,
    attach,
    update,
    remove,
    revealProxyPassword,
    openProxyPassword,
  };
}
