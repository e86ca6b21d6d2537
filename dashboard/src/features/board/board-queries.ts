import {
  CONVERSATION_STATUS_VALUES,
  CONVERSATIONS_FIRST_PAGE,
  CONVERSATIONS_NEXT_PAGE,
  type ConversationStatus,
} from '@reachly/shared/constants';
import type { CollectionId } from '@reachly/shared/logic';
import {
  CONVERSATIONS_PAGE_MAX,
  type ConversationsColumnResponse,
  type ConversationWithMessages,
  conversationsColumnResponseSchema,
  conversationsGroupedResponseSchema,
  conversationWithMessagesSchema,
} from '@reachly/shared/schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import {
  appendToColumn,
  type BoardCard,
  type BoardData,
  boardFromResponse,
  columnCursor,
} from './utils/board-data.ts';

/** What the board shows: a collection (or all) and a search text ('' = none). */
export interface BoardParams {
  collectionId: CollectionId;
  search: string;
}

/** Every board query (one per collection and search) starts with this key. */
export const BOARD_KEY = ['conversations', 'board'] as const;
export const boardKey = (params: BoardParams) => [...BOARD_KEY, params] as const;
export type BoardKey = ReturnType<typeof boardKey>;

/** The spec's query value of a collection: null for all (spec §7). */
export const collectionQueryValue = (collectionId: CollectionId): number | null =>
  collectionId === 'all' ? null : collectionId;

/** GET /api/conversations?collectionId&status&limit&lastOrder&lastId&search: one column's next cards. */
export function fetchColumnPage(
  params: BoardParams,
  status: ConversationStatus,
  after: readonly BoardCard[],
  limit: number = CONVERSATIONS_NEXT_PAGE,
  signal?: AbortSignal,
): Promise<ConversationsColumnResponse> {
  const cursor = columnCursor(after);
  return api(
    '/api/conversations',
    {
      query: {
        collectionId: collectionQueryValue(params.collectionId),
        status,
        limit,
        lastOrder: cursor?.lastOrder,
        lastId: cursor?.lastId,
        search: params.search || undefined,
      },
      signal,
    },
    conversationsColumnResponseSchema,
  );
}

/**
 * GET /api/conversations?collectionId&limit=50&groupByStatus=true&search. When the board was
 * showing more cards of a column (load more), the refetch loads that many again, so a refresh
 * after a move does not shorten the columns the user opened.
 */
export async function fetchBoard(
  params: BoardParams,
  signal?: AbortSignal,
  previous?: BoardData,
): Promise<BoardData> {
  const response = await api(
    '/api/conversations',
    {
      query: {
        collectionId: collectionQueryValue(params.collectionId),
        limit: CONVERSATIONS_FIRST_PAGE,
        groupByStatus: true,
        search: params.search || undefined,
      },
      signal,
    },
    conversationsGroupedResponseSchema,
  );
  let board = boardFromResponse(response);
  if (!previous) return board;
  const refills = CONVERSATION_STATUS_VALUES.flatMap((status) => {
    const loaded = board.columns[status].length;
    const wanted = Math.min(previous.columns[status].length, board.statusCounts[status]) - loaded;
    return loaded === CONVERSATIONS_FIRST_PAGE && wanted > 0 ? [{ status, wanted }] : [];
  });
  const pages = await Promise.all(
    refills.map(({ status, wanted }) =>
      fetchColumnPage(
        params,
        status,
        board.columns[status],
        Math.min(CONVERSATIONS_PAGE_MAX, wanted),
        signal,
      ),
    ),
  );
  refills.forEach(({ status }, i) => {
    board = appendToColumn(board, status, pages[i]?.conversations ?? []);
  });
  return board;
}

/** The board's query; the previous board stays on screen while another collection or search loads. */
export const boardQuery = (params: BoardParams) =>
  queryOptions({
    queryKey: boardKey(params),
    queryFn: ({ signal, client, queryKey }) =>
      fetchBoard(params, signal, client.getQueryData<BoardData>(queryKey)),
    placeholderData: keepPreviousData,
  });

/** GET /api/conversations/:id: one conversation with its messages, oldest first. */
export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: ['conversations', 'detail', id] as const,
    queryFn: ({ signal }): Promise<ConversationWithMessages> =>
      api(`/api/conversations/${id}`, { signal }, conversationWithMessagesSchema),
  });
