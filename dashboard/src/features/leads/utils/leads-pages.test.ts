import type { Lead, LeadsListResponse } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import {
  flattenLeads,
  type LeadsPages,
  leadsTotal,
  nextLeadsPageParam,
  withLead,
  withoutLead,
} from './leads-pages.ts';

function lead(id: number): Lead {
  return {
    id,
    collectionId: 1,
    profileUrl: `https://facebook.com/p${id}`,
    name: `Lead ${id}`,
    firstName: null,
    lastName: null,
    avatarUrl: null,
    hasMessageButton: false,
    isExcluded: false,
    shouldSkip: false,
    source: 'manual',
    friendRequestSentAt: null,
    messageSentAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    fields: {},
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => lead(from + i));
/** A page whose next cursor (when more exist) names its last lead, as the server's does. */
const page = (leads: Lead[], totalCount: number): LeadsListResponse => ({
  leads,
  totalCount,
  nextCursor: leads.length > 0 ? `after-${leads.at(-1)?.id}` : null,
});

describe('nextLeadsPageParam (spec §5: at least 15 loaded and the total exceeds them)', () => {
  it("follows the server's cursor when 20 of 21 are loaded", () => {
    const first = page(range(1, 20), 21);
    expect(nextLeadsPageParam(first, [first], null)).toBe('after-20');
  });

  it('loads more with exactly 15 loaded, not with 14', () => {
    const fifteen = page(range(1, 15), 30);
    expect(nextLeadsPageParam(fifteen, [fifteen], null)).toBe('after-15');
    const fourteen = page(range(1, 14), 30);
    expect(nextLeadsPageParam(fourteen, [fourteen], null)).toBeUndefined();
  });

  it('stops when everything is loaded, or when the server names no next page', () => {
    const first = page(range(1, 20), 21);
    const second = page([lead(21)], 21);
    expect(nextLeadsPageParam(second, [first, second], 'after-20')).toBeUndefined();
    const exactly = page(range(1, 20), 20);
    expect(nextLeadsPageParam(exactly, [exactly], null)).toBeUndefined();
    const last = { ...page(range(1, 20), 30), nextCursor: null };
    expect(nextLeadsPageParam(last, [last], null)).toBeUndefined();
  });

  it('counts a lead shifted between pages by a refetch once', () => {
    const first = page(range(1, 20), 40);
    const second = page(range(20, 39), 40);
    expect(flattenLeads([first, second])).toHaveLength(39);
    expect(nextLeadsPageParam(second, [first, second], 'after-19')).toBe('after-39');
  });

  it('keeps the last cursor when the last page was emptied by toggles', () => {
    const first = page(range(1, 20), 25);
    const emptied = page([], 25);
    expect(nextLeadsPageParam(emptied, [first, emptied], 'after-20')).toBe('after-20');
  });
});

describe('withoutLead / withLead (a toggled lead leaves the list, and comes back on failure)', () => {
  const data: LeadsPages = {
    pages: [page(range(1, 20), 22), page(range(21, 22), 22)],
    pageParams: [null, 'after-20'],
  };

  it('takes the lead out of its page and lowers every total', () => {
    const next = withoutLead(data, 5);
    expect(flattenLeads(next.pages).map((l) => l.id)).not.toContain(5);
    expect(flattenLeads(next.pages)).toHaveLength(21);
    expect(next.pages.map((p) => p.totalCount)).toEqual([21, 21]);
    expect(leadsTotal(next.pages)).toBe(21);
    expect(next.pageParams).toEqual([null, 'after-20']);
  });

  it('leaves the list alone for a lead it does not hold', () => {
    expect(withoutLead(data, 99)).toBe(data);
  });

  it('puts the lead back in id order and raises the totals again', () => {
    const back = withLead(withoutLead(data, 5), lead(5));
    expect(back.pages[0]?.leads.map((l) => l.id)).toEqual(range(1, 20).map((l) => l.id));
    expect(back.pages.map((p) => p.totalCount)).toEqual([22, 22]);
    const last = withLead(withoutLead(data, 22), lead(22));
    expect(last.pages[1]?.leads.map((l) => l.id)).toEqual([21, 22]);
  });

  it('undoes one failed toggle without undoing another', () => {
    const both = withoutLead(withoutLead(data, 5), 7);
    const restored = withLead(both, lead(5));
    const ids = flattenLeads(restored.pages).map((l) => l.id);
    expect(ids).toContain(5);
    expect(ids).not.toContain(7);
    expect(leadsTotal(restored.pages)).toBe(21);
  });
});
