import { BREAKPOINTS } from '@reachly/shared/constants';
import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';
import { viewportSize } from '../../../lib/viewport.ts';
import { LIST_HEIGHT_OFFSET_PX, LIST_MIN_HEIGHT_PX } from '../components/board-styles.ts';
import type { BoardCard } from '../utils/board-data.ts';

/**
 * A card's height before it is measured: the usual card, a name, two lines of message and a time, as
 * board-styles.ts lays it out (each line 1.5 × its font size: 21 + 2 × 21 + 18, two gaps of 4, 8 of
 * padding and a 1-px border above and below), at every width (a column is 272 px wide from a
 * 336-px window). The cards are placed at these heights first and moved once measured, so an
 * estimate off by a few pixels moves every card below the first on the first screen, a layout shift
 * (it was 96: Lighthouse's CLS 0.031 on /board).
 */
const CARD_ESTIMATE_PX = 107;
/** The space between cards and around them in a column's list (Chakra spacing 2). */
const CARD_GAP_PX = 8;
/**
 * Cards rendered beyond each end of the visible part of a column: the next card is there for a
 * keyboard drag (arrow keys), and a fling of the list shows cards, not blank space.
 */
const OVERSCAN = 4;

/**
 * The list's height before the browser has laid it out, as its styles make it (board-styles.ts):
 * the window's height less the page above and below the list, at least the list's minimum.
 */
function expectedListRect(): { width: number; height: number } {
  const { width, height } = viewportSize();
  const offset = width >= BREAKPOINTS.md ? LIST_HEIGHT_OFFSET_PX.md : LIST_HEIGHT_OFFSET_PX.base;
  return { width: 0, height: Math.max(LIST_MIN_HEIGHT_PX, height - offset) };
}

/**
 * The list's size as the browser lays it out, from a ResizeObserver only: it reports after the
 * browser's own layout, where reading the size at once would make the browser lay the page out
 * inside the task that mounts the board. Until it reports, the expected size (`initialRect`). A
 * list of no height (a page without layout) keeps the expected one.
 */
function observeListRect(
  instance: Virtualizer<HTMLElement, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentBoxSize?.[0];
    const height = Math.round(box?.blockSize ?? entry?.contentRect.height ?? 0);
    if (height > 0) report({ width: Math.round(box?.inlineSize ?? 0), height });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Lists the user or the virtualizer has scrolled away from the top at least once. */
const moved = new WeakSet<Element>();

/** The list's scroll offset as it changes (the virtualizer's own observer), noting a list that moved. */
const observeListOffset: typeof observeElementOffset = (instance, report) =>
  observeElementOffset(instance, (offset, isScrolling) => {
    if (offset !== 0 && instance.scrollElement) moved.add(instance.scrollElement);
    report(offset, isScrolling);
  });

/**
 * Scrolls the list (the virtualizer's own way), except to the top of a list that never left it:
 * the virtualizer scrolls a list to its offset when it first gets the element, and a scroll makes
 * the browser lay the page out inside the task that mounts the board, for nothing.
 */
const scrollList: typeof elementScroll = (offset, options, instance) => {
  const element = instance.scrollElement;
  if (!element) return;
  if (offset + (options.adjustments ?? 0) === 0 && !moved.has(element)) return;
  moved.add(element);
  elementScroll(offset, options, instance);
};

/**
 * A card's height: from the ResizeObserver's entry once the browser has laid it out; when it is
 * first rendered, the size it had before or the estimate, without reading the layout (which would
 * make the browser lay the page out in the middle of React's commit).
 */
function cardHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, Element>,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? CARD_ESTIMATE_PX;
}

/**
 * Which cards of a column are in the page (@tanstack/react-virtual): those in and near the visible
 * part of the column's scrolling list, each placed at its offset, measured once rendered; none while
 * the column is far from view sideways (`near`, useNearColumns), its list keeping its height. The
 * card being dragged stays in the page wherever the list is scrolled (dnd-kit keeps hold of its
 * element). The list's element comes through `listRef`, the cards' box through `cardsRef`; each
 * rendered slot registers through `measure`. The virtualizer sets the box's height and each slot's
 * `top` itself.
 *
 * A board's first screen costs one render in slices and one commit: the list's size is expected
 * from the window until the browser reports it, cards are measured by a ResizeObserver after the
 * browser's layout, and what those measurements move (the slots' offsets, the box's height) is
 * written to the elements directly, a new render only when other cards come into view.
 */
export function useColumnWindow(cards: readonly BoardCard[], activeId: number | null, near: boolean) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [rect] = useState(expectedListRect);
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
    initialRect: rect,
    observeElementRect: observeListRect,
    observeElementOffset: observeListOffset,
    scrollToFn: scrollList,
    measureElement: cardHeight,
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });
  return {
    items: virtualizer.getVirtualItems(),
    listRef: setList,
    cardsRef: virtualizer.containerRef,
    measure: virtualizer.measureElement,
  };
}
