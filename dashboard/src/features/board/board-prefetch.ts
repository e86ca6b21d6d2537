import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { parseCurrentCollection } from '@reachly/shared/logic';
import type { QueryClient } from '@tanstack/react-query';
import { boardQuery } from './board-queries.ts';

/**
 * Starts the board's query as soon as the start-up knows the user, while the page's code is still
 * arriving: the board screen then finds its cards asked for (or come) instead of asking once it has
 * rendered. The same query as the screen's first: the stored collection (as currentCollectionAtom
 * reads it) and no search.
 */
export function prefetchBoard(queryClient: QueryClient): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCAL_STORAGE_KEYS.currentCollection);
  } catch {
    // storage unavailable: the board shows all
  }
  void queryClient.prefetchQuery(boardQuery({ collectionId: parseCurrentCollection(stored), search: '' }));
}
