import type { ExportConversationsQuery } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { filtered } from '../conversations/cards.ts';
import { tenant } from '../tenancy.ts';
import { exportRows, isoText, textRows } from './batches.ts';
import type { CsvExport } from './csv-response.ts';

/** One line per funnel card: who, with which profile and campaign, where on the board, what was said last. */
const CONVERSATION_COLUMNS: [header: string, sql: string][] = [
  ['Conversation ID', 'conversations.id::text'],
  ['Lead', 'leads.name'],
  ['Lead profile URL', 'leads.profile_url'],
  ['Collection', 'col.name'],
  ['Profile', 'pr.name'],
  ['Campaign', 'cp.name'],
  ['Funnel status', 'conversations.status'],
  ['Status since', isoText('conversations.status_update_date')],
  ['Last message', 'conversations.last_message'],
  ['Last message at', isoText('conversations.last_message_at')],
  ['Contact on', 'conversations.contact_on::text'],
  ['Needs a person', 'conversations.needs_person'],
  ['Note', 'conversations.note'],
];

/**
 * GET /api/exports/conversations: the board's cards with the board's filters (collection, search)
 * and optionally one column, in id order. Another organisation's collection answers 404.
 */
export async function conversationsExport(
  db: Knex,
  organizationId: number,
  query: ExportConversationsQuery,
): Promise<CsvExport> {
  const t = tenant(db, organizationId);
  let name = 'conversations-all-collections';
  if (query.collectionId !== 'all') {
    const collection = await t.findOwned<{ name: string }>('collections', query.collectionId, 'Collection');
    name = `conversations-${collection.name}`;
  }
  if (query.status) name += `-${query.status}`;
  const select = CONVERSATION_COLUMNS.map(([, sql]) => sql).join(', ');
  const all = () => {
    const q = filtered(t, query)
      .join('collections as col', 'col.id', 'conversations.collection_id')
      .leftJoin('profiles as pr', 'pr.id', 'conversations.profile_id')
      .leftJoin('people as pe', (on) =>
        on
          .on('pe.organization_id', 'conversations.organization_id')
          .andOn('pe.profile_url', 'leads.profile_url'),
      )
      .leftJoin('campaigns as cp', 'cp.id', 'pe.owner_campaign_id')
      .orderBy('conversations.id')
      .select(db.raw(select));
    if (query.status) q.where('conversations.status', query.status);
    return q;
  };
  const page = (afterId: number, limit: number) =>
    textRows(all().where('conversations.id', '>', afterId).limit(limit));
  const header = CONVERSATION_COLUMNS.map(([header]) => header);
  return { name, header, ...exportRows(db, { page, all, columns: header.length }) };
}
