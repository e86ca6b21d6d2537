import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import type { Collection } from '@reachly/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentCollectionAtom } from '../../../state/current-collection.ts';
import { useSelectedCollection } from './use-selected-collection.ts';

const counts = { hasMessageButton: 5, profiles: 9, sentFriendRequests: 2, sentMessages: 1, shouldSkip: 1 };
const collections: Collection[] = [
  { id: 4, name: 'Spring', ...counts },
  { id: 8, name: 'Summer', ...counts, profiles: 1 },
];

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/collections') return new Response(JSON.stringify(collections), { status: 200 });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const { selectedId, selected, rows, select } = useSelectedCollection();
  return (
    <div>
      <p data-testid="selected">{String(selectedId)}</p>
      <p data-testid="name">{selected?.name ?? '-'}</p>
      <p data-testid="rows">{rows.map((r) => `${r.name}:${r.profiles}`).join(',')}</p>
      <button type="button" onClick={() => select(8)}>
        Summer
      </button>
      <button type="button" onClick={() => select('all')}>
        All
      </button>
    </div>
  );
}

function renderAt(path: string, stored: number | 'all' = 'all') {
  const store = createStore();
  store.set(currentCollectionAtom, stored);
  const router = createMemoryRouter(
    [
      { path: '/collections', element: <Probe /> },
      { path: '/collections/:collectionId', element: <Probe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { store, router };
}

const text = (id: string) => screen.getByTestId(id).textContent;
const stored = () => localStorage.getItem(LOCAL_STORAGE_KEYS.currentCollection);

describe('useSelectedCollection', () => {
  it('lists the "All" aggregate first, then each collection', async () => {
    renderAt('/collections');
    await waitFor(() => expect(text('rows')).toBe('All:10,Spring:9,Summer:1'));
    expect(text('selected')).toBe('all');
  });

  it('selects the collection the address names and keeps it as the current collection', async () => {
    const { store } = renderAt('/collections/4');
    await waitFor(() => expect(text('name')).toBe('Spring'));
    expect(store.get(currentCollectionAtom)).toBe(4);
    expect(stored()).toBe('4');
  });

  it('opens the current collection kept in local storage when the address names none', async () => {
    renderAt('/collections', 8);
    await waitFor(() => expect(text('name')).toBe('Summer'));
  });

  it('falls back to All for a non-numeric address (spec §4)', async () => {
    const { store } = renderAt('/collections/abc', 4);
    await waitFor(() => expect(text('name')).toBe('All'));
    expect(store.get(currentCollectionAtom)).toBe('all');
    expect(stored()).toBe('all');
  });

  it('falls back to All, and to /collections, for a collection the organisation does not have', async () => {
    const { store, router } = renderAt('/collections/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
    expect(text('selected')).toBe('all');
    expect(store.get(currentCollectionAtom)).toBe('all');
  });

  it('selecting a collection goes to its address and makes it current', async () => {
    const { store, router } = renderAt('/collections', 4);
    await waitFor(() => expect(text('name')).toBe('Spring'));
    act(() => screen.getByText('Summer').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/8'));
    await waitFor(() => expect(store.get(currentCollectionAtom)).toBe(8));
    act(() => screen.getByText('All').click());
    await waitFor(() => expect(text('name')).toBe('All'));
    expect(router.state.location.pathname).toBe('/collections/all');
    expect(stored()).toBe('all');
  });
});
