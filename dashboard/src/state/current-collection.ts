import { CURRENT_COLLECTION_DEFAULT, LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { type CollectionId, parseCurrentCollection } from '@reachly/shared/logic';
import { atom, useAtom } from 'jotai';

function readStored(): CollectionId {
  try {
    return parseCurrentCollection(localStorage.getItem(LOCAL_STORAGE_KEYS.currentCollection));
  } catch {
    return CURRENT_COLLECTION_DEFAULT;
  }
}

const baseAtom = atom<CollectionId>(readStored());

/**
 * The current collection (spec §4): kept in local storage; a non-numeric value falls back to all.
 * Shared by the collections screen and the board.
 */
export const currentCollectionAtom = atom(
  (get) => get(baseAtom),
  (_get, set, next: CollectionId) => {
    set(baseAtom, next);
    try {
      localStorage.setItem(LOCAL_STORAGE_KEYS.currentCollection, String(next));
    } catch {
      // storage unavailable: kept for this page only
    }
  },
);

export function useCurrentCollection() {
  return useAtom(currentCollectionAtom);
}
