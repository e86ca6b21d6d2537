import { CURRENT_COLLECTION_DEFAULT, LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { type CollectionId, parseCurrentCollection } from '@reachly/shared/logic';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * The id as plain text ("42", "all"), as the page always stored it, rather than jotai's JSON; a
 * value that is not a collection id reads as all. No `subscribe`: another tab's choice does not
 * move this tab's board. Storage that is unavailable keeps the choice for this page only.
 */
const collectionStorage = {
  getItem(key: string): CollectionId {
    try {
      return parseCurrentCollection(localStorage.getItem(key));
    } catch {
      return CURRENT_COLLECTION_DEFAULT;
    }
  },
  setItem(key: string, value: CollectionId): void {
    try {
      localStorage.setItem(key, String(value));
    } catch {
      // storage unavailable: kept for this page only
    }
  },
  removeItem(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing was kept
    }
  },
};

/**
 * The current collection (spec §4): kept in local storage; a non-numeric value falls back to all.
 * Shared by the collections screen and the board.
 */
export const currentCollectionAtom = atomWithStorage<CollectionId>(
  LOCAL_STORAGE_KEYS.currentCollection,
  CURRENT_COLLECTION_DEFAULT,
  collectionStorage,
  { getOnInit: true },
);

export function useCurrentCollection() {
  return useAtom(currentCollectionAtom);
}
