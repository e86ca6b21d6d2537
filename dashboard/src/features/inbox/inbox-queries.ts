import { contract } from '@reachly/shared/contract';
import type { InboxQuery, SendManualMessageBody, UpdateInboxConversationBody } from '@reachly/shared/schemas';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation.ts';

/**
 * The inbox's queries. Their keys start with the board's (['conversations']): the inbox and the
 * funnel board show the same conversations, so a `data-changed` push of the `board` area (a card
 * moved, a message queued, sent or failed) refreshes both.
 */
export const INBOX_KEY = ['conversations', 'inbox'] as const;

export type InboxFilters = Partial<Omit<InboxQuery, 'cursor' | 'limit'>>;

/**
 * GET /api/inbox: keyset pages for these filters, each answer naming the next page's cursor ("Show
 * more" follows it, as far as the list goes); the pages before stay while a new filter loads.
 */
export const inboxListQuery = (filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: [...INBOX_KEY, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        contract.inbox.list,
        { query: { ...filters, ...(pageParam === null ? {} : { cursor: pageParam }) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });

/** GET /api/inbox/:id: the thread with its messages and what people wrote. */
export const inboxThreadQuery = (id: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'thread', id] as const,
    queryFn: ({ signal }) => call(contract.inbox.get, { params: { id } }, { signal }),
  });

/** A change of the inbox: the list and the thread are fetched again once it settles. */
export const useUpdateConversation = () =>
  useRefreshingMutation(INBOX_KEY, ({ id, body }: { id: number; body: UpdateInboxConversationBody }) =>
    call(contract.inbox.update, { params: { id }, body }),
  );

export const useSendMessage = () =>
  useRefreshingMutation(INBOX_KEY, ({ id, body }: { id: number; body: SendManualMessageBody }) =>
    call(contract.inbox.send, { params: { id }, body }),
  );

/** A failed reply queued again (POST /api/inbox/messages/:id/retry). */
export const useRetryMessage = () =>
  useRefreshingMutation(INBOX_KEY, (messageId: number) =>
    call(contract.inbox.retry, { params: { id: messageId } }),
  );
