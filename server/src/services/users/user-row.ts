import { randomBytes } from 'node:crypto';
import type { Role } from '@reachly/shared/logic';
import type { PaymentText } from '@reachly/shared/schemas';
import type { UserRow as TableUserRow } from '../../db/rows-accounts.ts';

/** A user as the services read one: the users row's own columns, its payment texts typed. */
export type UserRow = Pick<TableUserRow, 'id' | 'email' | 'password_hash' | 'access_token' | 'is_banned'> & {
  payment_texts: PaymentText[];
  /** The organisation the user acts in, when read by findById / findByToken. */
  organization_id?: number | null;
  /** The user's role in that organisation, read with it. */
  role?: Role | null;
};

/** A new access token (or invitation token): 32 random bytes in hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}
