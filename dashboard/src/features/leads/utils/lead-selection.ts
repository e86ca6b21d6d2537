import type { LeadsSelection } from '@reachly/shared/schemas';
import type { LeadsFilter } from '../leads-queries.ts';

/**
 * Which leads the list has selected: ids picked one by one or a page at a time, or "all N
 * matching" the list's filter (every lead the server would list, loaded or not).
 */
export type LeadSelection = { all: true } | { all: false; ids: ReadonlySet<number> };

export const NO_SELECTION: LeadSelection = { all: false, ids: new Set() };

export const isLeadSelected = (selection: LeadSelection, id: number) =>
  selection.all || selection.ids.has(id);

/** How many leads the selection holds, `total` being how many the filter matches. */
export const selectedCount = (selection: LeadSelection, total: number) =>
  selection.all ? total : selection.ids.size;

/**
 * One lead checked or unchecked. Unchecking a lead of "all matching" keeps the loaded leads but
 * that one (an id list: the server takes a filter or ids, not a filter minus ids).
 */
export function toggleLeadSelection(
  selection: LeadSelection,
  id: number,
  loadedIds: readonly number[],
): LeadSelection {
  const ids = new Set(selection.all ? loadedIds : selection.ids);
  if (isLeadSelected(selection, id)) ids.delete(id);
  else ids.add(id);
  return { all: false, ids };
}

/** Whether every loaded lead is selected (the header checkbox is checked). */
export const isPageSelected = (selection: LeadSelection, loadedIds: readonly number[]) =>
  loadedIds.length > 0 && loadedIds.every((id) => isLeadSelected(selection, id));

/** The header checkbox: selects every loaded lead, or clears the selection when they all are. */
export const togglePageSelection = (selection: LeadSelection, loadedIds: readonly number[]): LeadSelection =>
  isPageSelected(selection, loadedIds)
    ? NO_SELECTION
    : { all: false, ids: new Set([...loadedIds, ...(selection.all ? [] : selection.ids)]) };

/** The selection as POST /api/leads/bulk takes it: the ids, or the list's filter. */
export function selectionRequest(selection: LeadSelection, filter: LeadsFilter): LeadsSelection {
  if (!selection.all) return { ids: [...selection.ids] };
  return {
    filter: {
      collectionId: filter.collectionId,
      isExcluded: filter.isExcluded,
      ...(filter.search === '' ? {} : { search: filter.search }),
    },
  };
}
