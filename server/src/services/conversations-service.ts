import type { Knex } from 'knex';
import { createConversationBoard } from './conversations/board.ts';
import { conversationWithMessages } from './conversations/detail.ts';
import { createConversationMove } from './conversations/move.ts';

export type ConversationsService = ReturnType<typeof createConversationsService>;

/**
 * The funnel board (spec §3 Conversation, §4, §7; docs/design.md §3 Funnel order). Cards sort by
 * "order" then id within a status column; "order" is a fractional rank, so a move writes one row
 * (and, rarely, rebalances one column). The board's lists (conversations/board.ts), one card with
 * its messages (conversations/detail.ts) and a person's move (conversations/move.ts), as one service.
 */
export function createConversationsService({ db }: { db: Knex }) {
  const { listGrouped, listColumn } = createConversationBoard({ db });
  return { listGrouped, listColumn, get: conversationWithMessages, move: createConversationMove({ db }) };
}
