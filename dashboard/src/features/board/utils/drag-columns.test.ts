import { describe, expect, it } from 'vitest';
import { boardOf, layoutOf } from '../test-support/board-fixtures.tsx';
import {
  cardPlace,
  dropMove,
  findColumn,
  isStatus,
  landingPlace,
  moveToColumn,
  reorderInColumn,
} from './drag-columns.ts';

const { columns } = boardOf({ sent: [1, 2, 3], replied: [4, 5] });
const view = (c: typeof columns) => layoutOf({ columns: c, statusCounts: boardOf({}).statusCounts });

describe('drag arithmetic', () => {
  it('tells columns from cards and finds a card’s column', () => {
    expect(isStatus('replied')).toBe(true);
    expect(isStatus(4)).toBe(false);
    expect(isStatus('nope')).toBe(false);
    expect(findColumn(columns, 5)).toBe('replied');
    expect(findColumn(columns, 'booked')).toBe('booked');
    expect(findColumn(columns, 99)).toBeNull();
  });

  it('moves a dragged card into another column before or after the card it is over, or to the end', () => {
    expect(view(moveToColumn(columns, 2, 5, false))).toEqual({ sent: [1, 3], replied: [4, 2, 5] });
    expect(view(moveToColumn(columns, 2, 5, true))).toEqual({ sent: [1, 3], replied: [4, 5, 2] });
    expect(view(moveToColumn(columns, 2, 'booked', false))).toEqual({
      sent: [1, 3],
      replied: [4, 5],
      booked: [2],
    });
    const moved = moveToColumn(columns, 2, 4, false);
    expect(moved.qualified).toBe(columns.qualified);
    expect(moveToColumn(columns, 2, 3, false)).toBe(columns);
  });

  it('reorders within a column on drop, and says which move to save', () => {
    const reordered = reorderInColumn(columns, 1, 3);
    expect(view(reordered)).toEqual({ sent: [2, 3, 1], replied: [4, 5] });
    expect(dropMove(columns, reordered, 1)).toEqual({ id: 1, toStatus: 'sent', toOrder: 2 });
    const across = moveToColumn(columns, 3, 4, false);
    expect(dropMove(columns, across, 3)).toEqual({ id: 3, toStatus: 'replied', toOrder: 0 });
    expect(dropMove(columns, columns, 2)).toBeNull();
    expect(reorderInColumn(columns, 1, 'sent')).toBe(columns);
  });

  it('describes places for the screen reader', () => {
    expect(cardPlace(columns, 2)).toEqual({ status: 'sent', position: 2, size: 3 });
    expect(cardPlace(columns, 'sent')).toBeNull();
    expect(landingPlace(columns, 1, 3)).toEqual({ status: 'sent', position: 3, size: 3 });
    expect(landingPlace(columns, 1, 5)).toEqual({ status: 'replied', position: 2, size: 3 });
    expect(landingPlace(columns, 1, 'booked')).toEqual({ status: 'booked', position: 1, size: 1 });
    expect(landingPlace(columns, 4, 'replied')).toEqual({ status: 'replied', position: 1, size: 2 });
  });
});
