import type { ConversationStatus } from '@reachly/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BoardParams, boardKey, fetchColumnPage } from '../board-queries.ts';
import { appendToColumn, type BoardData } from '../utils/board-data.ts';

/**
 * Loads the next cards of one column (GET ?collectionId&status&limit=10&lastOrder&lastId) after the
 * last card on the board and adds them to the column. A failure is not toasted (spec §8: failed
 * conversation fetches are swallowed); the column shows it next to its button.
 */
export function useLoadMoreColumn(params: BoardParams, status: ConversationStatus) {
  const queryClient = useQueryClient();
  const key = boardKey(params);
  return useMutation({
    mutationKey: ['conversations', 'column', status],
    mutationFn: () => {
      const board = queryClient.getQueryData<BoardData>(key);
      return fetchColumnPage(params, status, board?.columns[status] ?? []);
    },
    onSuccess: (page) => {
      queryClient.setQueryData<BoardData>(
        key,
        (board) => board && appendToColumn(board, status, page.conversations),
      );
    },
  });
}
