import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentCollectionAtom } from './current-collection.ts';

const KEY = LOCAL_STORAGE_KEYS.currentCollection;

beforeEach(() => localStorage.clear());

describe('currentCollectionAtom', () => {
  it('stores the id as plain text under currentCollectionId', () => {
    const store = createStore();
    store.set(currentCollectionAtom, 42);
    expect(localStorage.getItem('currentCollectionId')).toBe('42');
    store.set(currentCollectionAtom, 'all');
    expect(localStorage.getItem(KEY)).toBe('all');
  });

  it('reads the stored id when a screen uses it, and all when the stored value is not an id', () => {
    const read = (stored: string | null) => {
      if (stored === null) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, stored);
      const store = createStore();
      const unsubscribe = store.sub(currentCollectionAtom, () => {});
      const value = store.get(currentCollectionAtom);
      unsubscribe();
      return value;
    };
    expect(read('7')).toBe(7);
    expect(read('"7"')).toBe('all');
    expect(read('abc')).toBe('all');
    expect(read(null)).toBe('all');
  });
});
