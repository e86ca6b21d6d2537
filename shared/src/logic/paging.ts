import { LEADS_LOAD_MORE_THRESHOLD } from '../constants/limits.ts';

/**
 * More leads load only if at least LEADS_LOAD_MORE_THRESHOLD (15) are already loaded and the total
 * exceeds the number loaded (spec §5).
 */
export function canLoadMoreLeads(loaded: number, total: number): boolean {
  return loaded >= LEADS_LOAD_MORE_THRESHOLD && total > loaded;
}

/** Further conversations of a status column load only if it already has items and nothing is loading (spec §5). */
export function canLoadMoreInStatus(columnLength: number, isLoading: boolean): boolean {
  return columnLength > 0 && !isLoading;
}
