import { CLIENT_EVENT_TYPES } from '@reachly/shared/constants';
import type { EmitBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { AuthContext } from '../auth/authenticate.ts';
import { markOncePerDay } from './visits.ts';

/** The event types a page may send through POST /api/emit; others are refused. */
export const CLIENT_EVENT_TYPE_LIST: readonly string[] = Object.values(CLIENT_EVENT_TYPES);

export function isClientEventType(type: string): boolean {
  return CLIENT_EVENT_TYPE_LIST.includes(type);
}

/**
 * Stores a client event of POST /api/emit, with its user when the page is signed in: once per
 * visitor (the signed-in user, else the visitor's keyed hash), type and day. A repeat is accepted and
 * not stored; false then.
 */
export async function recordClientEvent(
  db: Knex,
  body: EmitBody,
  auth: AuthContext | undefined,
  visitor: string,
): Promise<boolean> {
  const { type, source, url, guestId, ...payload } = body;
  const who = auth ? `user:${auth.user.id}` : visitor;
  return db.transaction(async (trx) => {
    if (!(await markOncePerDay(trx, `emit:${type}`, who))) return false;
    await trx('client_events').insert({
      organization_id: auth?.organizationId ?? null,
      user_id: auth?.user.id ?? null,
      type,
      source,
      url: url ?? null,
      guest_id: typeof guestId === 'string' ? guestId.slice(0, 100) : null,
      payload: JSON.stringify(payload),
    });
    return true;
  });
}
