import type { ConversationStatus } from '@reachly/shared/constants';
import { hasRankRoom, RANK_STEP, rankForIndex } from '@reachly/shared/logic';
import type { Conversation, UpdateConversationBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { notFound } from '../../errors.ts';
import { type Tenant, tenant as tenantOf } from '../tenancy.ts';
import { recordCardMoved } from './card-moved.ts';
import { CARD_ORDER, checkCollection, type Filter, filtered } from './cards.ts';
import { conversationWithMessages } from './detail.ts';

/**
 * A person's move of a card on the board (spec §4; docs/design.md §3 Funnel order): the drop
 * position becomes a fractional rank between its two neighbours, so a move writes one row.
 */

type Column = Filter & { status: ConversationStatus };

/**
 * The ranks of the cards at positions index-1 and index of a column, the moved card left out:
 * two rows read by OFFSET on the column's index. OFFSET costs O(index), which stays small for
 * the positions a board shows (the first 50 cards and pages of 10); the column's length never
 * matters. A position past the end means after the last card (one row read backwards).
 */
async function neighbours(t: Tenant, column: Column, movedId: number, index: number): Promise<number[]> {
  // The position counts among the cards the board shows: same collection and search filter.
  const base = () =>
    filtered(t, column).where('conversations.status', column.status).whereNot('conversations.id', movedId);
  const rows = (await base()
    .select('conversations.order')
    .orderBy(CARD_ORDER)
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
 * transaction. A status change stamps status_update_date with the time of the change and adds the
 * move, with the user who made it, to the funnel's history.
 */
export function createConversationMove({ db }: { db: Knex }) {
  return async function move(
    organizationId: number,
    body: UpdateConversationBody,
    userId: number | null = null,
  ): Promise<Conversation> {
    const id = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const card = await t
        .table<{ id: number; status: ConversationStatus; lead_id: number; profile_id: number | null }>(
          'conversations',
        )
        .where('conversations.id', body.id)
        .forUpdate()
        .first('id', 'status', 'lead_id', 'profile_id');
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
      if (status !== card.status) {
        await recordCardMoved(trx, {
          organizationId,
          conversationId: card.id,
          leadId: card.lead_id,
          profileId: card.profile_id,
          from: card.status,
          to: status,
          by: 'person',
          userId,
          at: new Date(),
        });
      }
      return card.id;
    });
    return conversationWithMessages(tenantOf(db, organizationId), id);
  };
}
