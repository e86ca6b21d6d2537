import { CONVERSATION_STATUSES } from '@reachly/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BoardPage from './board-page.tsx';
import { groupedResponse, json, withApp } from './test-support/board-fixtures.tsx';

let boardRequests: Record<string, string>[];
let answer: (query: Record<string, string>) => Response | Promise<Response>;

beforeEach(() => {
  localStorage.clear();
  boardRequests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/collections') return json(200, []);
    if (parsed.pathname !== '/api/conversations') throw new Error(`unexpected ${url}`);
    const query = Object.fromEntries(parsed.searchParams);
    boardRequests.push(query);
    return answer(query);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = withApp(client);
  render(
    <Wrapper>
      <BoardPage />
    </Wrapper>,
  );
}

describe('BoardPage', () => {
  it('shows loading, then the ten columns in order with their counts, cards and load more where a column has more', async () => {
    let release: (r: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    renderBoard();
    expect(screen.getByTestId('loading-state')).toBeTruthy();
    // The client sends the request a moment after the query starts (its demo-mode check is async).
    await waitFor(() => expect(boardRequests).toHaveLength(1));
    release(json(200, groupedResponse({ sent: [1, 2], booked: [3] }, { sent: 14 })));
    await waitFor(() => expect(screen.getAllByTestId('board-card')).toHaveLength(3));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(CONVERSATION_STATUSES.map((s) => s.label));
    const sent = within(screen.getByTestId('column-sent'));
    expect(sent.getByTestId('column-count').textContent).toBe('14');
    expect(sent.getByText('Lead 1')).toBeTruthy();
    expect(sent.getByText('Message 1')).toBeTruthy();
    expect(sent.getByRole('button', { name: 'Load more' })).toBeTruthy();
    expect(sent.getByText('2 of 14 shown')).toBeTruthy();
    const booked = within(screen.getByTestId('column-booked'));
    expect(booked.getByTestId('column-count').textContent).toBe('1');
    expect(booked.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(screen.getByTestId('column-replied')).getByText('No conversations')).toBeTruthy();
  });

  it('says campaigns fill the board when there are no conversations', async () => {
    answer = () => json(200, groupedResponse({}));
    renderBoard();
    await screen.findByText('No conversations yet');
    expect(screen.getByText(/Your campaigns fill the board/)).toBeTruthy();
  });

  it('shows the error and tries again', async () => {
    answer = () => json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });
    renderBoard();
    await screen.findByText('Database unavailable');
    answer = () => json(200, groupedResponse({ replied: [5] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('board-card')).toHaveLength(1));
  });

  it('searches once the user stops typing', async () => {
    answer = (q) =>
      json(200, q.search ? groupedResponse({ replied: [7] }) : groupedResponse({ sent: [1, 2] }));
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-card')).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'pricing');
    await waitFor(() => expect(screen.getAllByTestId('board-card')).toHaveLength(1));
    expect(boardRequests.map((q) => q.search)).toEqual([undefined, 'pricing']);
    answer = () => json(200, groupedResponse({}));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zzz');
    await screen.findByText('No conversations match your search');
  });
});
