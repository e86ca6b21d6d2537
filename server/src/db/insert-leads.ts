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
  /** Each lead's leads.fields as JSON text (an object of strings); absent = `{}` for every lead. */
  fields?: string[];
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
  const fields = columns.fields ?? columns.profileUrl.map(() => '{}');
  const result = await db.raw(
    `with inserted as (
       insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name,
                          avatar_url, has_message_button, source, fields)
       select ?, ?, u.profile_url, u.name, u.first_name, u.last_name, u.avatar_url, u.has_message_button,
              u.source, u.fields
       from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::boolean[], ?::text[], ?::jsonb[])
         as u(profile_url, name, first_name, last_name, avatar_url, has_message_button, source, fields)
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
      fields,
    ],
  );
  return toCount((result.rows as { n: unknown }[])[0]?.n);
}
