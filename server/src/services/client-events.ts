import type { EmitBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { AuthContext } from '../auth/authenticate.ts';

/** Stores a client event of POST /api/emit, with its user when the page is signed in. */
export async function recordClientEvent(
  db: Knex,
  body: EmitBody,
  auth: AuthContext | undefined,
): Promise<void> {
  const { type, source, url, guestId, ...payload } = body;
  await db('client_events').insert({
    organization_id: auth?.organizationId ?? null,
    user_id: auth?.user.id ?? null,
    type,
    source,
    url: url ?? null,
    guest_id: typeof guestId === 'string' ? guestId.slice(0, 100) : null,
    payload: JSON.stringify(payload),
  });
}
