import type { Knex } from 'knex';
import { newToken } from '../services/users/user-row.ts';

/**
 * Ends every session of a user at once: the session version moves (every Auth.js cookie issued
 * before is refused) and the access token is replaced (the old one answers 401). Used on sign-out;
 * the same data change serves a password change or an operator's ban.
 */
export async function endSessions(db: Knex, userId: number): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({
      session_version: db.raw('session_version + 1'),
      access_token: newToken(),
      updated_at: db.fn.now(),
    });
}

/** The session version a user's Auth.js token must carry to be honoured. */
export function sessionVersionOf(user: object): number {
  return Number((user as { session_version?: number | null }).session_version ?? 0);
}
