import { randomBytes } from 'node:crypto';
import type { PaymentText, RegisterBody, User } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { IdentityCache } from '../auth/identity-cache.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { UserRow as TableUserRow } from '../db/tables.ts';
import { badRequest, conflict, isUniqueViolation } from '../errors.ts';
import { countVisit } from './visits.ts';

/** A user as the services read one: the users row's own columns, its payment texts typed. */
export type UserRow = Pick<TableUserRow, 'id' | 'email' | 'password_hash' | 'access_token' | 'is_banned'> & {
  payment_texts: PaymentText[];
  /** The organisation the user acts in, when read by findById / findByToken. */
  organization_id?: number | null;
};

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Users, their organisation membership and the user view of spec §3. */
export function createUsersService({ db, config }: { db: Knex; config: Config }) {
  const defaultPaymentTexts: PaymentText[] = [
    { method: 'ZELLE', text: config.PAYMENT_ZELLE_TEXT },
    { method: 'CARD_NUMBER', text: config.PAYMENT_CARD_TEXT },
  ];

  /**
   * A user with the organisation it acts in (the first one it joined), read in one query: every
   * authenticated request starts here.
   */
  function withOrganization() {
    return db('users as u').select(
      'u.*',
      db.raw(
        `(select m.organization_id from organization_members m where m.user_id = u.id
          order by m.created_at, m.organization_id limit 1) as organization_id`,
      ),
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

  /** Creates the user, its organisation (or joins the invited one), a trial licence and traffic. */
  async function register(body: RegisterBody): Promise<UserRow> {
    const passwordHash = await hashPassword(body.password);
    try {
      return await db.transaction(async (trx) => {
        if (await trx('users').where({ email: body.email }).first('id'))
          throw conflict('This email is already registered.');
        let organizationId: number;
        let role: 'owner' | 'member' = 'owner';
        if (body.organizationToken) {
          const org = await trx('organizations').where({ invite_token: body.organizationToken }).first('id');
          if (!org) throw badRequest('organizationToken: no organisation has this invitation token.');
          organizationId = org.id;
          role = 'member';
        } else {
          const [org] = await trx('organizations')
            .insert({
              name: body.email,
              invite_token: newToken(),
              affiliate_token: body.affiliateToken ?? null,
            })
            .returning('id');
          organizationId = org.id;
          const till = new Date(Date.now() + config.TRIAL_DAYS * 24 * 60 * 60 * 1000);
          await trx('licences').insert({
            organization_id: organizationId,
            plan: 'trial',
            is_trial: true,
            license_till: till,
          });
          await trx('traffic_allowances').insert({
            organization_id: organizationId,
            traffic_limit: config.TRIAL_TRAFFIC_BYTES.toString(),
            used_traffic: '0',
          });
          await countVisit(trx, 'startedTrial');
        }
        const [user]: UserRow[] = await trx('users')
          .insert({
            email: body.email,
            password_hash: passwordHash,
            access_token: newToken(),
            affiliate_token: body.affiliateToken ?? null,
          })
          .returning('*');
        if (!user) throw new Error('insert returned no user');
        await trx('organization_members').insert({ organization_id: organizationId, user_id: user.id, role });
        await countVisit(trx, 'singedUp');
        return user;
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict('This email is already registered.');
      throw error;
    }
  }

  /** The user for an email and password, or null; the caller decides what a ban means. */
  async function verifyCredentials(email: string, password: string): Promise<UserRow | null> {
    const user = await db<UserRow>('users').where({ email: email.toLowerCase() }).first();
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    return ok && user ? user : null;
  }

  /** The user of spec §3 with its organisation's licence, as GET /api/user answers it. */
  async function view(user: UserRow, organizationId: number): Promise<User> {
    const [licence, profile] = await Promise.all([
      db('licences').where({ organization_id: organizationId }).first(),
      db('profiles').where({ organization_id: organizationId }).first('id'),
    ]);
    return {
      id: user.id,
      email: user.email,
      data: { email: user.email },
      accessToken: user.access_token,
      isBanned: user.is_banned,
      organizationId,
      license: {
        plan: licence?.plan ?? 'none',
        isTrial: licence?.is_trial ?? false,
        licenseTill: licence?.license_till ? new Date(licence.license_till).toISOString() : null,
      },
      areProfilesGiven: Boolean(profile),
      paymentTexts: user.payment_texts.length ? user.payment_texts : defaultPaymentTexts,
    };
  }

  return { findById, findByToken, organizationOf, isMember, register, verifyCredentials, view, identities };
}
