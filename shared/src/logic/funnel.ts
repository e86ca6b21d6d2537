import { type ConversationStatus, emptyStatusCounts, type StatusCounts } from '../constants/statuses.ts';

/** The fields of a conversation the funnel board moves (spec §3: Conversation). */
export interface FunnelCardBase {
  id: number;
  order: number;
  status: ConversationStatus;
  statusUpdateDate: string | null;
}

/** A funnel card with any extra fields the caller carries along (lead name, avatar...). */
export type FunnelCard<Extra = unknown> = FunnelCardBase & Extra;

/** Conversations grouped by status, with the server's per-status counts (spec §3, §7). */
export interface FunnelBoard<T extends FunnelCardBase = FunnelCardBase> {
  columns: Record<ConversationStatus, T[]>;
  statusCounts: StatusCounts;
}

/** A drag-and-drop result: put card `id` in column `toStatus` at order `toOrder`. */
export interface CardMove {
  id: number;
  toStatus: ConversationStatus;
  toOrder: number;
}

const byOrder = (a: FunnelCardBase, b: FunnelCardBase): number => a.order - b.order;

function withOrder<T extends FunnelCardBase>(card: T, order: number): T {
  return card.order === order ? card : { ...card, order };
}

/** An empty board: every status column present and empty, every count 0. */
export function emptyBoard<T extends FunnelCardBase = FunnelCardBase>(): FunnelBoard<T> {
  const statusCounts = emptyStatusCounts();
  const columns = Object.fromEntries(Object.keys(statusCounts).map((s) => [s, [] as T[]])) as Record<
    ConversationStatus,
    T[]
  >;
  return { columns, statusCounts };
}

/**
 * The optimistic move of spec §4, applied locally before PATCH /api/conversations. Returns a new
 * board and never mutates the input (unchanged columns and cards are shared, not copied).
 *
 * - Same status: the card goes to position `toOrder` (clamped to the column) and the column is
 *   renumbered 0..n-1 in order, so the cards between the old and new position shift by one.
 *   statusUpdateDate and the counts are unchanged.
 * - Status change: the card leaves its column, which is renumbered from 0; in the target column
 *   cards with order >= toOrder shift up by one and the card is inserted with order toOrder
 *   (negative toOrder is taken as 0) and status toStatus; statusUpdateDate becomes null;
 *   statusCounts: source minus 1 if positive, target plus 1.
 *
 * Columns come back sorted by order. An unknown id returns the same board.
 */
export function moveCard<T extends FunnelCardBase>(board: FunnelBoard<T>, move: CardMove): FunnelBoard<T> {
  const fromStatus = findCardStatus(board, move.id);
  if (fromStatus === null) return board;
  const source = [...(board.columns[fromStatus] ?? [])].sort(byOrder);
  const index = source.findIndex((c) => c.id === move.id);
  const [card] = source.splice(index, 1);
  if (card === undefined) return board;

  if (fromStatus === move.toStatus) {
    const position = Math.min(Math.max(0, Math.trunc(move.toOrder)), source.length);
    source.splice(position, 0, card);
    return {
      columns: { ...board.columns, [fromStatus]: source.map((c, i) => withOrder(c, i)) },
      statusCounts: board.statusCounts,
    };
  }

  const toOrder = Math.max(0, move.toOrder);
  const target = (board.columns[move.toStatus] ?? []).map((c) =>
    c.order >= toOrder ? withOrder(c, c.order + 1) : c,
  );
  target.push({ ...card, status: move.toStatus, order: toOrder, statusUpdateDate: null });
  target.sort(byOrder);

  const fromCount = board.statusCounts[fromStatus] ?? 0;
  return {
    columns: {
      ...board.columns,
      [fromStatus]: source.map((c, i) => withOrder(c, i)),
      [move.toStatus]: target,
    },
    statusCounts: {
      ...board.statusCounts,
      [fromStatus]: fromCount > 0 ? fromCount - 1 : fromCount,
      [move.toStatus]: (board.statusCounts[move.toStatus] ?? 0) + 1,
    },
  };
}

/** The status column holding card `id`, or null. */
export function findCardStatus(board: FunnelBoard, id: number): ConversationStatus | null {
  for (const [status, cards] of Object.entries(board.columns) as [ConversationStatus, FunnelCardBase[]][]) {
    if (cards.some((c) => c.id === id)) return status;
  }
  return null;
}

/**
 * A deep copy of the board to restore when the server rejects the move (spec §4: "If the server
 * update fails, the local change is reverted"). Cards must be structured-cloneable (plain data).
 */
export function snapshotBoard<T extends FunnelCardBase>(board: FunnelBoard<T>): FunnelBoard<T> {
  return structuredClone(board);
}

// ---------------------------------------------------------------------------------------------
// Server ranks (docs/design.md §3): the database keeps fractional ranks so a move writes one row.
// ---------------------------------------------------------------------------------------------

/** Gap between ranks at the ends of a column and after a rebalance. */
export const RANK_STEP = 1000;
/**
 * Rank of the first card of an empty column (decision: RANK_STEP, so ranks start 1000, 2000...);
 * `@alias` tells knip the second name is intended.
 * @alias
 */
export const FIRST_RANK = RANK_STEP;

/**
 * A rank strictly between `before` and `after` (the neighbours' ranks; null = no neighbour):
 * the midpoint when both exist, before + RANK_STEP after the last card, after - RANK_STEP before the
 * first (ranks may go negative), FIRST_RANK in an empty column.
 *
 * Throws a RangeError when before >= after, or when doubles have no room left between them (about
 * 50 halvings of a RANK_STEP gap); the caller then rebalances the column with `rebalancedRanks`.
 */
export function rankBetween(before: number | null, after: number | null): number {
  if (after === null) return before === null ? FIRST_RANK : before + RANK_STEP;
  if (before === null) return after - RANK_STEP;
  if (!(before < after)) throw new RangeError(`rankBetween: ${before} is not below ${after}`);
  if (!hasRankRoom(before, after))
    throw new RangeError(`rankBetween: no rank left between ${before} and ${after}`);
  return midpoint(before, after);
}

function midpoint(before: number, after: number): number {
  return before + (after - before) / 2;
}

/** True when a rank strictly between the two exists (false means: rebalance first). */
export function hasRankRoom(before: number, after: number): boolean {
  const mid = midpoint(before, after);
  return mid > before && mid < after;
}

/**
 * The rank for a card dropped at position `index` of a column, given the other cards' ranks sorted
 * ascending (the moved card excluded). `index` is clamped to 0..sortedOrders.length.
 */
export function rankForIndex(sortedOrders: readonly number[], index: number): number {
  const i = Math.min(Math.max(0, Math.trunc(index)), sortedOrders.length);
  return rankBetween(sortedOrders[i - 1] ?? null, sortedOrders[i] ?? null);
}

/** Evenly spaced ranks RANK_STEP, 2·RANK_STEP, ... for renumbering a column of `count` cards. */
export function rebalancedRanks(count: number): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => (i + 1) * RANK_STEP);
}
