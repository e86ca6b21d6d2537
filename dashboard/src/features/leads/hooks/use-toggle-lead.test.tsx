import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/toaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { collectionsQuery } from '../../collections/collections-queries.ts';
import { type LeadsFilter, leadsQueryKey } from '../leads-queries.ts';
import { deferred, json, leadsPage, makeLead, withClient } from '../test-support/leads-fixtures.tsx';
import { flattenLeads, type LeadsPages, leadsTotal } from '../utils/leads-pages.ts';
import { useToggleLead } from './use-toggle-lead.ts';

const filter: LeadsFilter = { collectionId: 1, isExcluded: false, search: '', sort: 'newest' };
let patches: { body: unknown; answer: ReturnType<typeof deferred<Response>> }[];

beforeEach(() => {
  patches = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/leads' && init.method === 'PATCH') {
      const answer = deferred<Response>();
      patches.push({ body: JSON.parse(String(init.body)), answer });
      return answer.promise;
    }
    throw new Error(`unexpected ${init.method} ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = createQueryClient();
  client.setQueryData<LeadsPages>(leadsQueryKey(filter), {
    pages: [leadsPage([1, 2, 3], 3)],
    pageParams: [null],
  });
  client.setQueryData(collectionsQuery().queryKey, []);
  const { result } = renderHook(() => useToggleLead(), { wrapper: withClient(client) });
  const cached = () => client.getQueryData<LeadsPages>(leadsQueryKey(filter))?.pages ?? [];
  const ids = () => flattenLeads(cached()).map((l) => l.id);
  return { client, result, ids, total: () => leadsTotal(cached()) };
}

describe('useToggleLead', () => {
  it('takes the lead out of the list before the server answers, then refetches the lists and counts', async () => {
    const { client, result, ids, total } = setup();
    act(() => result.current.mutate({ lead: makeLead(2), filter }));
    await waitFor(() => expect(ids()).toEqual([1, 3]));
    expect(total()).toBe(2);
    expect(patches.map((p) => p.body)).toEqual([{ id: 2, isExcluded: true }]);

    patches[0]?.answer.resolve(json(200, makeLead(2, { isExcluded: true })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(ids()).toEqual([1, 3]);
    expect(client.getQueryState(leadsQueryKey(filter))?.isInvalidated).toBe(true);
    expect(client.getQueryState(collectionsQuery().queryKey)?.isInvalidated).toBe(true);
  });

  it('puts the lead back when the server refuses, without a toast (spec §8 swallows lead updates)', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { result, ids, total } = setup();
    act(() => result.current.mutate({ lead: makeLead(2), filter }));
    await waitFor(() => expect(ids()).toEqual([1, 3]));
    patches[0]?.answer.resolve(json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(ids()).toEqual([1, 2, 3]);
    expect(total()).toBe(3);
    expect(toast).not.toHaveBeenCalled();
  });

  it('with two toggles on their way, a refusal undoes only its own lead and the lists wait for the last one', async () => {
    const { client, result, ids } = setup();
    act(() => result.current.mutate({ lead: makeLead(1), filter }));
    act(() => result.current.mutate({ lead: makeLead(3), filter }));
    await waitFor(() => expect(ids()).toEqual([2]));

    patches[0]?.answer.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'Lead 1 not found.' } }));
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(client.getQueryState(leadsQueryKey(filter))?.isInvalidated).toBe(false);

    patches[1]?.answer.resolve(json(200, makeLead(3, { isExcluded: true })));
    await waitFor(() => expect(client.getQueryState(leadsQueryKey(filter))?.isInvalidated).toBe(true));
    expect(ids()).toEqual([1, 2]);
  });

  it('includes an excluded lead (isExcluded false) and takes it out of the excluded list', async () => {
    const client = createQueryClient();
    const excluded: LeadsFilter = { collectionId: 'all', isExcluded: true, search: '', sort: 'newest' };
    client.setQueryData<LeadsPages>(leadsQueryKey(excluded), {
      pages: [{ leads: [makeLead(9, { isExcluded: true })], totalCount: 1, nextCursor: null }],
      pageParams: [null],
    });
    const { result } = renderHook(() => useToggleLead(), { wrapper: withClient(client) });
    act(() => result.current.mutate({ lead: makeLead(9, { isExcluded: true }), filter: excluded }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ id: 9, isExcluded: false });
    expect(client.getQueryData<LeadsPages>(leadsQueryKey(excluded))?.pages[0]).toEqual({
      leads: [],
      totalCount: 0,
      nextCursor: null,
    });
  });
});
