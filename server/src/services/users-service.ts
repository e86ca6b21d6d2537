import type { RegisterBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { createIdentities } from './users/identities.ts';
import { registerUser } from './users/sign-up.ts';
import type { UserRow } from './users/user-row.ts';
import { createUserView } from './users/user-view.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * Users: who a request's user is and its organisation membership (users/identities.ts), sign-up
 * (users/sign-up.ts), the credentials check, and the user view of spec §3 (users/user-view.ts).
 */
export function createUsersService({ db, config }: { db: Knex; config: Config }) {
  const { identities, findById, findByToken, organizationOf, isMember } = createIdentities({ db });

  /** The user for an email and password, or null; the caller decides what a ban means. */
  async function verifyCredentials(email: string, password: string): Promise<UserRow | null> {
    const user = await db<UserRow>('users').where({ email: email.toLowerCase() }).first();
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    return ok && user ? user : null;
  }

  return {
    findById,
    findByToken,
    organizationOf,
    isMember,
    register: (body: RegisterBody) => registerUser({ db, config }, body),
    verifyCredentials,
    view: createUserView({ db, config }),
    identities,
    /**
     * Drops what this process holds of a user at once, after a write that changes who they are (a
     * ban, a sign-out, a new password): the database's notification reaches every process, but a
     * moment after the write commits, and the writer's next request must not be answered from
     * before it.
     */
    forgetUser: (userId: number) => identities.forget(String(userId)),
  };
}
