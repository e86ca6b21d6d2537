import type { InboxConversation, InboxThread, ManualMessage } from '@reachly/shared/schemas';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, routeFetch } from '../../test-support/fetch-routes.ts';
import { withApp } from '../../test-support/with-app.tsx';
import { makeConversation } from '../board/test-support/board-fixtures.tsx';
import InboxPage from './inbox-page.tsx';

const conversation = (id: number): InboxConversation => ({
  ...makeConversation(id, { profileId: 7 }),
  profileName: 'Anna',
  campaignId: null,
  campaignName: null,
  leadProfileUrl: `https://facebook.com/p${id}`,
  unread: false,
  done: false,
  assignedUserId: null,
  aiPaused: true,
  lastInboundAt: null,
});

const failed: ManualMessage = {
  id: 55,
  conversationId: 1,
  text: 'Hello again',
  status: 'failed',
  error: 'no-message-button',
  outsideWorkingHours: false,
  createdBy: 1,
  createdAt: '2026-06-01T09:00:00.000Z',
  sentAt: null,
  messageId: null,
};
const thread = (outbox: ManualMessage[]): InboxThread => ({ ...conversation(1), messages: [], outbox });

let requests: RecordedRequest[];
let outbox: ManualMessage[];
beforeEach(() => {
  requests = [];
  outbox = [failed];
  vi.stubGlobal(
    'fetch',
    routeFetch(
      {
        // Two pages: the second only through the first's cursor.
        'GET /api/inbox': ({ query }) =>
          query.cursor === '1000_30'
            ? json(200, { conversations: [conversation(31)], nextCursor: null, unreadCount: 2 })
            : json(200, {
                conversations: Array.from({ length: 30 }, (_, i) => conversation(i + 1)),
                nextCursor: '1000_30',
                unreadCount: 2,
              }),
        'GET /api/inbox/1': () => json(200, thread(outbox)),
        'PATCH /api/inbox/1': () => json(200, conversation(1)),
        'POST /api/inbox/messages/55/retry': () => {
          outbox = [{ ...failed, status: 'queued', error: null }];
          return json(200, outbox[0]);
        },
        'GET /api/campaigns': () => json(200, []),
        'GET /api/profiles': () => json(200, { profiles: [], hasMore: false, total: 0, page: 1 }),
        'GET /api/team': () =>
          json(200, { organization: { id: 1, name: 'Org' }, role: 'owner', inviteToken: 't', members: [] }),
      },
      requests,
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (path = '/inbox') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <InboxPage />
    </MemoryRouter>,
    { wrapper: withApp(new QueryClient({ defaultOptions: { queries: { retry: false } } })) },
  );

describe('the inbox page', () => {
  it('"Show more" follows the answer\'s cursor to the end of the list, past any page size', async () => {
    renderPage();
    const list = await screen.findByTestId('inbox-list');
    await waitFor(() => expect(within(list).getAllByTestId('inbox-item')).toHaveLength(30));
    fireEvent.click(screen.getByTestId('inbox-more'));
    await waitFor(() => expect(within(list).getAllByTestId('inbox-item')).toHaveLength(31));
    expect(requests.filter((r) => r.path === '/api/inbox').map((r) => r.query.cursor)).toEqual([
      undefined,
      '1000_30',
    ]);
    // The last page names no cursor: nothing more to show.
    expect(screen.queryByTestId('inbox-more')).toBeNull();
    expect(screen.getByTestId('inbox-unread-count').textContent).toBe('2 unread');
  });

  it('a failed reply shows its reason and "Send again" queues it again', async () => {
    renderPage('/inbox?c=1');
    const error = await screen.findByTestId('outbox-error');
    expect(error.textContent).toBe(
      'Not sent: the lead has no Message button (only friends can message them)',
    );
    expect(screen.getByTestId('outbox-status').textContent).toBe('Failed');
    fireEvent.click(screen.getByTestId('outbox-retry'));
    await waitFor(() => expect(screen.getByTestId('outbox-status').textContent).toBe('Queued'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/inbox/messages/55/retry')).toBe(true);
    expect(screen.queryByTestId('outbox-retry')).toBeNull();
  });
});
