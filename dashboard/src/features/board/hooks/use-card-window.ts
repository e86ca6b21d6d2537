import { useCallback, useRef, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();
/** How far beyond the visible part of a column cards stay sortable (the next card for the keyboard). */
const CARD_WINDOW_MARGIN = '200px 0px';

/**
 * Which cards of a column are near its visible part: an IntersectionObserver on the column's
 * scrolling list watches each card (`data-card-id`). Cards register with `observe`; the list with
 * `listRef`.
 */
export function useCardWindow() {
  const [live, setLive] = useState<ReadonlySet<number>>(NONE);
  const observer = useRef<IntersectionObserver | null>(null);
  const waiting = useRef(new Set<HTMLElement>());

  const listRef = useCallback((list: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) =>
        setLive((previous) => {
          let next: Set<number> | null = null;
          for (const entry of entries) {
            const id = Number((entry.target as HTMLElement).dataset.cardId);
            if (entry.isIntersecting === previous.has(id)) continue;
            next ??= new Set(previous);
            if (entry.isIntersecting) next.add(id);
            else next.delete(id);
          }
          return next ?? previous;
        }),
      { root: list, rootMargin: CARD_WINDOW_MARGIN },
    );
    observer.current = io;
    for (const element of waiting.current) io.observe(element);
    waiting.current.clear();
  }, []);

  const observe = useCallback((element: HTMLElement) => {
    if (observer.current) observer.current.observe(element);
    else waiting.current.add(element);
    return () => {
      observer.current?.unobserve(element);
      waiting.current.delete(element);
    };
  }, []);

  return { live, listRef, observe };
}
