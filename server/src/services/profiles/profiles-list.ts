import type { ProfilesListResponse, ProfilesQuery } from '@reachly/shared/schemas';
import { toCount } from '../../db/knex.ts';
import { likePattern } from '../../db/sql.ts';
import type { Tenant } from '../tenancy.ts';
import { type ProfileRow, toProfile } from './profile-rows.ts';

/** A page of profiles in creation order (page numbers, spec §7), with the total of the filter; pauses as at `now`. */
export async function listProfiles(
  t: Tenant,
  query: ProfilesQuery,
  now: Date,
): Promise<ProfilesListResponse> {
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
    profiles: (rows as ProfileRow[]).map((row) => toProfile(row, now)),
    hasMore: query.page * query.limit < total,
    total,
    page: query.page,
  };
}
