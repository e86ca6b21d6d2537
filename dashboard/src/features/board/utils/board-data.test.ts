import { moveCard } from '@reachly/shared/funnel';
import { describe, expect, it } from 'vitest';
import { boardOf, groupedResponse, layoutOf, makeConversation } from '../test-support/board-fixtures.tsx';
import { appendToColumn, boardFromResponse, columnCursor, revertMove, setCardRank } from './board-data.ts';

describe('boardFromResponse', () => {
  it('numbers each column from 0 and keeps the server rank for paging, every status present', () => {
    const board = boardFromResponse(groupedResponse({ sent: [4, 9], booked: [2] }, { sent: 60 }));
    expect(board.columns.sent.map((c) => [c.id, c.order, c.rank])).toEqual([
      [4, 0, 1000],
      [9, 1, 2000],
    ]);
    expect(board.columns.booked.map((c) => c.order)).toEqual([0]);
    expect(board.columns.unqualified).toEqual([]);
    expect(board.statusCounts.sent).toBe(60);
    expect(board.statusCounts.replied).toBe(0);
  });
});

describe('appendToColumn', () => {
  it('adds the page after the column, numbered on, leaving out cards already on the board', () => {
    const board = boardOf({ sent: [1, 2], replied: [3] });
    const next = appendToColumn(board, 'sent', [
      makeConversation(3, { order: 2500 }),
      makeConversation(5, { order: 3000 }),
      makeConversation(6, { order: 4000 }),
    ]);
    expect(next.columns.sent.map((c) => [c.id, c.order, c.rank])).toEqual([
      [1, 0, 1000],
      [2, 1, 2000],
      [5, 2, 3000],
      [6, 3, 4000],
    ]);
    expect(next.columns.replied).toBe(board.columns.replied);
    expect(appendToColumn(board, 'sent', [makeConversation(1)])).toBe(board);
  });
});

describe('setCardRank and columnCursor', () => {
  it('keeps the rank the server gave a moved card; the next page starts after the last card', () => {
    const board = setCardRank(boardOf({ sent: [1, 2] }), 2, 1500.5);
    expect(columnCursor(board.columns.sent)).toEqual({ lastOrder: 1500.5, lastId: 2 });
    expect(columnCursor([])).toBeNull();
    expect(setCardRank(board, 99, 1)).toBe(board);
  });
});

describe('revertMove', () => {
  it('puts a refused card back where it was, as it was, with the counts', () => {
    const before = boardOf({ sent: [1, 2, 3], replied: [4] }, { sent: 12, replied: 5 });
    const move = { id: 2, toStatus: 'replied' as const, toOrder: 0 };
    const after = moveCard(before, move);
    expect(after.columns.replied[0]?.statusUpdateDate).toBeNull();
    const reverted = revertMove(after, before, move);
    expect(layoutOf(reverted)).toEqual({ sent: [1, 2, 3], replied: [4] });
    expect(reverted.columns.sent.map((c) => c.order)).toEqual([0, 1, 2]);
    expect(reverted.columns.sent[1]).toBe(before.columns.sent[1]);
    expect(reverted.statusCounts).toEqual(before.statusCounts);
  });

  it('leaves a move made meanwhile in place', () => {
    const before = boardOf({ sent: [1, 2, 3], replied: [4] });
    const first = { id: 1, toStatus: 'replied' as const, toOrder: 1 };
    const second = { id: 3, toStatus: 'sent' as const, toOrder: 0 };
    const both = moveCard(moveCard(before, first), second);
    const reverted = revertMove(both, before, first);
    expect(layoutOf(reverted)).toEqual({ sent: [1, 3, 2], replied: [4] });
    expect(reverted.statusCounts.sent).toBe(3);
    expect(reverted.statusCounts.replied).toBe(1);
  });

  it('undoes a move within a column', () => {
    const before = boardOf({ sent: [1, 2, 3] });
    const move = { id: 1, toStatus: 'sent' as const, toOrder: 2 };
    expect(layoutOf(revertMove(moveCard(before, move), before, move))).toEqual({ sent: [1, 2, 3] });
  });
});
