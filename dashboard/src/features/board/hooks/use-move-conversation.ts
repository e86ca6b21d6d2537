import { contract } from '@reachly/shared/contract';
import { type CardMove, moveCard } from '@reachly/shared/funnel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import {
  BOARD_KEY,
  type BoardParams,
  boardKey,
  collectionQueryValue,
  conversationQuery,
} from '../board-queries.ts';
import { type BoardData, revertMove, setCardRank } from '../utils/board-data.ts';

export const MOVE_MUTATION_KEY = ['conversations', 'move'] as const;
/** The toast when the server refuses a move (spec §8: the move reverts). */
export const MOVE_FAILED_TITLE = 'The conversation could not be moved';

/**
 * PATCH /api/conversations {id, fields: {order, status}, collectionId, search}: `order` is the card's
 * position in its new column, counted in the collection the board shows (the server turns it into
 * a rank). Optimistic in the four steps of TanStack's example: cancel the board's fetches →
 * snapshot → apply the spec §4 move (shared moveCard) → on error, put the card back as the snapshot
 * had it (revertMove: a move made meanwhile stays; the toast comes from the mutation's errorTitle) →
 * refetch the boards when the last move has settled.
 */
export function useMoveConversation(params: BoardParams) {
  const queryClient = useQueryClient();
  const key = boardKey(params);
  return useMutation({
    mutationKey: MOVE_MUTATION_KEY,
    meta: { errorTitle: MOVE_FAILED_TITLE },
    mutationFn: (move: CardMove) =>
      call(contract.conversations.move, {
        body: {
          id: move.id,
          fields: { order: move.toOrder, status: move.toStatus },
          collectionId: collectionQueryValue(params.collectionId),
          // The position counts among the cards the board shows, so the search goes along.
          search: params.search || undefined,
        },
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: BOARD_KEY });
      const previous = queryClient.getQueryData<BoardData>(key);
      if (previous) queryClient.setQueryData<BoardData>(key, moveCard(previous, move));
      return { previous };
    },
    onError: (_error, move, context) => {
      const previous = context?.previous;
      if (previous)
        queryClient.setQueryData<BoardData>(key, (board) => board && revertMove(board, previous, move));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<BoardData>(key, (board) => board && setCardRank(board, saved.id, saved.order));
    },
    onSettled: (_saved, _error, move) => {
      void queryClient.invalidateQueries({ queryKey: conversationQuery(move.id).queryKey });
      // Another move still in flight refetches when it settles (its optimistic view stays meanwhile).
      if (queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: BOARD_KEY });
      }
    },
  });
}
