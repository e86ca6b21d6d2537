import {
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  emptyStatusCounts,
} from '@reachly/shared/constants';
import { hasRankRoom, RANK_STEP, rankForIndex } from '@reachly/shared/logic';
import type {
  CollectionIdOrAll,
  Conversation,
  ConversationsColumnQuery,
  ConversationsColumnResponse,
  ConversationsGroupedQuery,
  ConversationsGroupedResponse,
  ConversationWithMessages,
  UpdateConversationBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../db/knex.ts';
import { likePattern } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import { type Tenant, tenant as tenantOf } from './tenancy.ts';

/** A conversation row joined with its lead's name and avatar. */
type ConversationRow = Pick<
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

type MessageRow = Pick<Tables['conversation_messages'], 'id' | 'direction' | 'text' | 'sent_at'>;

interface Filter {
  collectionId: CollectionIdOrAll;
  search?: string | undefined;
}

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

function toConversation(row: ConversationRow): Conversation {
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

export type ConversationsService = ReturnType<typeof createConversationsService>;

/**
 * The funnel board (spec §3 Conversation, §4, §7; docs/design.md §3 Funnel order). Cards sort by
 * "order" then id within a status column; "order" is a fractional rank, so a move writes one row
 * (and, rarely, rebalances one column).
 */
export function createConversationsService({ db }: { db: Knex }) {
  /** Conversations of the organisation with their lead, filtered by collection and search. */
  function cards(t: Tenant, filter: Filter): Knex.QueryBuilder {
    return applyFilter(
      t.table('conversations').join('leads', 'leads.id', 'conversations.lead_id').select(COLUMNS),
      filter,
    );
  }

  /** A numeric collectionId must be one of the organisation's collections (else 404). */
  async function checkCollection(t: Tenant, collectionId: CollectionIdOrAll | undefined): Promise<void> {
    if (collectionId !== undefined && collectionId !== 'all')
      await t.findOwned('collections', collectionId, 'Collection');
  }

  /**
   * Every column, up to `limit` cards each, in ONE query: a LATERAL subquery per status walks the
   * (organization_id[, collection_id], status, order) index and stops after `limit` rows, so the
   * cost follows the page, not the column. The counts are one GROUP BY over the same filter.
   */
  async function listGrouped(
    t: Tenant,
    query: ConversationsGroupedQuery,
  ): Promise<ConversationsGroupedResponse> {
    await checkCollection(t, query.collectionId);
    const perStatus = cards(t, query)
      .whereRaw('conversations.status = s.status')
      .orderBy([{ column: 'conversations.order' }, { column: 'conversations.id' }])
      .limit(query.limit);
    const values = CONVERSATION_STATUS_VALUES.map(() => '(?)').join(', ');
    const [result, counts] = await Promise.all([
      db.raw(
        `select c.* from (values ${values}) as s(status) cross join lateral ? as c order by c.status, c."order", c.id`,
        [...CONVERSATION_STATUS_VALUES, perStatus],
      ),
      applyFilter(t.table('conversations').join('leads', 'leads.id', 'conversations.lead_id'), query)
        .select('conversations.status')
        .count({ n: '*' })
        .groupBy('conversations.status'),
    ]);
    const conversations = Object.fromEntries(
      CONVERSATION_STATUS_VALUES.map((s) => [s, [] as Conversation[]]),
    );
    for (const row of (result as { rows: ConversationRow[] }).rows) {
      conversations[row.status]?.push(toConversation(row));
    }
    const statusCounts = emptyStatusCounts();
    for (const row of counts as unknown as { status: ConversationStatus; n: unknown }[]) {
      statusCounts[row.status] = toCount(row.n);
    }
    const totalCount = Object.values(statusCounts).reduce((a, b) => a + b, 0);
    return {
      conversations: conversations as ConversationsGroupedResponse['conversations'],
      totalCount,
      statusCounts,
    };
  }

  /**
   * One column after (lastOrder, lastId): keyset paging on the status index. Without lastId, the
   * page starts after every card of rank lastOrder.
   */
  async function listColumn(
    t: Tenant,
    query: ConversationsColumnQuery,
  ): Promise<ConversationsColumnResponse> {
    await checkCollection(t, query.collectionId);
    const q = cards(t, query).where('conversations.status', query.status);
    const { lastOrder, lastId } = query;
    if (lastOrder !== undefined) {
      q.where((w) => {
        w.where('conversations.order', '>', lastOrder);
        if (lastId !== undefined)
          w.orWhere((tie) =>
            tie.where('conversations.order', lastOrder).andWhere('conversations.id', '>', lastId),
          );
      });
    }
    const rows: ConversationRow[] = await q
      .orderBy([{ column: 'conversations.order' }, { column: 'conversations.id' }])
      .limit(query.limit + 1);
    return {
      conversations: rows.slice(0, query.limit).map(toConversation),
      hasMore: rows.length > query.limit,
    };
  }

  /** One card with its messages, oldest first (the card's detail view). */
  async function get(t: Tenant, id: number): Promise<ConversationWithMessages> {
    const row: ConversationRow | undefined = await cards(t, { collectionId: 'all' })
      .where('conversations.id', id)
      .first();
    if (!row) throw notFound(`Conversation ${id} not found.`);
    const messages: MessageRow[] = await t
      .table('conversation_messages')
      .where('conversation_messages.conversation_id', id)
      .orderBy([{ column: 'sent_at' }, { column: 'id' }])
      .select('id', 'direction', 'text', 'sent_at');
    return {
      ...toConversation(row),
      messages: messages.map((m) => ({
        id: m.id,
        direction: m.direction,
        text: m.text,
        sentAt: new Date(m.sent_at).toISOString(),
      })),
    };
  }

  /**
   * The ranks of the cards at positions index-1 and index of a column, the moved card left out:
   * two rows read by OFFSET on the column's index. OFFSET costs O(index), which stays small for
   * the positions a board shows (the first 50 cards and pages of 10); the column's length never
   * matters. A position past the end means after the last card (one row read backwards).
   */
  async function neighbours(
    t: Tenant,
    column: { status: ConversationStatus; collectionId: CollectionIdOrAll; search?: string | undefined },
    movedId: number,
    index: number,
  ): Promise<number[]> {
    // The position counts among the cards the board shows: same collection and search filter.
    const base = () =>
      applyFilter(
        t
          .table('conversations')
          .join('leads', 'leads.id', 'conversations.lead_id')
          .where('conversations.status', column.status)
          .whereNot('conversations.id', movedId),
        column,
      );
    const rows = (await base()
      .select('conversations.order')
      .orderBy([{ column: 'conversations.order' }, { column: 'conversations.id' }])
      .offset(Math.max(0, index - 1))
      .limit(index === 0 ? 1 : 2)) as { order: number }[];
    if (index > 0 && rows.length === 0) {
      const last = await base()
        .select('conversations.order')
        .orderBy([
          { column: 'conversations.order', order: 'desc' },
          { column: 'conversations.id', order: 'desc' },
        ])
        .first();
      return last ? [Number(last.order)] : [];
    }
    return rows.map((r) => r.order);
  }

  /** Renumbers one status column of the organisation RANK_STEP apart (rebalancedRanks) in one statement. */
  async function rebalance(trx: Knex.Transaction, organizationId: number, status: ConversationStatus) {
    await trx.raw(
      `update conversations set "order" = r.rn * ? from (
         select id, row_number() over (order by "order", id) as rn
         from conversations where organization_id = ? and status = ?
       ) as r where conversations.id = r.id`,
      [RANK_STEP, organizationId, status],
    );
  }

  /**
   * Moves a card (spec §4): `fields.order` is the drop position in the target column, turned into a
   * rank between the two cards at that position (rankForIndex); one row is written. When doubles
   * leave no room between those two, the target column is rebalanced first, in the same
   * transaction. A status change stamps status_update_date with the time of the change.
   */
  async function move(organizationId: number, body: UpdateConversationBody): Promise<Conversation> {
    const id = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const card = await t
        .table<{ id: number; status: ConversationStatus }>('conversations')
        .where('conversations.id', body.id)
        .forUpdate()
        .first('id', 'status');
      if (!card) throw notFound(`Conversation ${body.id} not found.`);
      await checkCollection(t, body.collectionId);
      const status = body.fields.status ?? card.status;
      const column = { status, collectionId: body.collectionId ?? 'all', search: body.search };
      const index = Math.max(0, Math.trunc(body.fields.order));
      let around = await neighbours(t, column, card.id, index);
      const [before, after] = around;
      if (around.length === 2 && before !== undefined && after !== undefined && !hasRankRoom(before, after)) {
        await rebalance(trx, organizationId, status);
        around = await neighbours(t, column, card.id, index);
      }
      // `around` holds the cards before and after the drop position; index 1 puts the card between.
      const order = rankForIndex(around, index === 0 ? 0 : 1);
      await t
        .table('conversations')
        .where('conversations.id', card.id)
        .update({
          order,
          // A person's move: the engine leaves the card where the person put it from now on.
          ...(status === card.status
            ? {}
            : // A person moved the card: their decision answers what needed a person.
              {
                status,
                status_update_date: trx.fn.now(),
                manual_status_at: trx.fn.now(),
                needs_person: null,
              }),
        });
      return card.id;
    });
    return get(tenantOf(db, organizationId), id);
  }

  return { listGrouped, listColumn, get, move };
}
