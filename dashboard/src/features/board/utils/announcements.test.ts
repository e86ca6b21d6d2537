import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { type CardPlace, createAnnouncements } from './announcements.ts';

const place = (label: string, position: number, size: number): CardPlace => ({ label, position, size });
const active = { id: 7 } as Active;
const over = (id: number | string) => ({ id }) as Over;

const announcements = createAnnouncements({
  nameOf: () => 'Ada Lovelace',
  landingOf: (_a, o) => (o === 7 ? place('SENT', 2, 3) : place('REPLIED', 1, 4)),
  placeOf: () => place('REPLIED', 1, 4),
  startOf: () => place('SENT', 2, 3),
});

describe('screen-reader announcements', () => {
  it('say where the card is picked up, where it is over, where it lands', () => {
    expect(announcements.onDragStart({ active })).toBe('Picked up Ada Lovelace in SENT, position 2 of 3.');
    expect(announcements.onDragOver({ active, over: over(9) })).toBe(
      'Ada Lovelace is over REPLIED, position 1 of 4.',
    );
    expect(announcements.onDragEnd({ active, over: over(9) })).toBe(
      'Ada Lovelace was dropped in REPLIED, position 1 of 4.',
    );
  });

  it('keep "picked up" while the card is over its own place, and say when it is put back', () => {
    expect(announcements.onDragOver({ active, over: over(7) })).toBeUndefined();
    expect(announcements.onDragOver({ active, over: null })).toBe('Ada Lovelace is no longer over a column.');
    expect(announcements.onDragCancel({ active, over: null })).toBe(
      'Moving cancelled. Ada Lovelace is back in SENT, position 2 of 3.',
    );
    expect(announcements.onDragEnd({ active, over: null })).toBe(
      'Ada Lovelace was dropped outside the columns and stays in SENT, position 2 of 3.',
    );
  });
});
