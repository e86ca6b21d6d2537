import {
  CONVERSATION_STATUS_VALUES,
  CONVERSATIONS_FIRST_PAGE,
  CONVERSATIONS_NEXT_PAGE,
  type ConversationStatus,
} from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { CollectionId } from '@reachly/shared/logic';
import { CONVERSATIONS_PAGE_MAX, type ConversationsColumnResponse } from '@reachly/shared/schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api.ts';
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

/** The spec's query value of a collection: null for all (spec §7). */
export const collectionQueryValue = (collectionId: CollectionId): number | null =>
  collectionId === 'all' ? null : collectionId;

/**
 * GET /api/conversations answers one of two forms (the contract's union): the grouped board, or a
 * column's page when the query names a status. The other form than the one asked for is a wrong answer.
 */
const wrongForm = (expected: 'grouped' | 'column') =>
  new ApiError(
    200,
    'BAD_ANSWER',
    `GET ${contract.conversations.list.path}: the ${expected} form was expected`,
  );

/**
 * The board's query of GET /api/conversations. It is built apart from the call because the contract
 * types a query by its schema's output keys, and this schema's output (a union by mode) has only
 * the keys both forms share, not status, lastOrder, lastId or groupByStatus.
 */
interface ConversationsQuery {
  collectionId: number | null;
  search: string | undefined;
  limit: number;
  status?: ConversationStatus;
  lastOrder?: number;
  lastId?: number;
  groupByStatus?: true;
}

/** GET /api/conversations?collectionId&status&limit&lastOrder&lastId&search: one column's next cards. */
export async function fetchColumnPage(
  params: BoardParams,
  status: ConversationStatus,
  after: readonly BoardCard[],
  limit: number = CONVERSATIONS_NEXT_PAGE,
  signal?: AbortSignal,
): Promise<ConversationsColumnResponse> {
  const cursor = columnCursor(after);
  const query: ConversationsQuery = {
    collectionId: collectionQueryValue(params.collectionId),
    status,
    limit,
    lastOrder: cursor?.lastOrder,
    lastId: cursor?.lastId,
    search: params.search || undefined,
  };
  const answer = await call(contract.conversations.list, { query }, { signal });
  if ('hasMore' in answer) return answer;
  throw wrongForm('column');
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
  const query: ConversationsQuery = {
    collectionId: collectionQueryValue(params.collectionId),
    limit: CONVERSATIONS_FIRST_PAGE,
    groupByStatus: true,
    search: params.search || undefined,
  };
  const answer = await call(contract.conversations.list, { query }, { signal });
  if ('hasMore' in answer) throw wrongForm('grouped');
  let board = boardFromResponse(answer);
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
    queryFn: ({ signal }) => call(contract.conversations.get, { params: { id } }, { signal }),
  });
