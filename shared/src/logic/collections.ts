import { CURRENT_COLLECTION_DEFAULT } from '../constants/limits.ts';

/** A collection id: a positive integer, or the aggregate value 'all' (spec §3). */
export type CollectionId = number | typeof CURRENT_COLLECTION_DEFAULT;

/** The counters of a lead collection as the client shows them (spec §3). */
export interface CollectionCounts {
  id: CollectionId;
  name: string;
  hasMessageButton: number;
  profiles: number;
  sentFriendRequests: number;
  sentMessages: number;
  shouldSkip: number;
}

/** Name of the aggregate collection. */
export const ALL_COLLECTION_NAME = 'All';

/** Leads still open to a message: hasMessageButton - sentMessages - shouldSkip, floored at 0 (spec §3). */
export function availableToMessage(
  c: Pick<CollectionCounts, 'hasMessageButton' | 'sentMessages' | 'shouldSkip'>,
): number {
  return Math.max(0, c.hasMessageButton - c.sentMessages - c.shouldSkip);
}

/**
 * The aggregate "All" collection: sums hasMessageButton, profiles, sentFriendRequests and
 * sentMessages across the real collections (spec §3); any entry whose id is already 'all' is skipped.
 *
 * Decision: the spec does not list shouldSkip among the summed fields; we sum it too, so that
 * `availableToMessage(allCollection(...))` subtracts skipped leads just as each real collection does.
 */
export function allCollection(collections: readonly CollectionCounts[]): CollectionCounts {
  const all: CollectionCounts = {
    id: CURRENT_COLLECTION_DEFAULT,
    name: ALL_COLLECTION_NAME,
    hasMessageButton: 0,
    profiles: 0,
    sentFriendRequests: 0,
    sentMessages: 0,
    shouldSkip: 0,
  };
  for (const c of collections) {
    if (c.id === CURRENT_COLLECTION_DEFAULT) continue;
    all.hasMessageButton += c.hasMessageButton;
    all.profiles += c.profiles;
    all.sentFriendRequests += c.sentFriendRequests;
    all.sentMessages += c.sentMessages;
    all.shouldSkip += c.shouldSkip;
  }
  return all;
}

/**
 * Reads the current collection kept in local storage (spec §4): a positive integer written in
 * decimal digits is that collection's id; anything else (null, empty, 'all', non-numeric, zero,
 * negative, fractional) falls back to 'all'.
 */
export function parseCurrentCollection(stored: string | null | undefined): CollectionId {
  if (stored == null) return CURRENT_COLLECTION_DEFAULT;
  const trimmed = stored.trim();
  if (!/^\d+$/.test(trimmed)) return CURRENT_COLLECTION_DEFAULT;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id > 0 ? id : CURRENT_COLLECTION_DEFAULT;
}
