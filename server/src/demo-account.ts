import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { UsersService } from './services/users-service.ts';

export const DEMO_EMAIL = 'demo@reachly.local';

/**
 * On the embedded database only, the first start creates a demo account and returns its password
 * (printed once; it is stored only as a hash). Later starts return null.
 */
export async function ensureDemoAccount(db: Knex, users: UsersService): Promise<string | null> {
  if (await db('users').where({ email: DEMO_EMAIL }).first('id')) return null;
  const password = randomBytes(9).toString('base64url');
  await users.register({ email: DEMO_EMAIL, password });
  return password;
}
