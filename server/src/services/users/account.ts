import type { Account } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../../db/tables.ts';

/** The signed-in user's own account as the account page shows it. */
export async function readAccount(db: Knex, userId: number): Promise<Account> {
  const row = await table(db, 'users').where({ id: userId }).first('id', 'email', 'name');
  return { id: userId, email: row?.email ?? '', name: row?.name ?? null };
}

/** Sets the user's name; an empty one clears it. */
export async function renameAccount(db: Knex, userId: number, name: string): Promise<Account> {
  await table(db, 'users')
    .where({ id: userId })
    .update({ name: name === '' ? null : name, updated_at: new Date() });
  return readAccount(db, userId);
}
