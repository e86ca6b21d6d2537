import { canChangeMember, type Role } from '@reachly/shared/logic';
import type { MyOrganization, Team, TeamMember } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { AuthContext } from '../../auth/authenticate.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { newToken } from '../users/user-row.ts';

/** Owners first, then admins, then members; each by when they joined. */
const ROLE_ORDER = `case m.role when 'owner' then 0 when 'admin' then 1 else 2 end`;

interface MemberRow {
  user_id: number;
  email: string;
  role: Role;
  created_at: Date | string;
}

function memberView(row: MemberRow, you: number): TeamMember {
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    joinedAt: new Date(row.created_at).toISOString(),
    isYou: row.user_id === you,
  };
}

/**
 * An organisation's members and roles (shared/src/logic/roles.ts), its invite link, and a user's
 * organisations: joining one with an invite token and choosing the one they act in. A change of a
 * membership or of the chosen organisation reaches every server's identity cache through the
 * database's notification (migration 20261125400100), so it counts from the next request.
 */
export function createMembers({
  db,
  realtime,
  forgetUser,
}: {
  db: Knex;
  realtime: Realtime;
  forgetUser: (userId: number) => void;
}) {
  function members(trx: Knex | Knex.Transaction, organizationId: number) {
    return trx('organization_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', organizationId)
      .select<MemberRow[]>('m.user_id', 'u.email', 'm.role', 'm.created_at');
  }

  async function team(auth: AuthContext): Promise<Team> {
    const [organization, rows] = await Promise.all([
      db('organizations').where({ id: auth.organizationId }).first('id', 'name', 'invite_token'),
      members(db, auth.organizationId).orderByRaw(`${ROLE_ORDER}, m.created_at, m.user_id`),
    ]);
    if (!organization) throw notFound('Organisation not found.');
    return {
      organization: { id: organization.id, name: organization.name },
      role: auth.role,
      inviteToken: organization.invite_token,
      members: rows.map((row) => memberView(row, auth.user.id)),
    };
  }

  async function newInviteToken(organizationId: number): Promise<{ inviteToken: string }> {
    const inviteToken = newToken();
    await db('organizations').where({ id: organizationId }).update({ invite_token: inviteToken });
    return { inviteToken };
  }

  /**
   * The member `userId` of the caller's organisation, with the organisation's row held so that two
   * owners cannot demote each other at once and leave none; checks what the caller may do to them.
   */
  async function heldMember(trx: Knex.Transaction, auth: AuthContext, userId: number, next: Role | null) {
    await trx('organizations').where({ id: auth.organizationId }).forUpdate().first('id');
    const target = await members(trx, auth.organizationId).where('m.user_id', userId).first();
    if (!target) throw notFound(`Member ${userId} not found.`);
    if (!canChangeMember(auth.role, target.role, next)) {
      throw forbidden('Only an owner may change an owner or make one.');
    }
    if (target.role === 'owner' && next !== 'owner') {
      const [{ owners }] = (await trx('organization_members')
        .where({ organization_id: auth.organizationId, role: 'owner' })
        .count({ owners: '*' })) as [{ owners: string | number }];
      if (Number(owners) <= 1) {
        throw conflict(
          next === null
            ? 'The last owner cannot be removed: make another member owner first.'
            : 'The last owner cannot be demoted: make another member owner first.',
        );
      }
    }
    return target;
  }

  async function changeRole(auth: AuthContext, userId: number, role: Role): Promise<TeamMember> {
    const target = await db.transaction(async (trx) => {
      const row = await heldMember(trx, auth, userId, role);
      await trx('organization_members')
        .where({ organization_id: auth.organizationId, user_id: userId })
        .update({ role });
      return { ...row, role };
    });
    forgetUser(userId);
    return memberView(target, auth.user.id);
  }

  /** Removes a member; the API keys they made in this organisation go with them. */
  async function remove(auth: AuthContext, userId: number): Promise<{ id: number }> {
    await db.transaction(async (trx) => {
      await heldMember(trx, auth, userId, null);
      await trx('api_keys').where({ organization_id: auth.organizationId, created_by: userId }).delete();
      await trx('organization_members')
        .where({ organization_id: auth.organizationId, user_id: userId })
        .delete();
      await trx('users')
        .where({ id: userId, current_organization_id: auth.organizationId })
        .update({ current_organization_id: null });
    });
    forgetUser(userId);
    // A removed member's open sockets leave the organisation's room at once, on every server.
    await realtime.disconnectUser(auth.organizationId, userId).catch(() => undefined);
    return { id: userId };
  }

  async function organizationsOf(
    userId: number,
    current: number,
  ): Promise<{ organizations: MyOrganization[] }> {
    const rows = (await db('organization_members as m')
      .join('organizations as o', 'o.id', 'm.organization_id')
      .where('m.user_id', userId)
      .orderBy([{ column: 'm.created_at' }, { column: 'm.organization_id' }])
      .select('o.id', 'o.name', 'm.role')) as { id: number; name: string; role: Role }[];
    return { organizations: rows.map((row) => ({ ...row, current: row.id === current })) };
  }

  async function switchTo(userId: number, organizationId: number) {
    const member = await db('organization_members')
      .where({ user_id: userId, organization_id: organizationId })
      .first('organization_id');
    if (!member) throw notFound(`Organisation ${organizationId} not found.`);
    await db('users').where({ id: userId }).update({ current_organization_id: organizationId });
    forgetUser(userId);
    return organizationsOf(userId, organizationId);
  }

  async function organizationOfToken(token: string): Promise<{ id: number; name: string }> {
    const organization = await db('organizations').where({ invite_token: token }).first('id', 'name');
    if (!organization) throw notFound('No organisation has this invite link: ask for a new one.');
    return organization;
  }

  async function invitation(userId: number, token: string) {
    const organization = await organizationOfToken(token);
    const member = await db('organization_members')
      .where({ user_id: userId, organization_id: organization.id })
      .first('user_id');
    return { organization, alreadyMember: Boolean(member) };
  }

  /** Joins (as a member) the organisation of an invite token and acts in it; already a member: switches. */
  async function join(userId: number, token: string) {
    const organization = await organizationOfToken(token);
    await db('organization_members')
      .insert({ organization_id: organization.id, user_id: userId, role: 'member' })
      .onConflict(['organization_id', 'user_id'])
      .ignore();
    return switchTo(userId, organization.id);
  }

  return { team, newInviteToken, changeRole, remove, organizationsOf, switchTo, invitation, join };
}
