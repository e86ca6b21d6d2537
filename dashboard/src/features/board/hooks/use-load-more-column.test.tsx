import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { boardKey } from '../board-queries.ts';
import { boardOf, json, layoutOf, makeConversation, withClient } from '../test-support/board-fixtures.tsx';
import type { BoardData } from '../utils/board-data.ts';
import { useLoadMoreColumn } from './use-load-more-column.ts';

const params = { collectionId: 'all' as const, search: '' };
let requests: URLSearchParams[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(new URL(url, 'http://localhost').searchParams);
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('useLoadMoreColumn', () => {
  it('adds the next ten cards after the last one on the board', async () => {
    const client = createQueryClient();
    client.setQueryData<BoardData>(boardKey(params), boardOf({ interested: [1, 2] }, { interested: 4 }));
    answer = () =>
      json(200, {
        conversations: [3, 4].map((id) => makeConversation(id, { status: 'interested', order: id * 1000 })),
        hasMore: false,
      });
    const { result } = renderHook(() => useLoadMoreColumn(params, 'interested'), {
      wrapper: withClient(client),
    });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(Object.fromEntries(requests[0] ?? [])).toMatchObject({
      status: 'interested',
      limit: '10',
      lastOrder: '2000',
      lastId: '2',
    });
    expect(layoutOf(client.getQueryData<BoardData>(boardKey(params)))).toEqual({ interested: [1, 2, 3, 4] });
  });

  it('leaves the board as it was when the page cannot be fetched', async () => {
    const client = createQueryClient();
    const board = boardOf({ interested: [1, 2] }, { interested: 4 });
    client.setQueryData<BoardData>(boardKey(params), board);
    answer = () => json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });
    const { result } = renderHook(() => useLoadMoreColumn(params, 'interested'), {
      wrapper: withClient(client),
    });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(boardKey(params))).toBe(board);
  });
});
