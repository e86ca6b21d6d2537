import { CONVERSATION_STATUSES, type ConversationStatus } from '@reachly/shared/constants';
import { useEffect, useState } from 'react';
import { viewportSize } from '../../../lib/viewport.ts';
import { COLUMN_GAP_PX, COLUMN_WIDTH_PX } from '../components/board-styles.ts';

/**
 * How far beyond the visible part of the columns' scroller a column still shows its cards: the
 * scroller's own width on each side, so the next column's cards are there before it scrolls in.
 */
const NEAR_MARGIN = '0px 100%';

/** Before the browser has said which columns are where: those within two widths of the window. */
function firstGuess(): ReadonlySet<ConversationStatus> {
  const count = Math.ceil((2 * viewportSize().width) / (COLUMN_WIDTH_PX + COLUMN_GAP_PX));
  return new Set(CONVERSATION_STATUSES.slice(0, count).map((s) => s.value));
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((value) => b.has(value));
}

/**
 * The columns in or near the visible part of the board's sideways scroller (an IntersectionObserver
 * on each column, `[data-status]`): only these render their cards. A phone shows one column of ten,
 * so its board renders two or three columns' cards instead of ten; scrolling sideways brings the
 * others' cards in. A browser without IntersectionObserver keeps the first guess.
 */
export function useNearColumns(scroller: HTMLElement | null): ReadonlySet<ConversationStatus> {
  const [near, setNear] = useState(firstGuess);
  useEffect(() => {
    if (!scroller || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const status = (entry.target as HTMLElement).dataset.status as ConversationStatus;
            if (entry.isIntersecting) next.add(status);
            else next.delete(status);
          }
          return sameSet(next, previous) ? previous : next;
        }),
      { root: scroller, rootMargin: NEAR_MARGIN },
    );
    for (const column of scroller.querySelectorAll('[data-status]')) observer.observe(column);
    return () => observer.disconnect();
  }, [scroller]);
  return near;
}
