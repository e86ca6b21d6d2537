import {
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  emptyStatusCounts,
} from '@reachly/shared/constants';
import { rankForIndex, rebalancedRanks } from '@reachly/shared/logic';
import {
  type CollectionIdOrAll,
  type Conversation,
  type ConversationsGroupedResponse,
  conversationsQuerySchema,
  idParamsSchema,
  updateConversationBodySchema,
} from '@reachly/shared/schemas';
import { type DemoCall, notFound, parseInput } from '../demo-http.ts';
import type { DemoConversation, DemoDataset } from '../demo-types.ts';
import { findCollection } from './collections.ts';

const byRank = (a: Conversation, b: Conversation) => a.order - b.order || a.id - b.id;

/** A card as answers carry it: without its messages. */
function card(c: DemoConversation): Conversation {
  const { messages: _messages, ...rest } = c;
  return rest;
}

function matches(c: DemoConversation, collectionId: CollectionIdOrAll, search: string | undefined): boolean {
  if (collectionId !== 'all' && c.collectionId !== collectionId) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return (
    (c.name ?? '').toLowerCase().includes(needle) ||
    (c.lastMessage ?? '').toLowerCase().includes(needle) ||
    c.messages.some((m) => m.text.toLowerCase().includes(needle))
  );
}

/**
 * GET /api/conversations: without `status` every column (up to `limit` each) with totalCount and
 * statusCounts; with `status` one column after (lastOrder, lastId) and whether more follow.
 */
export function listConversations(data: DemoDataset, call: DemoCall) {
  const q = parseInput(conversationsQuerySchema, call.query);
  if (q.collectionId !== 'all') findCollection(data, q.collectionId);
  const found = data.conversations.filter((c) => matches(c, q.collectionId, q.search));
  if (q.mode === 'column') {
    const { lastOrder, lastId } = q;
    const column = found
      .filter((c) => c.status === q.status)
      .filter(
        (c) =>
          lastOrder === undefined ||
          c.order > lastOrder ||
          (lastId !== undefined && c.order === lastOrder && c.id > lastId),
      )
      .sort(byRank);
    return { conversations: column.slice(0, q.limit).map(card), hasMore: column.length > q.limit };
  }
  const statusCounts = emptyStatusCounts();
  const conversations = Object.fromEntries(
    CONVERSATION_STATUS_VALUES.map((s) => [s, [] as Conversation[]]),
  ) as ConversationsGroupedResponse['conversations'];
  for (const status of CONVERSATION_STATUS_VALUES) {
    const column = found.filter((c) => c.status === status).sort(byRank);
    statusCounts[status] = column.length;
    conversations[status] = column.slice(0, q.limit).map(card);
  }
  const totalCount = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  return { conversations, totalCount, statusCounts };
}

function findConversation(data: DemoDataset, id: number): DemoConversation {
  const found = data.conversations.find((c) => c.id === id);
  if (!found) throw notFound(`Conversation ${id} not found.`);
  return found;
}

/** GET /api/conversations/:id: the card with its messages, oldest first. */
export function getConversation(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(idParamsSchema, call.params);
  const c = findConversation(data, id);
  const messages = [...c.messages].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id - b.id);
  return { ...card(c), messages };
}

/** Renumbers one status column RANK_STEP apart, as the server does when ranks run out of room. */
function rebalance(data: DemoDataset, status: ConversationStatus): void {
  const column = data.conversations.filter((c) => c.status === status).sort(byRank);
  const ranks = rebalancedRanks(column.length);
  column.forEach((c, i) => {
    c.order = ranks[i] ?? c.order;
  });
}

/**
 * PATCH /api/conversations {id, fields: {order, status?}, collectionId?}: `order` is the drop
 * position in the target column of the board's collection; the card gets the rank between the two
 * cards at that position (shared rankForIndex, as the server), and a status change stamps
 * statusUpdateDate.
 */
export function moveConversation(data: DemoDataset, call: DemoCall) {
  const body = parseInput(updateConversationBodySchema, call.json);
  const moved = findConversation(data, body.id);
  const collectionId = body.collectionId ?? 'all';
  if (collectionId !== 'all') findCollection(data, collectionId);
  const status = body.fields.status ?? moved.status;
  const index = Math.max(0, Math.trunc(body.fields.order));
  const columnRanks = () =>
    data.conversations
      .filter((c) => c.id !== moved.id && c.status === status)
      .filter((c) => collectionId === 'all' || c.collectionId === collectionId)
      .sort(byRank)
      .map((c) => c.order);
  let order: number;
  try {
    order = rankForIndex(columnRanks(), index);
  } catch {
    rebalance(data, status);
    order = rankForIndex(columnRanks(), index);
  }
  moved.order = order;
  if (status !== moved.status) {
    moved.status = status;
    moved.statusUpdateDate = call.now.toISOString();
    // As on the server: a person's move answers what needed a person.
    moved.needsPerson = null;
  }
  return card(moved);
}
