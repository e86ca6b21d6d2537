import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../../theme.ts';
import { json, leadsPage } from '../test-support/leads-fixtures.tsx';
import { LeadsPanel } from './leads-panel.tsx';

const counts = { hasMessageButton: 0, profiles: 21, sentFriendRequests: 0, sentMessages: 0, shouldSkip: 0 };
let requests: URLSearchParams[];
let answer: (query: URLSearchParams) => Response;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname !== '/api/leads') throw new Error(`unexpected ${url}`);
    requests.push(parsed.searchParams);
    return answer(parsed.searchParams);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(collectionId: number | 'all' = 3) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <LeadsPanel collection={{ id: collectionId, name: 'Spring', ...counts }} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const rows = () => screen.queryAllByTestId('lead-row');
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('LeadsPanel', () => {
  it('asks for the first page of the not excluded leads, oldest first, and "Load more" follows §5 with the cursor', async () => {
    answer = (q) =>
      json(
        200,
        q.get('cursor') === null
          ? { ...leadsPage(ids(1, 20), 21), nextCursor: 'after-20' }
          : leadsPage([21], 21),
      );
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(Object.fromEntries(requests[0] ?? [])).toEqual({
      collectionId: '3',
      isExcluded: 'false',
      sort: 'oldest',
    });
    expect(screen.getByTestId('leads-summary').textContent).toBe('20 of 21 not excluded leads shown');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(21));
    expect(requests[1]?.get('cursor')).toBe('after-20');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers no "Load more" with fewer than 15 loaded, even when the total is larger', async () => {
    answer = () => json(200, { ...leadsPage(ids(1, 14), 30), nextCursor: 'after-14' });
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches (trimmed, after a pause) and sorts, with thousands separators in the summary', async () => {
    answer = () => json(200, leadsPage(ids(1, 20), 12_345));
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByTestId('leads-summary').textContent).toBe('20 of 12,345 not excluded leads shown');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leads' }), '  ann ');
    await waitFor(() => expect(requests.at(-1)?.get('search')).toBe('ann'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort leads' }), 'Name Z–A');
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('name-desc'));
    expect(requests.at(-1)?.get('search')).toBe('ann');
    await waitFor(() =>
      expect(screen.getByTestId('leads-summary').textContent).toBe(
        '20 of 12,345 not excluded leads shown matching "ann"',
      ),
    );
  });

  it('shows the error state when the leads cannot be fetched, and tries again', async () => {
    answer = () => json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });
    renderPanel();
    await screen.findByText('Could not load this list');
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    answer = () => json(200, leadsPage([1, 2], 2));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('switches to the excluded leads, with their empty state', async () => {
    answer = (q) => json(200, q.get('isExcluded') === 'true' ? leadsPage([], 0) : leadsPage([1], 1));
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Excluded' }));
    await screen.findByText('No excluded leads');
    expect(requests.at(-1)?.get('isExcluded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Excluded' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('for All, lists every lead but offers add, import and clear only for a real collection', async () => {
    answer = () => json(200, leadsPage([], 0));
    renderPanel('all');
    await screen.findByText('No leads yet');
    expect(requests[0]?.get('collectionId')).toBe('all');
    for (const name of ['Add leads', 'Import CSV', 'Clear']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByText('Choose a collection to add, import or clear its leads.')).toBeTruthy();
  });
});
