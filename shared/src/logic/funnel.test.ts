import { describe, expect, it } from 'vitest';
import {
  emptyBoard,
  FIRST_RANK,
  type FunnelBoard,
  type FunnelCard,
  findCardStatus,
  hasRankRoom,
  moveCard,
  RANK_STEP,
  rankBetween,
  rankForIndex,
  rebalancedRanks,
  snapshotBoard,
} from './funnel.ts';

type Card = FunnelCard<{ name: string }>;

const DATE = '2025-05-30T10:00:00.000Z';

function card(id: number, status: Card['status'], order: number): Card {
  return { id, order, status, statusUpdateDate: DATE, name: `lead ${id}` };
}

/** sent: 1..5 at orders 0..4; replied: 11..13 at orders 0..2; counts from the server (larger than loaded). */
function board(): FunnelBoard<Card> {
  const b = emptyBoard<Card>();
  b.columns.sent = [1, 2, 3, 4, 5].map((id, i) => card(id, 'sent', i));
  b.columns.replied = [11, 12, 13].map((id, i) => card(id, 'replied', i));
  b.statusCounts.sent = 40;
  b.statusCounts.replied = 3;
  return b;
}

const ids = (cards: Card[]) => cards.map((c) => c.id);
const orders = (cards: Card[]) => cards.map((c) => c.order);

describe('moveCard within a status', () => {
  it('moves a card down and shifts the cards between up by one', () => {
    const next = moveCard(board(), { id: 2, toStatus: 'sent', toOrder: 3 });
    expect(ids(next.columns.sent)).toEqual([1, 3, 4, 2, 5]);
    expect(orders(next.columns.sent)).toEqual([0, 1, 2, 3, 4]);
  });

  it('moves a card up and shifts the cards between down by one', () => {
    const next = moveCard(board(), { id: 5, toStatus: 'sent', toOrder: 1 });
    expect(ids(next.columns.sent)).toEqual([1, 5, 2, 3, 4]);
    expect(orders(next.columns.sent)).toEqual([0, 1, 2, 3, 4]);
    expect(next.columns.sent[1]).toMatchObject({ id: 5, order: 1, status: 'sent' });
  });

  it('leaves counts, status and statusUpdateDate as they were', () => {
    const next = moveCard(board(), { id: 1, toStatus: 'sent', toOrder: 4 });
    expect(next.statusCounts).toEqual(board().statusCounts);
    expect(next.columns.sent[4]).toEqual({
      id: 1,
      order: 4,
      status: 'sent',
      statusUpdateDate: DATE,
      name: 'lead 1',
    });
  });

  it('clamps an order past the end to the last position', () => {
    const next = moveCard(board(), { id: 1, toStatus: 'sent', toOrder: 99 });
    expect(ids(next.columns.sent)).toEqual([2, 3, 4, 5, 1]);
    expect(orders(next.columns.sent)).toEqual([0, 1, 2, 3, 4]);
  });

  it('renumbers a column whose orders had gaps', () => {
    const b = board();
    b.columns.replied = [card(11, 'replied', 1000), card(12, 'replied', 2000), card(13, 'replied', 3000)];
    const next = moveCard(b, { id: 13, toStatus: 'replied', toOrder: 0 });
    expect(ids(next.columns.replied)).toEqual([13, 11, 12]);
    expect(orders(next.columns.replied)).toEqual([0, 1, 2]);
  });
});

