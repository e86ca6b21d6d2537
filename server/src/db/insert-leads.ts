import type { Knex } from 'knex';
import { toCount } from './knex.ts';

/** Columns of one multi-row insert, one array per column (inserted through unnest()). */
export interface LeadColumns {
  profileUrl: string[];
  name: (string | null)[];
  firstName: (string | null)[];
  lastName: (string | null)[];
  avatarUrl: (string | null)[];
  hasMessageButton: (boolean | null)[];
  source: (string | null)[];
}

/**
 * Inserts many leads into one collection with a single statement (one array parameter per column,
 * so the statement does not grow with the batch). A profile already in the collection, or repeated
 * in the batch, is skipped by the unique (collection_id, profile_url) index. Answers how many were
 * inserted. The caller has checked that the collection is the organisation's.
 */
export async function insertLeadColumns(
  db: Knex | Knex.Transaction,
  organizationId: number,
  collectionId: number,
  columns: LeadColumns,
): Promise<number> {
  if (columns.profileUrl.length === 0) return 0;
  const result = await db.raw(
    `with inserted as (
       insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name,
                          avatar_url, has_message_button, source)
       select ?, ?, u.profile_url, u.name, u.first_name, u.last_name, u.avatar_url, u.has_message_button, u.source
       from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::boolean[], ?::text[])
         as u(profile_url, name, first_name, last_name, avatar_url, has_message_button, source)
       on conflict (collection_id, profile_url) do nothing
       returning 1
     )
     select count(*) as n from inserted`,
    <Knex.RawBinding[]>[
      organizationId,
      collectionId,
      columns.profileUrl,
      columns.name,
      columns.firstName,
      columns.lastName,
      columns.avatarUrl,
      columns.hasMessageButton,
      columns.source,
    ],
  );
  return toCount((result.rows as { n: unknown }[])[0]?.n);
}
