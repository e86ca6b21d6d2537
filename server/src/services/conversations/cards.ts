import type { CollectionIdOrAll, Conversation } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { likePattern } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { Tenant } from '../tenancy.ts';

/**
 * A funnel card as every conversations query reads it: the conversation joined with its lead
 * (`leads`), filtered by collection and search, turned into the API's Conversation.
 */

/** A conversation row joined with its lead's name and avatar. */
export type ConversationRow = Pick<
  Tables['conversations'],
  | 'id'
  | 'lead_id'
  | 'profile_id'
  | 'collection_id'
  | 'status'
  | 'order'
  | 'status_update_date'
  | 'last_message'
  | 'last_message_at'
  | 'contact_on'
  | 'needs_person'
  | 'note'
> &
  Pick<Tables['leads'], 'name' | 'avatar_url'>;

export interface Filter {
  collectionId: CollectionIdOrAll;
  search?: string | undefined;
}

/** A column's order: by rank, then id. */
export const CARD_ORDER = [{ column: 'conversations.order' }, { column: 'conversations.id' }];

const COLUMNS = [
  'conversations.id',
  'conversations.lead_id',
  'conversations.profile_id',
  'conversations.collection_id',
  'conversations.status',
  'conversations.order',
  'conversations.status_update_date',
  'conversations.last_message',
  'conversations.last_message_at',
  'conversations.contact_on',
  'conversations.needs_person',
  'conversations.note',
  'leads.name',
  'leads.avatar_url',
];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    leadId: row.lead_id,
    profileId: row.profile_id,
    collectionId: row.collection_id,
    status: row.status,
    order: row.order,
    statusUpdateDate: iso(row.status_update_date),
    name: row.name,
    avatarUrl: row.avatar_url,
    lastMessage: row.last_message,
    lastMessageAt: iso(row.last_message_at),
    contactOn: row.contact_on,
    needsPerson: row.needs_person,
    note: row.note,
  };
}

/** Collection and search filters of every conversations query (the lead is joined as `leads`). */
function applyFilter(query: Knex.QueryBuilder, { collectionId, search }: Filter): Knex.QueryBuilder {
  if (collectionId !== 'all') query.where('conversations.collection_id', collectionId);
  if (search) {
    const pattern = likePattern(search);
    query.where((q) =>
      q
        .whereRaw(`leads.name ilike ? escape '\\'`, [pattern])
        .orWhereRaw(`conversations.last_message ilike ? escape '\\'`, [pattern])
        .orWhereExists((sub) =>
          sub
            .select(sub.client.raw('1'))
            .from('conversation_messages')
            .whereRaw('conversation_messages.conversation_id = conversations.id')
            .andWhereRaw(`conversation_messages.text ilike ? escape '\\'`, [pattern]),
        ),
    );
  }
  return query;
}

/** The organisation's conversations joined with their lead, filtered, nothing selected yet. */
export function filtered(t: Tenant, filter: Filter): Knex.QueryBuilder {
  return applyFilter(t.table('conversations').join('leads', 'leads.id', 'conversations.lead_id'), filter);
}

/** The organisation's cards with their lead, filtered by collection and search. */
export function cards(t: Tenant, filter: Filter): Knex.QueryBuilder {
  return filtered(t, filter).select(COLUMNS);
}

/** A numeric collectionId must be one of the organisation's collections (else 404). */
export async function checkCollection(t: Tenant, collectionId: CollectionIdOrAll | undefined): Promise<void> {
  if (collectionId !== undefined && collectionId !== 'all')
    await t.findOwned('collections', collectionId, 'Collection');
}
