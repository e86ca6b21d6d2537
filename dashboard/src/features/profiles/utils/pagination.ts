import { PROFILES_PAGE_SIZE } from '@reachly/shared/constants';

/** Pages needed for `total` profiles, at least 1 (an empty list is "page 1 of 1"). */
export function pageCount(total: number, pageSize: number = PROFILES_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show once the total is known: a page past the end (after deletes) falls back to the last. */
export function clampPage(page: number, total: number, pageSize: number = PROFILES_PAGE_SIZE): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}
