import { describe, expect, it } from 'vitest';
import { canLoadMoreInStatus, canLoadMoreLeads } from './paging.ts';

describe('canLoadMoreLeads', () => {
  it('loads more with 15 loaded and more on the server', () => {
    expect(canLoadMoreLeads(15, 16)).toBe(true);
    expect(canLoadMoreLeads(20, 100)).toBe(true);
  });
  it('does not load more below 15 loaded', () => {
    expect(canLoadMoreLeads(14, 100)).toBe(false);
    expect(canLoadMoreLeads(0, 100)).toBe(false);
  });
  it('does not load more when everything is loaded', () => {
    expect(canLoadMoreLeads(15, 15)).toBe(false);
    expect(canLoadMoreLeads(40, 40)).toBe(false);
    expect(canLoadMoreLeads(40, 30)).toBe(false);
  });
});

describe('canLoadMoreInStatus', () => {
  it('loads more when the column has items and nothing is loading', () => {
    expect(canLoadMoreInStatus(1, false)).toBe(true);
    expect(canLoadMoreInStatus(50, false)).toBe(true);
  });
  it('does not load an empty column', () => {
    expect(canLoadMoreInStatus(0, false)).toBe(false);
  });
  it('does not load while loading', () => {
    expect(canLoadMoreInStatus(50, true)).toBe(false);
    expect(canLoadMoreInStatus(0, true)).toBe(false);
  });
});
