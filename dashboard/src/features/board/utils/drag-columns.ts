import type { UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { CONVERSATION_STATUS_VALUES, type ConversationStatus } from '@reachly/shared/constants';
import type { CardMove } from '@reachly/shared/funnel';
import type { BoardCard, BoardColumns } from './board-data.ts';

/**
 * The drag arithmetic of the board (dnd-kit MultipleContainers): while a card is dragged the page
 * shows a copy of the columns in which the card travels; on drop the copy says where it landed.
 * Droppable ids: a column is its status, a card is its conversation id.
 */

export function isStatus(id: UniqueIdentifier): id is ConversationStatus {
  return typeof id === 'string' && (CONVERSATION_STATUS_VALUES as readonly string[]).includes(id);
}

/** The column holding card `id`, or the column `id` names; null when neither. */
export function findColumn(columns: BoardColumns, id: UniqueIdentifier): ConversationStatus | null {
  if (isStatus(id)) return id;
  for (const status of CONVERSATION_STATUS_VALUES) {
    if (columns[status].some((c) => c.id === id)) return status;
  }
  return null;
}

/**
 * Moves card `activeId` into the column of `overId` (a card or a column) while dragging: before the
 * card it is over, or after it when `below`, or at the end of a column. Only the two columns
 * concerned get new arrays, so the other columns do not render again.
 */
export function moveToColumn(
  columns: BoardColumns,
  activeId: number,
  overId: UniqueIdentifier,
  below: boolean,
): BoardColumns {
  const from = findColumn(columns, activeId);
  const to = findColumn(columns, overId);
  if (from === null || to === null || from === to) return columns;
  const card = columns[from].find((c) => c.id === activeId) as BoardCard;
  const target = columns[to];
  const overIndex = isStatus(overId) ? -1 : target.findIndex((c) => c.id === overId);
  const index = overIndex === -1 ? target.length : overIndex + (below ? 1 : 0);
  return {
    ...columns,
    [from]: columns[from].filter((c) => c.id !== activeId),
    [to]: [...target.slice(0, index), card, ...target.slice(index)],
  };
}

/** Puts card `activeId` at the place of card `overId` in the same column (on drop). */
export function reorderInColumn(
  columns: BoardColumns,
  activeId: number,
  overId: UniqueIdentifier,
): BoardColumns {
  const status = findColumn(columns, activeId);
  if (status === null || isStatus(overId) || findColumn(columns, overId) !== status) return columns;
  const column = columns[status];
  const from = column.findIndex((c) => c.id === activeId);
  const to = column.findIndex((c) => c.id === overId);
  if (from === to) return columns;
  return { ...columns, [status]: arrayMove(column, from, to) };
}

/**
 * The move to save once card `id` is dropped: its column and position in `arranged`, compared with
 * where it stood in `original`. Null when it is back where it started.
 */
export function dropMove(original: BoardColumns, arranged: BoardColumns, id: number): CardMove | null {
  const toStatus = findColumn(arranged, id);
  const fromStatus = findColumn(original, id);
  if (toStatus === null || fromStatus === null) return null;
  const toOrder = arranged[toStatus].findIndex((c) => c.id === id);
  const fromOrder = original[fromStatus].findIndex((c) => c.id === id);
  if (toStatus === fromStatus && toOrder === fromOrder) return null;
  return { id, toStatus, toOrder };
}

/** A place in a column: position from 1, and the column's size. */
export interface ColumnPlace {
  status: ConversationStatus;
  position: number;
  size: number;
}

/** Where card `id` is in `columns`. */
export function cardPlace(columns: BoardColumns, id: UniqueIdentifier): ColumnPlace | null {
  const status = isStatus(id) ? null : findColumn(columns, id);
  if (status === null) return null;
  const cards = columns[status];
  return { status, position: cards.findIndex((c) => c.id === id) + 1, size: cards.length };
}

/**
 * Where card `activeId` lands if dropped on `overId` now: at the place of the card it is over
 * (reorderInColumn), or at the end of a column it is over.
 */
export function landingPlace(
  columns: BoardColumns,
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier,
): ColumnPlace | null {
  const status = findColumn(columns, overId);
  if (status === null) return null;
  const cards = columns[status];
  const holdsActive = cards.some((c) => c.id === activeId);
  const size = holdsActive ? cards.length : cards.length + 1;
  if (isStatus(overId)) {
    const index = holdsActive ? cards.findIndex((c) => c.id === activeId) : cards.length;
    return { status, position: index + 1, size };
  }
  return { status, position: cards.findIndex((c) => c.id === overId) + 1, size };
}
