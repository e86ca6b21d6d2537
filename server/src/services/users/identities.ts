import type { Knex } from 'knex';
import { IdentityCache } from '../../auth/identity-cache.ts';
import type { UserRow } from './user-row.ts';

/**
 * Who a request's user is and which organisation it acts in: every authenticated request starts
 * here, so the lookups answer from a cache that listens to the database's changes.
 */
export function createIdentities({ db }: { db: Knex }) {
  /**
   * A user with the organisation it acts in (the one it chose, else the first it joined) and its
   * role there, read in one query.
   */
  function withOrganization() {
    return db('users as u')
      .select('u.*', 'm.organization_id', 'm.role')
      .joinRaw(
        `left join lateral (select m.organization_id, m.role from organization_members m
          where m.user_id = u.id
          order by (m.organization_id = u.current_organization_id) is true desc, m.created_at, m.organization_id
          limit 1) m on true`,
      );
  }

  /**
   * findById and findByToken answer from here while it listens to the database's changes (started
   * by startServer): an authenticated request then costs no query of its own.
   */
  const identities = new IdentityCache<UserRow>(db);

  async function findById(id: number): Promise<UserRow | undefined> {
    return identities.read(`id:${id}`, () => withOrganization().where('u.id', id).first());
  }

  async function findByToken(token: string): Promise<UserRow | undefined> {
    return identities.read(`token:${token}`, () => withOrganization().where('u.access_token', token).first());
  }

  /** The organisation a user acts in: the first one they joined. */
  async function organizationOf(userId: number): Promise<number | undefined> {
    const row = await db('organization_members')
      .where({ user_id: userId })
      .orderBy([{ column: 'created_at' }, { column: 'organization_id' }])
      .first('organization_id');
    return row?.organization_id as number | undefined;
  }

  async function isMember(userId: number, organizationId: number): Promise<boolean> {
    return Boolean(
      await db('organization_members').where({ user_id: userId, organization_id: organizationId }).first(),
    );
  }

  return { identities, findById, findByToken, organizationOf, isMember };
}
