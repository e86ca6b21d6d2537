import { createHash, randomBytes } from 'node:crypto';
import type { AdminResult } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { hashPassword } from '../../auth/passwords.ts';
import { endSessions } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import { table } from '../../db/tables.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Mailer } from '../mailer.ts';
import type { UsersService } from '../users-service.ts';

/** How long a reset link works. */
const LINK_LIFETIME_MS = 60 * 60 * 1000;
/** Links one address may be sent per hour, whoever asks (the route also limits each caller's address). */
const LINKS_PER_ADDRESS_PER_HOUR = 3;

const RESET_PASSWORD_PATH = '/reset-password';

export type PasswordResets = ReturnType<typeof createPasswordResets>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The forgotten password (issue 19): a one-time link that expires after an hour, its token stored
 * only as a hash. Using it sets the new password and ends every session of the user, as a password
 * change does. The token is never logged: without SMTP, the log says a reset was asked for and the
 * operator prints a fresh link with `npm run admin -- reset-link <email>` (docs/decisions.md).
 */
export function createPasswordResets({
  db,
  users,
  mailer,
  logger,
  config,
}: {
  db: Knex;
  users: UsersService;
  mailer: Mailer | null;
  logger: Logger;
  config: Config;
}) {
  /** A new link for the user: the row holds the token's hash, the link the token. */
  async function newLink(userId: number, origin: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await table(db, 'password_resets').insert({
      user_id: userId,
      token_hash: hashOf(token),
      expires_at: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    const base = (config.PUBLIC_URL ?? origin).replace(/\/+$/, '');
    return `${base}${RESET_PASSWORD_PATH}?token=${token}`;
  }

  const findUser = (email: string) =>
    table(db, 'users').where({ email: email.toLowerCase() }).first('id', 'email', 'is_banned');

  /**
   * POST /api/password/forgot. The caller learns nothing either way: an unknown or banned address,
   * or one sent too many links this hour, gets no mail and the same answer.
   */
  async function request(email: string, origin: string): Promise<void> {
    const user = await findUser(email);
    if (!user || user.is_banned) return;
    if (!mailer) {
      logger.warn(
        { userId: user.id },
        'Password reset requested, but no SMTP server is set (SMTP_URL or SMTP_HOST): `npm run admin -- reset-link <email>` prints a fresh link',
      );
      return;
    }
    const recent = await table(db, 'password_resets')
      .where({ user_id: user.id })
      .where('created_at', '>', new Date(Date.now() - 60 * 60 * 1000))
      .count({ n: '*' })
      .first();
    if (Number(recent?.n ?? 0) >= LINKS_PER_ADDRESS_PER_HOUR) {
      logger.info({ userId: user.id }, 'Password reset requested again within the hour: no more links sent');
      return;
    }
    const link = await newLink(user.id, origin);
    // Sent after the answer, so that the answer takes as long for an address without an account.
    mailer
      .send({
        to: user.email,
        subject: 'Reset your Reachly password',
        text: [
          'Someone (hopefully you) asked to reset the password of your Reachly account.',
          '',
          `Open this link within an hour to choose a new password; it works once:`,
          link,
          '',
          'Using it signs you out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      })
      .then(
        () => logger.info({ userId: user.id }, 'Password reset link sent'),
        (error: Error) =>
          logger.error(
            { userId: user.id, err: { name: error.name } },
            'Password reset mail could not be sent',
          ),
      );
  }

  /** POST /api/password/reset: the new password, once per link; every session of the user ends. */
  async function reset(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const userId = await db.transaction(async (trx) => {
      const [used] = await table(trx, 'password_resets')
        .where({ token_hash: hashOf(token) })
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .update({ used_at: new Date() })
        .returning('user_id');
      const user = used && (await table(trx, 'users').where({ id: used.user_id }).first('id', 'is_banned'));
      if (!user || user.is_banned) {
        throw badRequest(
          'token: this reset link has expired or was already used. Ask for a new one on the sign-in page.',
        );
      }
      await table(trx, 'users').where({ id: user.id }).update({ password_hash: passwordHash });
      // The user's other links end with this one.
      await table(trx, 'password_resets')
        .where({ user_id: user.id })
        .whereNull('used_at')
        .update({ used_at: new Date() });
      await endSessions(trx, user.id);
      return user.id;
    });
    users.forgetUser(userId);
    logger.info({ userId }, 'Password reset with a link; every session ended');
  }

  /** `npm run admin -- reset-link <email>`: a fresh link, answered to the operator only. */
  async function adminLink(email: string, origin: string): Promise<AdminResult> {
    const user = await findUser(email);
    if (!user) throw notFound(`No user ${email}.`);
    const link = await newLink(user.id, origin);
    return {
      ok: true,
      message: `A password reset link for ${user.email} (it works once, for one hour):\n${link}`,
    };
  }

  return { request, reset, adminLink };
}
