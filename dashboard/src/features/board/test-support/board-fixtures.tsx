import { ChakraProvider } from '@chakra-ui/react';
import {
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  emptyStatusCounts,
} from '@reachly/shared/constants';
import type { Conversation, ConversationsGroupedResponse } from '@reachly/shared/schemas';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { system } from '../../../theme.ts';
import { type BoardData, boardFromResponse } from '../utils/board-data.ts';

export function makeConversation(id: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    leadId: 100 + id,
    profileId: null,
    collectionId: 1,
    status: 'sent',
    order: id * 1000,
    statusUpdateDate: '2025-01-01T00:00:00.000Z',
    name: `Lead ${id}`,
    avatarUrl: null,
    lastMessage: `Message ${id}`,
    lastMessageAt: '2025-01-02T10:00:00.000Z',
    contactOn: null,
    needsPerson: null,
    note: null,
    ...overrides,
  };
}

type Layout = Partial<Record<ConversationStatus, number[]>>;

/** The grouped answer for cards `ids` per status (ranks 1000 apart); counts default to the cards shown. */
export function groupedResponse(
  layout: Layout,
  counts: Partial<Record<ConversationStatus, number>> = {},
): ConversationsGroupedResponse {
  const conversations = {} as ConversationsGroupedResponse['conversations'];
  const statusCounts = emptyStatusCounts();
  for (const status of CONVERSATION_STATUS_VALUES) {
    const ids = layout[status] ?? [];
    conversations[status] = ids.map((id, i) => makeConversation(id, { status, order: (i + 1) * 1000 }));
    statusCounts[status] = counts[status] ?? ids.length;
  }
  const totalCount = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  return { conversations, totalCount, statusCounts };
}

/** Board data as the page keeps it, for cards `ids` per status. */
export function boardOf(layout: Layout, counts: Partial<Record<ConversationStatus, number>> = {}): BoardData {
  return boardFromResponse(groupedResponse(layout, counts));
}

/** The card ids of every non-empty column, in order. */
export function layoutOf(board: BoardData | undefined): Layout {
  const layout: Layout = {};
  for (const status of CONVERSATION_STATUS_VALUES) {
    const cards = board?.columns[status] ?? [];
    if (cards.length) layout[status] = cards.map((c) => c.id);
  }
  return layout;
}

export function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Chakra, TanStack Query and jotai around a screen. */
export function withApp(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <JotaiProvider>{children}</JotaiProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
