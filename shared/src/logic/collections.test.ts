import { describe, expect, it } from 'vitest';
import { CURRENT_COLLECTION_DEFAULT } from '../constants/limits.ts';
import {
  allCollection,
  availableToMessage,
  type CollectionCounts,
  parseCurrentCollection,
} from './collections.ts';

function col(id: number | 'all', n: Partial<CollectionCounts> = {}): CollectionCounts {
  return {
    id,
    name: `C${id}`,
    hasMessageButton: 0,
    profiles: 0,
    sentFriendRequests: 0,
    sentMessages: 0,
    shouldSkip: 0,
    ...n,
  };
}

describe('availableToMessage', () => {
  it('is hasMessageButton - sentMessages - shouldSkip', () => {
    expect(availableToMessage({ hasMessageButton: 120, sentMessages: 30, shouldSkip: 5 })).toBe(85);
  });
  it('is floored at 0', () => {
    expect(availableToMessage({ hasMessageButton: 10, sentMessages: 8, shouldSkip: 5 })).toBe(0);
  });
  it('is exactly 0 when everything was used', () => {
    expect(availableToMessage({ hasMessageButton: 10, sentMessages: 7, shouldSkip: 3 })).toBe(0);
  });
});

describe('allCollection', () => {
  const a = col(1, {
    hasMessageButton: 100,
    profiles: 200,
    sentFriendRequests: 50,
    sentMessages: 40,
    shouldSkip: 10,
  });
  const b = col(2, {
    hasMessageButton: 30,
    profiles: 60,
    sentFriendRequests: 7,
    sentMessages: 5,
    shouldSkip: 2,
  });

  it('sums the counters of the real collections', () => {
    expect(allCollection([a, b])).toEqual({
      id: 'all',
      name: 'All',
      hasMessageButton: 130,
      profiles: 260,
      sentFriendRequests: 57,
      sentMessages: 45,
      shouldSkip: 12,
    });
  });

  it('skips an existing All entry', () => {
    const stale = col('all', { hasMessageButton: 999, profiles: 999, sentMessages: 999, shouldSkip: 999 });
    expect(allCollection([stale, a, b]).profiles).toBe(260);
    expect(allCollection([stale, a, b]).hasMessageButton).toBe(130);
  });

  it("subtracts the summed shouldSkip in All's availableToMessage", () => {
    expect(availableToMessage(allCollection([a, b]))).toBe(130 - 45 - 12);
  });

  it('is all zeros for no collections', () => {
    const all = allCollection([]);
    expect(all.id).toBe(CURRENT_COLLECTION_DEFAULT);
    expect([
      all.hasMessageButton,
      all.profiles,
      all.sentFriendRequests,
      all.sentMessages,
      all.shouldSkip,
    ]).toEqual([0, 0, 0, 0, 0]);
  });

  it('does not mutate its input', () => {
    const input = [a, b];
    const copy = structuredClone(input);
    allCollection(input);
    expect(input).toEqual(copy);
  });
});

describe('parseCurrentCollection', () => {
  it('reads a numeric id', () => {
    expect(parseCurrentCollection('42')).toBe(42);
    expect(parseCurrentCollection(' 7 ')).toBe(7);
  });
  it.each([
    [null],
    [''],
    ['all'],
    ['abc'],
    ['12abc'],
    ['0'],
    ['-3'],
    ['1.5'],
    ['NaN'],
    ['99999999999999999999'],
  ])('falls back to all for %j', (stored) => {
    expect(parseCurrentCollection(stored)).toBe('all');
  });
});