describe('moveCard across statuses', () => {
  it('renumbers the source from 0 and shifts target cards at or after the new order', () => {
    const next = moveCard(board(), { id: 2, toStatus: 'replied', toOrder: 1 });
    expect(ids(next.columns.sent)).toEqual([1, 3, 4, 5]);
    expect(orders(next.columns.sent)).toEqual([0, 1, 2, 3]);
    expect(ids(next.columns.replied)).toEqual([11, 2, 12, 13]);
    expect(orders(next.columns.replied)).toEqual([0, 1, 2, 3]);
  });

  it('gives the card the new status and order and clears statusUpdateDate', () => {
    const next = moveCard(board(), { id: 2, toStatus: 'replied', toOrder: 1 });
    expect(next.columns.replied[1]).toEqual({
      id: 2,
      order: 1,
      status: 'replied',
      statusUpdateDate: null,
      name: 'lead 2',
    });
  });

  it('adjusts the counts: source minus 1, target plus 1', () => {
    const next = moveCard(board(), { id: 2, toStatus: 'replied', toOrder: 1 });
    expect(next.statusCounts.sent).toBe(39);
    expect(next.statusCounts.replied).toBe(4);
    expect(next.statusCounts.booked).toBe(0);
  });

  it('does not take the source count below 0', () => {
    const b = board();
    b.statusCounts.sent = 0;
    const next = moveCard(b, { id: 1, toStatus: 'booked', toOrder: 0 });
    expect(next.statusCounts.sent).toBe(0);
    expect(next.statusCounts.booked).toBe(1);
  });

  it('inserts into an empty column', () => {
    const next = moveCard(board(), { id: 3, toStatus: 'booked', toOrder: 0 });
    expect(next.columns.booked).toEqual([
      { id: 3, order: 0, status: 'booked', statusUpdateDate: null, name: 'lead 3' },
    ]);
  });

  it('appends after the last card without shifting anyone', () => {
    const next = moveCard(board(), { id: 1, toStatus: 'replied', toOrder: 3 });
    expect(ids(next.columns.replied)).toEqual([11, 12, 13, 1]);
    expect(orders(next.columns.replied)).toEqual([0, 1, 2, 3]);
  });

  it('inserts at the top, shifting every target card', () => {
    const next = moveCard(board(), { id: 5, toStatus: 'replied', toOrder: 0 });
    expect(ids(next.columns.replied)).toEqual([5, 11, 12, 13]);
    expect(orders(next.columns.replied)).toEqual([0, 1, 2, 3]);
  });

  it('only shifts target cards with order >= toOrder when orders have gaps', () => {
    const b = board();
    b.columns.replied = [card(11, 'replied', 0), card(12, 'replied', 5), card(13, 'replied', 9)];
    const next = moveCard(b, { id: 1, toStatus: 'replied', toOrder: 5 });
    expect(ids(next.columns.replied)).toEqual([11, 1, 12, 13]);
    expect(orders(next.columns.replied)).toEqual([0, 5, 6, 10]);
  });

  it('leaves the other columns alone', () => {
    const b = board();
    const next = moveCard(b, { id: 2, toStatus: 'replied', toOrder: 0 });
    expect(next.columns.booked).toBe(b.columns.booked);
    expect(next.columns.unqualified).toEqual([]);
  });
});

describe('moveCard purity and revert', () => {
  it('returns the same board for an unknown id', () => {
    const b = board();
    expect(moveCard(b, { id: 999, toStatus: 'sent', toOrder: 0 })).toBe(b);
  });

  it('never mutates its input', () => {
    const b = board();
    const before = structuredClone(b);
    const next = moveCard(b, { id: 2, toStatus: 'replied', toOrder: 1 });
    moveCard(b, { id: 4, toStatus: 'sent', toOrder: 0 });
    expect(b).toEqual(before);
    expect(next).not.toBe(b);
    expect(next.columns.sent).not.toBe(b.columns.sent);
    expect(next.statusCounts).not.toBe(b.statusCounts);
    expect(b.columns.sent[1]).toEqual({
      id: 2,
      order: 1,
      status: 'sent',
      statusUpdateDate: DATE,
      name: 'lead 2',
    });
  });

  it('restores the exact original from the snapshot after a failed move', () => {
    const original = board();
    const snapshot = snapshotBoard(original);
    const moved = moveCard(original, { id: 2, toStatus: 'replied', toOrder: 1 });
    expect(moved).not.toEqual(original);
    // the server rejects the move: the page puts the snapshot back
    const reverted = snapshot;
    expect(reverted).toEqual(board());
    expect(reverted).toEqual(original);
    expect(reverted).not.toBe(original);
  });

  it('takes a snapshot that later moves cannot reach', () => {
    const b = board();
    const snapshot = snapshotBoard(b);
    const first = b.columns.sent[0];
    if (first === undefined) throw new Error('fixture has no sent card');
    first.order = 42;
    expect(snapshot.columns.sent[0]?.order).toBe(0);
    expect(snapshot).toEqual(board());
  });
});

