import {
  type CreateProfileBody,
  mergeProfileUpdate,
  type Profile,
  type ProfileSettings,
  type ProfilesListResponse,
  type ProfilesQuery,
  profileFromCreate,
  type UpdateProfileBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../db/knex.ts';
import { likePattern } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { SecretBox } from './secret-box.ts';
import { type Tenant, tenant as tenantOf } from './tenancy.ts';

type ProfileRow = Pick<
  Tables['profiles'],
  | 'id'
  | 'organization_id'
  | 'name'
  | 'login_status'
  | 'proxy_source'
  | 'proxy_type'
  | 'http_proxy_address'
  | 'proxy_login'
  | 'proxy_password_encrypted'
  | 'proxy_timezone'
  | 'is_ready'
  | 'created_at'
  | 'updated_at'
>;

/** The settings of a stored row, as the shared profile rules take them. */
function fromRow(row: ProfileRow): ProfileSettings {
  return {
    name: row.name,
    loginStatus: row.login_status,
    proxySource: row.proxy_source,
    proxyType: row.proxy_type,
    HTTPProxyAddress: row.http_proxy_address,
    proxyLogin: row.proxy_login,
    proxyTimezone: row.proxy_timezone,
  };
}

function toColumns(s: ProfileSettings & { isReady: boolean }) {
  return {
    name: s.name,
    login_status: s.loginStatus,
    proxy_source: s.proxySource,
    proxy_type: s.proxyType,
    http_proxy_address: s.HTTPProxyAddress,
    proxy_login: s.proxyLogin,
    proxy_timezone: s.proxyTimezone,
    is_ready: s.isReady,
  };
}

const passwordContext = (organizationId: number) => `profile-proxy-password:${organizationId}`;

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    ...fromRow(row),
    hasProxyPassword: row.proxy_password_encrypted !== null,
    isReady: row.is_ready,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

/**
 * Connected profiles and their proxies (spec §3 Profile, §7 Profiles). Proxy passwords are sealed
 * with AES-256-GCM (secret-box.ts, bound to the organisation) and never leave in clear.
 */
export function createProfilesService({
  db,
  realtime,
  secretBox,
}: {
  db: Knex;
  realtime: Realtime;
  secretBox: SecretBox;
}) {
  const seal = (organizationId: number, password: string | null) =>
    password === null ? null : secretBox.seal(password, passwordContext(organizationId));

  /** A page of profiles in creation order (page numbers, spec §7), with the total of the filter. */
  async function list(t: Tenant, query: ProfilesQuery): Promise<ProfilesListResponse> {
    const filtered = () => {
      const q = t.table<ProfileRow>('profiles');
      if (query.notReadyOnly) q.where('is_ready', false);
      if (query.loginStatus) q.where('login_status', query.loginStatus);
      if (query.search) {
        const pattern = likePattern(query.search);
        q.where((w) =>
          w
            .whereRaw(`profiles.name ilike ? escape '\\'`, [pattern])
            .orWhereRaw(`profiles.http_proxy_address ilike ? escape '\\'`, [pattern]),
        );
      }
      return q;
    };
    const [countRow, rows] = await Promise.all([
      filtered().count({ n: '*' }).first(),
      filtered()
        .select('*')
        .orderBy('id')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit),
    ]);
    const total = toCount((countRow as { n?: unknown } | undefined)?.n);
    return {
      profiles: (rows as ProfileRow[]).map(toProfile),
      hasMore: query.page * query.limit < total,
      total,
      page: query.page,
    };
  }

  /** Inserts profiles in one statement and pushes one PROFILES_ATTACHED with their count. */
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
    realtime.emit(organizationId, 'PROFILES_ATTACHED', { count: rows.length });
    return rows.map(toProfile);
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
   * proxyTimezone clears the stored timezone (it belonged to the old proxy).
   */
  async function update(organizationId: number, body: UpdateProfileBody): Promise<Profile> {
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
      return toProfile(row as unknown as ProfileRow);
    });
  }

  async function remove(t: Tenant, id: number): Promise<{ id: number }> {
    // returning(): the affected-row count is not reported alike by pg and PGlite.
    const deleted = await t.table('profiles').where('profiles.id', id).delete().returning('id');
    if (deleted.length === 0) throw notFound(`Profile ${id} not found.`);
    return { id };
  }

  /**
   * The clear proxy password of a profile, for the code that starts its browser behind the proxy
   * (the desktop agent's issue); null when none is set. Never part of a page's response.
   */
  async function revealProxyPassword(t: Tenant, id: number): Promise<string | null> {
    const row = await t.findOwned<ProfileRow>('profiles', id, 'Profile');
    return openProxyPassword(t.organizationId, row.proxy_password_encrypted);
  }

  /** The clear text of a profile row's sealed proxy password (read by the caller), or null. */
  function openProxyPassword(organizationId: number, sealed: string | null): string | null {
    return sealed === null ? null : secretBox.open(sealed, passwordContext(organizationId));
  }

  return { list, create, createMany, update, remove, revealProxyPassword, openProxyPassword };
}
