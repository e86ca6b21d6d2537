import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { STATUS_BY_VALUE } from '@reachly/shared/constants';
import type { CardMove } from '@reachly/shared/funnel';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createAnnouncements } from '../utils/announcements.ts';
import { type BoardCard, type BoardColumns, cardsById } from '../utils/board-data.ts';
import {
  type ColumnPlace,
  cardPlace,
  dropMove,
  findColumn,
  isStatus,
  landingPlace,
  moveToColumn,
  reorderInColumn,
} from '../utils/drag-columns.ts';

const withLabel = (place: ColumnPlace | null) =>
  place && { label: STATUS_BY_VALUE[place.status].label, position: place.position, size: place.size };

/**
 * The drag state of the board (dnd-kit MultipleContainers): the columns are copied when a drag
 * starts, the copy follows the card across columns, a cancel restores the board as it was, and a
 * drop hands the move to `onMove` (which applies it to the board data optimistically). The copy
 * stays on screen until the board data has changed, so the card never flickers back.
 */
export function useBoardDrag(columns: BoardColumns, onMove: (move: CardMove) => void, saving: boolean) {
  const [active, setActive] = useState<BoardCard | null>(null);
  const [dragColumns, setDragColumns] = useState<BoardColumns | null>(null);
  const columnsRef = useRef(columns);
  const startRef = useRef<BoardColumns | null>(null);
  const arrangedRef = useRef<BoardColumns | null>(null);
  const activeIdRef = useRef<number | null>(null);
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  const recentlyMovedToNewColumn = useRef(false);
  const settling = useRef(false);

  /** After a drop, with no drag under way: drop the copy, the board shows its data again. */
  const dropSettledCopy = useCallback(() => {
    if (settling.current && activeIdRef.current === null) {
      settling.current = false;
      arrangedRef.current = null;
      setDragColumns(null);
    }
  }, []);

  useEffect(() => {
    columnsRef.current = columns;
    dropSettledCopy();
  }, [columns, dropSettledCopy]);

  // A move that left the board data as it was (the card had gone meanwhile): drop the copy once saved.
  useEffect(() => {
    if (!saving) dropSettledCopy();
  }, [saving, dropSettledCopy]);

  useEffect(() => {
    if (!dragColumns) return;
    const frame = requestAnimationFrame(() => {
      recentlyMovedToNewColumn.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [dragColumns]);

  const arrange = useCallback((next: BoardColumns | null) => {
    arrangedRef.current = next;
    setDragColumns(next);
  }, []);

  const finish = useCallback(() => {
    activeIdRef.current = null;
    startRef.current = null;
    lastOverId.current = null;
    setActive(null);
  }, []);

  /**
   * The column under the pointer, else under the dragged card (keyboard); in a column with cards,
   * the closest of its cards; when nothing is under the card, the last match (dnd-kit's
   * multiple-containers recipe).
   */
  const collisionDetection: CollisionDetection = useCallback((args) => {
    // The ten columns first, then the cards of one column: a move reads a few dozen rectangles, not 500.
    const columns = { ...args, droppableContainers: args.droppableContainers.filter((c) => isStatus(c.id)) };
    const pointer = pointerWithin(columns);
    const intersections = pointer.length > 0 ? pointer : rectIntersection(columns);
    let overId = getFirstCollision(intersections, 'id');
    if (overId != null) {
      const arranged = arrangedRef.current;
      if (isStatus(overId) && arranged && arranged[overId].length > 0) {
        const ids = new Set<UniqueIdentifier>(arranged[overId].map((c) => c.id));
        overId =
          closestCenter({
            ...args,
            droppableContainers: args.droppableContainers.filter((c) => ids.has(c.id)),
          })[0]?.id ?? overId;
      }
      lastOverId.current = overId;
      return [{ id: overId }];
    }
    if (recentlyMovedToNewColumn.current) lastOverId.current = activeIdRef.current;
    return lastOverId.current != null ? [{ id: lastOverId.current }] : [];
  }, []);

  const onDragStart = useCallback(
    ({ active: dragged }: DragStartEvent) => {
      const id = Number(dragged.id);
      // Right after a drop the board data may not show the move yet: start from what is on screen.
      const start = { ...(arrangedRef.current ?? columnsRef.current) };
      startRef.current = start;
      activeIdRef.current = id;
      setActive(cardsById(start).get(id) ?? null);
      arrange(start);
    },
    [arrange],
  );

  const onDragOver = useCallback(
    ({ active: dragged, over }: DragOverEvent) => {
      const arranged = arrangedRef.current;
      if (!over || !arranged) return;
      const id = Number(dragged.id);
      const from = findColumn(arranged, id);
      const to = findColumn(arranged, over.id);
      if (from === null || to === null || from === to) return;
      const translated = dragged.rect.current.translated;
      const below = translated ? translated.top > over.rect.top + over.rect.height : false;
      recentlyMovedToNewColumn.current = true;
      arrange(moveToColumn(arranged, id, over.id, below));
    },
    [arrange],
  );

  const onDragEnd = useCallback(
    ({ active: dragged, over }: DragEndEvent) => {
      const arranged = arrangedRef.current;
      const start = startRef.current;
      finish();
      if (!over || !arranged || !start) return arrange(null);
      const id = Number(dragged.id);
      const final = reorderInColumn(arranged, id, over.id);
      const move = dropMove(start, final, id);
      if (!move) return arrange(null);
      settling.current = true;
      arrange(final);
      onMove(move);
    },
    [arrange, finish, onMove],
  );

  const onDragCancel = useCallback(() => {
    finish();
    arrange(null);
  }, [arrange, finish]);

  const announcements: Announcements = useMemo(
    () =>
      createAnnouncements({
        nameOf: (id) => {
          const card = cardsById(arrangedRef.current ?? columnsRef.current).get(Number(id));
          return card?.name ?? 'this conversation';
        },
        landingOf: (activeId, overId) =>
          withLabel(landingPlace(arrangedRef.current ?? columnsRef.current, activeId, overId)),
        placeOf: (id) => withLabel(cardPlace(arrangedRef.current ?? columnsRef.current, id)),
        startOf: (id) => withLabel(cardPlace(startRef.current ?? columnsRef.current, id)),
      }),
    [],
  );

  return {
    /** The columns to show: the drag copy while a card travels, else the board data. */
    columns: dragColumns ?? columns,
    active,
    collisionDetection,
    announcements,
    handlers: { onDragStart, onDragOver, onDragEnd, onDragCancel },
  };
}
