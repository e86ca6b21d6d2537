import {
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  emptyStatusCounts,
} from '@reachly/shared/constants';
import { type CardMove, type FunnelBoard, findCardStatus, moveCard } from '@reachly/shared/funnel';
import type { Conversation, ConversationsGroupedResponse } from '@reachly/shared/schemas';

/**
 * A card of the board. `order` is the card's position in its column (0, 1, 2...): the spec §4
 * renumbering (shared moveCard) works on positions. `rank` keeps the server's fractional order,
 * which column paging needs (`lastOrder`).
 */
export interface BoardCard extends Conversation {
  rank: number;
}

/** The board as the page keeps it: ordered cards per status and the server's counts. */
export type BoardData = FunnelBoard<BoardCard>;
export type BoardColumns = BoardData['columns'];

/** Conversations of one column as cards numbered from `start`. */
function toBoardCards(conversations: readonly Conversation[], start = 0): BoardCard[] {
  return conversations.map((c, i) => ({ ...c, rank: c.order, order: start + i }));
}

/** The grouped answer of GET /api/conversations as board data (every status present). */
export function boardFromResponse(response: ConversationsGroupedResponse): BoardData {
  const columns = {} as BoardColumns;
  for (const status of CONVERSATION_STATUS_VALUES) {
    columns[status] = toBoardCards(response.conversations[status] ?? []);
  }
  return { columns, statusCounts: { ...emptyStatusCounts(), ...response.statusCounts } };
}

/** Adds a page of a column after its cards, leaving out cards already on the board. */
export function appendToColumn(
  board: BoardData,
  status: ConversationStatus,
  page: readonly Conversation[],
): BoardData {
  const shown = new Set<number>();
  for (const cards of Object.values(board.columns)) for (const card of cards) shown.add(card.id);
  const column = board.columns[status];
  const fresh = page.filter((c) => !shown.has(c.id));
  if (fresh.length === 0) return board;
  return {
    ...board,
    columns: { ...board.columns, [status]: [...column, ...toBoardCards(fresh, column.length)] },
  };
}

/** Keeps the rank the server gave a moved card (its answer to the PATCH). */
export function setCardRank(board: BoardData, id: number, rank: number): BoardData {
  for (const status of CONVERSATION_STATUS_VALUES) {
    const column = board.columns[status];
    const index = column.findIndex((c) => c.id === id);
    if (index === -1) continue;
    const card = column[index] as BoardCard;
    if (card.rank === rank) return board;
    const next = [...column];
    next[index] = { ...card, rank };
    return { ...board, columns: { ...board.columns, [status]: next } };
  }
  return board;
}

/** Where the next page of a column starts: the last card's rank and id (keyset paging). */
export function columnCursor(cards: readonly BoardCard[]): { lastOrder: number; lastId: number } | null {
  const last = cards.at(-1);
  return last ? { lastOrder: last.rank, lastId: last.id } : null;
}

/** Every card of the board by id. */
export function cardsById(columns: BoardColumns): Map<number, BoardCard> {
  const map = new Map<number, BoardCard>();
  for (const cards of Object.values(columns)) for (const card of cards) map.set(card.id, card);
  return map;
}

const renumber = (cards: readonly BoardCard[]): BoardCard[] =>
  cards.map((c, i) => (c.order === i ? c : { ...c, order: i }));

/**
 * Undoes one optimistic move the server refused (spec §4: the local change is reverted): the card
 * goes back to its column and position of `before` (the board when the move was made), as it was
 * (statusUpdateDate too), and the counts get back what the move changed. Moves made since then stay.
 */
export function revertMove(board: BoardData, before: BoardData, move: CardMove): BoardData {
  const from = findCardStatus(before, move.id);
  if (from === null) return board;
  const original = before.columns[from].find((c) => c.id === move.id) as BoardCard;
  const index = before.columns[from].indexOf(original);
  const columns = { ...board.columns };
  for (const status of CONVERSATION_STATUS_VALUES) {
    if (columns[status].some((c) => c.id === move.id)) {
      columns[status] = renumber(columns[status].filter((c) => c.id !== move.id));
    }
  }
  const back = [...columns[from]];
  back.splice(Math.min(index, back.length), 0, original);
  columns[from] = renumber(back);
  const moved = moveCard(before, move).statusCounts;
  const statusCounts = { ...board.statusCounts };
  for (const status of new Set([from, move.toStatus])) {
    statusCounts[status] += before.statusCounts[status] - moved[status];
  }
  return { columns, statusCounts };
}
