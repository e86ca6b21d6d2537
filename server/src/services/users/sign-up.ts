import type { RegisterBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import { badRequest, conflict, isUniqueViolation } from '../../errors.ts';
import { countVisit } from '../visits.ts';
import { newToken, type UserRow } from './user-row.ts';

type SignUpConfig = Pick<Config, 'TRIAL_DAYS' | 'TRIAL_TRAFFIC_BYTES'>;

/** A new organisation owned by the signing-up user, with its trial licence and traffic. */
async function createTrialOrganization(
  trx: Knex.Transaction,
  config: SignUpConfig,
  body: RegisterBody,
): Promise<number> {
  const [org] = await trx('organizations')
    .insert({
      name: body.email,
      invite_token: newToken(),
      affiliate_token: body.affiliateToken ?? null,
    })
    .returning('id');
  const organizationId: number = org.id;
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
  return organizationId;
}

/**
 * Sign-up (docs/design.md §3): creates the user, its organisation (or joins the one the
 * organizationToken invites to), a trial licence and traffic, in one transaction.
 */
export async function registerUser(
  { db, config }: { db: Knex; config: SignUpConfig },
  body: RegisterBody,
): Promise<UserRow> {
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
        organizationId = await createTrialOrganization(trx, config, body);
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
