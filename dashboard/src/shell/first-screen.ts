import { userQuery } from '../features/account/account-queries.ts';
import { prefetchBoard } from '../features/board/board-prefetch.ts';
import { queryClient } from '../lib/page-query-client.ts';

/**
 * A signed-in page's first queries, started when the start-up knows the user (main.tsx), while the
 * theme and the app are still being loaded: the user every signed-in screen waits for
 * (RequireSession), and on the board its cards and collections.
 */
export function prefetchFirstScreen(onBoard: boolean): void {
  void queryClient.prefetchQuery(userQuery());
  if (onBoard) prefetchBoard(queryClient);
}
