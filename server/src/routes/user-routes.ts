import type { Contract } from '@reachly/shared/contract';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endSessions } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import type { Handlers } from '../http/endpoints.ts';
import { saveMachineData } from '../services/machine-data.ts';
import { readTraffic } from '../services/traffic-service.ts';
import { readAccount, renameAccount } from '../services/users/account.ts';

/** The signed-in user, their machine data, password and traffic (spec §7). */
export function userHandlers({ db, users, settings }: AppContext): Handlers<Contract['user']> {
  return {
    prerender: async ({ auth }) => ({ user: auth ? await users.view(auth.user, auth.organizationId) : null }),
    get: async ({ auth: { user, organizationId } }) => {
      const [view, offeredDesktopVersion] = await Promise.all([
        users.view(user, organizationId),
        settings.offeredDesktopVersion(),
      ]);
      return { ...view, offeredDesktopVersion };
    },
    machineData: async ({ auth: { user, organizationId }, body }) => {
      await saveMachineData(db, { userId: user.id, organizationId }, body);
      return { ok: true };
    },
    // A new password ends every session and the access token at once (the other browsers, the
    // desktop app, this one): whoever knew the old one is out.
    changePassword: async ({ auth: { user }, body }) => {
      const row = (await db('users').where({ id: user.id }).first('password_hash')) as
        | { password_hash: string | null }
        | undefined;
      if (!(await verifyPassword(row?.password_hash ?? null, body.currentPassword))) {
        throw badRequest('currentPassword: the current password is not right');
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (trx) => {
        await trx('users').where({ id: user.id }).update({ password_hash: passwordHash });
        await endSessions(trx, user.id);
      });
      users.forgetUser(user.id);
      return { ok: true, signedOut: true };
    },
    account: ({ auth: { user } }) => readAccount(db, user.id),
    updateAccount: ({ auth: { user }, body }) => renameAccount(db, user.id, body.name),
    // "Sign out of every session": the same ending as a password change, without the new password.
    endSessions: async ({ auth: { user } }) => {
      await endSessions(db, user.id);
      users.forgetUser(user.id);
      return { ok: true, signedOut: true };
    },
    traffic: ({ auth }) => readTraffic(db, auth.organizationId),
  };
}
