import type pg from 'pg';
import type { Api } from './api.ts';

/** Adds `count` leads to a new collection of the organisation, in one statement. Returns the collection id. */
export async function seedLeads(
  client: pg.Client,
  organizationId: number,
  name: string,
  count: number,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    'insert into collections (organization_id, name) values ($1, $2) returning id',
    [organizationId, name],
  );
  const collectionId = rows[0]?.id as number;
  await client.query(
    `insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name, has_message_button)
     select $1, $2, 'https://sandbox.local/people/' || $3 || '-' || g, 'Person ' || g, 'First' || g, 'Last' || g, g % 3 = 0
     from generate_series(1, $4::int) g`,
    [organizationId, collectionId, name, count],
  );
  return collectionId;
}

/** One conversation per lead of the collection, all in `status`, ranks 1000 apart. */
async function seedConversations(
  client: pg.Client,
  organizationId: number,
  collectionId: number,
  status = 'sent',
): Promise<void> {
  await client.query(
    `insert into conversations (organization_id, lead_id, collection_id, status, "order", last_message, last_message_at)
     select $1, l.id, $2, $3, (row_number() over (order by l.id)) * 1000, 'Hello ' || l.name, now()
     from leads l where l.collection_id = $2`,
    [organizationId, collectionId, status],
  );
  await client.query('analyze conversations');
}

export interface Seeded {
  api: Api;
  organizationId: number;
  collectionId: number;
  size: number;
}

/** A new organisation (registered through the API) with `size` leads, each with a conversation in `sent`, ranks 1000 apart. */
export async function seededOrganization(
  root: Api,
  db: pg.Client,
  label: string,
  size: number,
  log: (text: string) => void,
): Promise<Seeded> {
  const { api, organizationId } = await root.register(`bench-${label}-${size}@example.com`);
  log(`seeding ${size} leads and conversations (${label})`);
  const collectionId = await seedLeads(db, organizationId, `${label}-${size}`, size);
  await seedConversations(db, organizationId, collectionId);
  await db.query('analyze leads');
  return { api, organizationId, collectionId, size };
}

/**
 * `count` more members of the organisation, each a user with its own access token (the password
 * hash is not a real one: they never sign in with a password). Returns their tokens.
 */
export async function seedMembers(
  client: pg.Client,
  organizationId: number,
  count: number,
): Promise<string[]> {
  const { rows } = await client.query<{ access_token: string }>(
    `with made as (
       insert into users (email, password_hash, access_token)
       select 'member-' || $1::int || '-' || g || '@bench.local', 'not-a-password-hash', md5(random()::text) || md5(random()::text)
       from generate_series(1, $2::int) g
       returning id, access_token)
     , joined as (insert into organization_members (organization_id, user_id, role) select $1::int, id, 'member' from made)
     select access_token from made`,
    [organizationId, count],
  );
  return rows.map((r) => r.access_token);
}
