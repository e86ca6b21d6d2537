import {
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  emptyStatusCounts,
} from '@reachly/shared/constants';
import type {
  Conversation,
  ConversationsColumnQuery,
  ConversationsColumnResponse,
  ConversationsGroupedQuery,
  ConversationsGroupedResponse,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import type { Tenant } from '../tenancy.ts';
import {
  CARD_ORDER,
  type ConversationRow,
  cards,
  checkCollection,
  filtered,
  toConversation,
} from './cards.ts';

/** The board's lists: every column at once with the counts, or one column page by page. */
export function createConversationBoard({ db }: { db: Knex }) {
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
      .orderBy(CARD_ORDER)
      .limit(query.limit);
    const values = CONVERSATION_STATUS_VALUES.map(() => '(?)').join(', ');
    const [result, counts] = await Promise.all([
      db.raw(
        `select c.* from (values ${values}) as s(status) cross join lateral ? as c order by c.status, c."order", c.id`,
        [...CONVERSATION_STATUS_VALUES, perStatus],
      ),
      filtered(t, query).select('conversations.status').count({ n: '*' }).groupBy('conversations.status'),
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
    const rows: ConversationRow[] = await q.orderBy(CARD_ORDER).limit(query.limit + 1);
    return {
      conversations: rows.slice(0, query.limit).map(toConversation),
      hasMore: rows.length > query.limit,
    };
  }

  return { listGrouped, listColumn };
}