describe('findCardStatus', () => {
  it('finds the column of a card', () => {
    expect(findCardStatus(board(), 12)).toBe('replied');
    expect(findCardStatus(board(), 5)).toBe('sent');
    expect(findCardStatus(board(), 77)).toBeNull();
  });
});

describe('rankBetween', () => {
  it('takes the midpoint between two ranks', () => {
    expect(rankBetween(1000, 2000)).toBe(1500);
    expect(rankBetween(1500, 2000)).toBe(1750);
    expect(rankBetween(-1000, 0)).toBe(-500);
  });
  it('steps 1000 past the ends', () => {
    expect(RANK_STEP).toBe(1000);
    expect(rankBetween(3000, null)).toBe(4000);
    expect(rankBetween(null, 1000)).toBe(0);
    expect(rankBetween(null, 0)).toBe(-1000);
  });
  it('starts an empty column at 1000', () => {
    expect(FIRST_RANK).toBe(1000);
    expect(rankBetween(null, null)).toBe(1000);
  });
  it('refuses neighbours out of order', () => {
    expect(() => rankBetween(2000, 1000)).toThrow(RangeError);
    expect(() => rankBetween(1000, 1000)).toThrow(RangeError);
  });
  it('stays strictly ordered over 40 repeated halvings toward the lower rank', () => {
    const ranks = [1000, 2000];
    let upper = 2000;
    for (let i = 0; i < 40; i++) {
      const r = rankBetween(1000, upper);
      expect(r).toBeGreaterThan(1000);
      expect(r).toBeLessThan(upper);
      ranks.push(r);
      upper = r;
    }
    const sorted = [...ranks].sort((a, b) => a - b);
    expect(new Set(sorted).size).toBe(42);
    expect(sorted[0]).toBe(1000);
    expect(sorted[1]).toBe(1000 + 1000 / 2 ** 40);
  });
  it('stays strictly ordered over 40 repeated halvings toward the upper rank', () => {
    let lower = 1000;
    for (let i = 0; i < 40; i++) {
      const r = rankBetween(lower, 2000);
      expect(r).toBeGreaterThan(lower);
      expect(r).toBeLessThan(2000);
      lower = r;
    }
    expect(lower).toBe(2000 - 1000 / 2 ** 40);
  });
  it('throws once doubles have no room, and hasRankRoom says so first', () => {
    let upper = 2000;
    let count = 0;
    while (hasRankRoom(1000, upper)) {
      upper = rankBetween(1000, upper);
      count++;
    }
    expect(count).toBeGreaterThanOrEqual(40);
    expect(() => rankBetween(1000, upper)).toThrow(/no rank left/);
  });
});

describe('rankForIndex', () => {
  const others = [1000, 2000, 3000];
  it('ranks a drop between two cards', () => {
    expect(rankForIndex(others, 1)).toBe(1500);
    expect(rankForIndex(others, 2)).toBe(2500);
  });
  it('ranks a drop at the top and at the bottom', () => {
    expect(rankForIndex(others, 0)).toBe(0);
    expect(rankForIndex(others, 3)).toBe(4000);
  });
  it('clamps an index out of range', () => {
    expect(rankForIndex(others, 10)).toBe(4000);
    expect(rankForIndex(others, -2)).toBe(0);
  });
  it('ranks the first card of an empty column', () => {
    expect(rankForIndex([], 0)).toBe(1000);
  });
  it('gives a rank that sorts the card at the requested index', () => {
    const rank = rankForIndex(others, 2);
    const all = [...others, rank].sort((a, b) => a - b);
    expect(all.indexOf(rank)).toBe(2);
  });
});

describe('rebalancedRanks', () => {
  it('spaces ranks RANK_STEP apart from 1000', () => {
    expect(rebalancedRanks(4)).toEqual([1000, 2000, 3000, 4000]);
    expect(rebalancedRanks(0)).toEqual([]);
  });
});
