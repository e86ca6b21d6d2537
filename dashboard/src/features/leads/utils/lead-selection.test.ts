import { describe, expect, it } from 'vitest';
import type { LeadsFilter } from '../leads-queries.ts';
import {
  isLeadSelected,
  isPageSelected,
  NO_SELECTION,
  selectedCount,
  selectionRequest,
  toggleLeadSelection,
  togglePageSelection,
} from './lead-selection.ts';

const loaded = [5, 4, 3, 2, 1];
const filter: LeadsFilter = { collectionId: 7, isExcluded: false, search: 'ann', sort: 'name-asc' };

describe('lead selection', () => {
  it('checks and unchecks leads one by one, and counts them', () => {
    const one = toggleLeadSelection(NO_SELECTION, 3, loaded);
    const two = toggleLeadSelection(one, 5, loaded);
    expect(selectedCount(two, 1000)).toBe(2);
    expect(isLeadSelected(two, 5)).toBe(true);
    expect(selectedCount(toggleLeadSelection(two, 3, loaded), 1000)).toBe(1);
    expect(selectionRequest(two, filter)).toEqual({ ids: [3, 5] });
  });

  it('selects the loaded page with the header checkbox, and clears it the second time', () => {
    const page = togglePageSelection(toggleLeadSelection(NO_SELECTION, 2, loaded), loaded);
    expect(isPageSelected(page, loaded)).toBe(true);
    expect(selectedCount(page, 1000)).toBe(5);
    expect(togglePageSelection(page, loaded)).toBe(NO_SELECTION);
    expect(isPageSelected(NO_SELECTION, [])).toBe(false);
  });

  it('selects all matching as the filter, counted as the total, and falls back to ids when one is unchecked', () => {
    const all = { all: true } as const;
    expect(selectedCount(all, 12_345)).toBe(12_345);
    expect(isPageSelected(all, loaded)).toBe(true);
    expect(selectionRequest(all, filter)).toEqual({
      filter: { collectionId: 7, isExcluded: false, search: 'ann' },
    });
    expect(selectionRequest(all, { ...filter, search: '' })).toEqual({
      filter: { collectionId: 7, isExcluded: false },
    });
    const but = toggleLeadSelection(all, 4, loaded);
    expect(selectionRequest(but, filter)).toEqual({ ids: [5, 3, 2, 1] });
  });
});
