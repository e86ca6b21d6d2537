import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { parseCurrentCollection } from '@reachly/shared/logic';
import type { QueryClient } from '@tanstack/react-query';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { boardQuery } from './board-queries.ts';
import { warmFormatters } from './utils/format-time.ts';

/**
 * Starts the board's queries as soon as the start-up knows the user, while the page's code is still
 * arriving: the board screen then finds its cards (and the collections its toolbar lists) asked for
 * or come, instead of asking once it has rendered. The same query as the screen's first: the stored
 * collection (as currentCollectionAtom reads it) and no search. The cards' date formatters are built
 * meanwhile, in a task of their own: the page's first formatter loads the locale's data (10-20 ms at
 * 1x), which in an idle callback still came after the board's first render had begun, inside one of
 * its slices.
 */
export function prefetchBoard(queryClient: QueryClient): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCAL_STORAGE_KEYS.currentCollection);
  } catch {
    // storage unavailable: the board shows all
  }
  void queryClient.prefetchQuery(boardQuery({ collectionId: parseCurrentCollection(stored), search: '' }));
  void queryClient.prefetchQuery(collectionsQuery());
  setTimeout(() => warmFormatters(), 0);
}
