import type pg from 'pg';

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
export async function seedConversations(
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
