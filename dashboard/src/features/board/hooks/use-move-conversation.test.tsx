import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/toaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { type BoardParams, boardKey } from '../board-queries.ts';
import {
  boardOf,
  deferred,
  json,
  layoutOf,
  makeConversation,
  withClient,
} from '../test-support/board-fixtures.tsx';
import type { BoardData } from '../utils/board-data.ts';
import { MOVE_FAILED_TITLE, useMoveConversation } from './use-move-conversation.ts';

let patches: { body: unknown; answer: ReturnType<typeof deferred<Response>> }[];

beforeEach(() => {
  patches = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/conversations' && init.method === 'PATCH') {
      const answer = deferred<Response>();
      patches.push({ body: JSON.parse(String(init.body)), answer });
      return answer.promise;
    }
    throw new Error(`unexpected ${init.method} ${url}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(params: BoardParams = { collectionId: 'all', search: '' }) {
  const client = createQueryClient();
  const key = boardKey(params);
  client.setQueryData<BoardData>(key, boardOf({ sent: [1, 2, 3], replied: [4] }, { sent: 30, replied: 1 }));
  const { result } = renderHook(() => useMoveConversation(params), { wrapper: withClient(client) });
  const board = () => client.getQueryData<BoardData>(key);
  return { client, key, result, board };
}

const refused = () => json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });

describe('useMoveConversation', () => {
  it('moves the card at once (spec §4), sends its new position and status, then keeps the server rank', async () => {
    const { client, key, result, board } = setup();
    act(() => result.current.mutate({ id: 2, toStatus: 'replied', toOrder: 0 }));
    await waitFor(() => expect(layoutOf(board())).toEqual({ sent: [1, 3], replied: [2, 4] }));
    expect(board()?.statusCounts).toMatchObject({ sent: 29, replied: 2 });
    expect(board()?.columns.replied.map((c) => c.order)).toEqual([0, 1]);
    expect(board()?.columns.replied[0]?.statusUpdateDate).toBeNull();
    expect(patches.map((p) => p.body)).toEqual([
      { id: 2, fields: { order: 0, status: 'replied' }, collectionId: null },
    ]);

    patches[0]?.answer.resolve(json(200, makeConversation(2, { status: 'replied', order: 500 })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(board()?.columns.replied[0]?.rank).toBe(500);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('counts the position in the collection the board shows', async () => {
    const { result } = setup({ collectionId: 7, search: '' });
    act(() => result.current.mutate({ id: 1, toStatus: 'sent', toOrder: 2 }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ id: 1, fields: { order: 2, status: 'sent' }, collectionId: 7 });
  });

  it('puts the card back with an error toast when the server refuses (spec §8)', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { result, board } = setup();
    act(() => result.current.mutate({ id: 2, toStatus: 'replied', toOrder: 1 }));
    await waitFor(() => expect(layoutOf(board())).toEqual({ sent: [1, 3], replied: [4, 2] }));
    patches[0]?.answer.resolve(refused());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(layoutOf(board())).toEqual({ sent: [1, 2, 3], replied: [4] });
    expect(board()?.statusCounts).toMatchObject({ sent: 30, replied: 1 });
    expect(board()?.columns.sent[1]?.statusUpdateDate).toBe('2025-01-01T00:00:00.000Z');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: MOVE_FAILED_TITLE,
        description: 'Database unavailable',
      }),
    );
  });

  it('with two moves on their way, a refusal undoes only its own and the board refetches after the last', async () => {
    const { client, key, result, board } = setup();
    act(() => result.current.mutate({ id: 1, toStatus: 'replied', toOrder: 0 }));
    act(() => result.current.mutate({ id: 3, toStatus: 'sent', toOrder: 0 }));
    await waitFor(() => expect(layoutOf(board())).toEqual({ sent: [3, 2], replied: [1, 4] }));

    patches[0]?.answer.resolve(refused());
    await waitFor(() => expect(layoutOf(board())).toEqual({ sent: [1, 3, 2], replied: [4] }));
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);

    patches[1]?.answer.resolve(json(200, makeConversation(3, { order: 10 })));
    await waitFor(() => expect(client.getQueryState(key)?.isInvalidated).toBe(true));
    expect(layoutOf(board())).toEqual({ sent: [1, 3, 2], replied: [4] });
  });
});
