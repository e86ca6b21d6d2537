import {
  defaultRangeExtractor,
  observeElementRect,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';
import type { BoardCard } from '../utils/board-data.ts';

/** A card's height before it is measured (name, two lines of message, time). */
const CARD_ESTIMATE_PX = 96;
/** The space between cards and around them in a column's list (Chakra spacing 2). */
const CARD_GAP_PX = 8;
/**
 * Cards rendered beyond each end of the visible part of a column: the next card is there for a
 * keyboard drag (arrow keys), and a fling of the list shows cards, not blank space.
 */
const OVERSCAN = 4;
/** The list's height assumed while it has none (not laid out yet, or a page without layout). */
const UNMEASURED_LIST_PX = 800;

/** The list's size as the browser lays it out; a list of no height counts as a screenful. */
function observeListRect(
  instance: Virtualizer<HTMLElement, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    report(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_LIST_PX }),
  );
}

/**
 * Which cards of a column are in the page (@tanstack/react-virtual): those in and near the visible
 * part of the column's scrolling list, each placed at its offset, measured once rendered; none while
 * the column is far from view sideways (`near`, useNearColumns), its list keeping its height. The
 * card being dragged stays in the page wherever the list is scrolled (dnd-kit keeps hold of its
 * element). The list's element comes through `listRef`; each rendered slot registers through `measure`.
 */
export function useColumnWindow(cards: readonly BoardCard[], activeId: number | null, near: boolean) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const activeIndex = activeId === null ? -1 : cards.findIndex((c) => c.id === activeId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = near ? defaultRangeExtractor(range) : [];
      if (activeIndex === -1 || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex, near],
  );
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => list,
    estimateSize: () => CARD_ESTIMATE_PX,
    getItemKey: (index) => cards[index]?.id ?? index,
    overscan: OVERSCAN,
    gap: CARD_GAP_PX,
    paddingStart: CARD_GAP_PX,
    paddingEnd: CARD_GAP_PX,
    rangeExtractor,
    observeElementRect: observeListRect,
  });
  return {
    items: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    listRef: setList,
    measure: virtualizer.measureElement,
  };
}
