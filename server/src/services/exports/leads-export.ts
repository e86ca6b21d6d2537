import type { ExportLeadsQuery } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { countLeads } from '../leads/lead-counts.ts';
import { tenant } from '../tenancy.ts';
import { isoText, textRows } from './batches.ts';
import type { CsvExport } from './csv-response.ts';
import { LATEST_CONVERSATION, type LeadFilter, leadRows, leadWhere } from './lead-pages.ts';

/** The leads file's own columns, then one per imported CSV column (leads.fields) found in the leads exported. */
const LEAD_COLUMNS: [header: string, sql: string][] = [
  ['Lead ID', 'l.id::text'],
  ['Profile URL', 'l.profile_url'],
  ['Name', 'l.name'],
  ['First name', 'l.first_name'],
  ['Last name', 'l.last_name'],
  ['Collection', 'col.name'],
  ['Excluded', 'l.is_excluded::text'],
  ['Source', 'l.source'],
  ['Funnel status', 'cv.status'],
  ['Campaign', 'cp.name'],
  ['Profile', 'pr.name'],
  ['Friend request sent at', isoText('l.friend_request_sent_at')],
  ['Accepted at', isoText('l.friend_accepted_at')],
  ['Message sent at', isoText('l.message_sent_at')],
  ['Last message at', isoText('cv.last_message_at')],
  ['Added at', isoText('l.created_at')],
];

/** The keys of leads.fields over the leads exported (a first pass), in the database's order of text. */
async function fieldKeys(db: Knex, filter: LeadFilter): Promise<string[]> {
  const where = leadWhere(filter, 'l', { withExcluded: true });
  const rows = await textRows(
    db.raw(
      `select distinct k.key from leads l cross join lateral jsonb_object_keys(l.fields) k(key)
        where ${where.sql} order by 1`,
      where.bindings,
    ),
  );
  return rows.map((row) => String(row[0]));
}

/**
 * An imported column's header: its key as the file had it, unless one of the export's own columns
 * already bears that name (then marked as imported, so that no two columns share a header).
 */
function fieldHeader(key: string): string {
  const taken = LEAD_COLUMNS.some(([header]) => header.toLowerCase() === key.toLowerCase());
  return taken ? `${key} (imported)` : key;
}

/**
 * GET /api/exports/leads: the leads of a collection (or all), with their funnel status (latest
 * conversation), the campaign and profile that work them (people), their dates, and every
 * imported column. Another organisation's collection answers 404 before anything is sent.
 */
export async function leadsExport(
  db: Knex,
  organizationId: number,
  query: ExportLeadsQuery,
): Promise<CsvExport> {
  let name = 'leads-all-collections';
  if (query.collectionId !== 'all') {
    const collection = await tenant(db, organizationId).findOwned<{ name: string }>(
      'collections',
      query.collectionId,
      'Collection',
    );
    name = `leads-${collection.name}`;
  }
  const filter: LeadFilter = {
    organizationId,
    collectionId: query.collectionId,
    isExcluded: query.isExcluded,
    search: query.search,
  };
  // The lead counts know collection and isExcluded only: a search's total is not known beforehand.
  const [keys, expectedRows] = await Promise.all([
    fieldKeys(db, filter),
    query.search === undefined ? countLeads(db, organizationId, filter) : undefined,
  ]);
  const header = [...LEAD_COLUMNS.map(([header]) => header), ...keys.map(fieldHeader)];
  return {
    name,
    header,
    ...leadRows(
      db,
      filter,
      {
        select: [...LEAD_COLUMNS.map(([, sql]) => sql), ...keys.map(() => 'l.fields ->> ?')].join(', '),
        selectBindings: keys,
        joins: `join collections col on col.id = l.collection_id
        ${LATEST_CONVERSATION}
        left join people pe on pe.organization_id = l.organization_id and pe.profile_url = l.profile_url
        left join campaigns cp on cp.id = pe.owner_campaign_id
        left join profiles pr on pr.id = coalesce(pe.owner_profile_id, cv.profile_id)`,
      },
      header.length,
    ),
    ...(expectedRows === undefined ? {} : { expectedRows }),
  };
}
