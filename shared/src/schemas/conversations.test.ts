import { describe, expect, it } from 'vitest';
import { CONVERSATION_STATUS_VALUES, emptyStatusCounts } from '../constants/statuses.ts';
import {
  type Conversation,
  conversationSchema,
  conversationsColumnResponseSchema,
  conversationsGroupedResponseSchema,
  conversationsQuerySchema,
  conversationWithMessagesSchema,
  updateConversationBodySchema,
} from './conversations.ts';

const conversation: Conversation = {
  id: 11,
  leadId: 5,
  profileId: 2,
  collectionId: 1,
  status: 'replied',
  order: 1500.5,
  statusUpdateDate: null,
  name: 'Anna Smith',
  avatarUrl: null,
  lastMessage: 'Sounds good',
  lastMessageAt: '2024-05-02T08:00:00Z',
  contactOn: null,
  needsPerson: null,
  note: null,
};

describe('GET /api/conversations', () => {
  it('answers the grouped form by default, over all collections, 50 per column', () => {
    expect(conversationsQuerySchema.parse({})).toEqual({
      mode: 'grouped',
      collectionId: 'all',
      search: undefined,
      limit: 50,
    });
    expect(
      conversationsQuerySchema.parse({ collectionId: 'null', groupByStatus: 'true', search: ' anna ' }),
    ).toEqual({ mode: 'grouped', collectionId: 'all', search: 'anna', limit: 50 });
    expect(conversationsQuerySchema.parse({ collectionId: 'all', limit: '50' }).collectionId).toBe('all');
    expect(conversationsQuerySchema.parse({ collectionId: '3' }).collectionId).toBe(3);
  });

  it('pages one column when a status is given, 10 by default', () => {
    expect(
      conversationsQuerySchema.parse({ collectionId: '3', status: 'booked', lastOrder: '2000.5' }),
    ).toEqual({
      mode: 'column',
      collectionId: 3,
      search: undefined,
      status: 'booked',
      limit: 10,
      lastOrder: 2000.5,
      lastId: undefined,
    });
    const q = conversationsQuerySchema.parse({ status: 'sent', limit: '25', lastOrder: '-3', lastId: '40' });
    expect(q.mode === 'column' && [q.limit, q.lastOrder, q.lastId]).toEqual([25, -3, 40]);
  });

  it('fails on a bad status, limit or lastOrder instead of ignoring it', () => {
    const bad = conversationsQuerySchema.safeParse({ status: 'won' });
    expect(bad.error?.issues[0]?.message).toBe(
      `Status must be one of ${CONVERSATION_STATUS_VALUES.join(', ')}`,
    );
    expect(conversationsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ status: 'sent', lastOrder: 'abc' }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ status: 'sent', lastOrder: 'Infinity' }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ groupByStatus: 'yes' }).success).toBe(false);
  });

  it('parses the grouped answer with every status present', () => {
    const conversations = Object.fromEntries(CONVERSATION_STATUS_VALUES.map((s) => [s, []])) as Record<
      string,
      Conversation[]
    >;
    conversations.replied = [conversation];
    const statusCounts = { ...emptyStatusCounts(), replied: 1 };
    const answer = { conversations, totalCount: 1, statusCounts };
    expect(conversationsGroupedResponseSchema.parse(answer)).toEqual(answer);
    const { booked: _booked, ...missing } = statusCounts;
    expect(conversationsGroupedResponseSchema.safeParse({ ...answer, statusCounts: missing }).success).toBe(
      false,
    );
  });

  it('parses a column page and a conversation with messages', () => {
    expect(conversationsColumnResponseSchema.parse({ conversations: [conversation], hasMore: true })).toEqual(
      {
        conversations: [conversation],
        hasMore: true,
      },
    );
    const withMessages = {
      ...conversation,
      messages: [
        { id: 1, direction: 'out', text: 'Hi Anna', sentAt: '2024-05-01T08:00:00Z' },
        { id: 2, direction: 'in', text: 'Sounds good', sentAt: '2024-05-02T08:00:00Z' },
      ],
    };
    expect(conversationWithMessagesSchema.parse(withMessages)).toEqual(withMessages);
    expect(
      conversationWithMessagesSchema.safeParse({
        ...withMessages,
        messages: [{ id: 3, direction: 'sideways', text: '', sentAt: '2024-05-02T08:00:00Z' }],
      }).success,
    ).toBe(false);
    expect(conversationSchema.safeParse({ ...conversation, status: 'won' }).success).toBe(false);
  });
});

describe('PATCH /api/conversations', () => {
  it('takes a finite order and an optional status', () => {
    expect(
      updateConversationBodySchema.parse({ id: 11, fields: { order: 1250.25, status: 'booked' } }),
    ).toEqual({
      id: 11,
      fields: { order: 1250.25, status: 'booked' },
    });
    expect(updateConversationBodySchema.parse({ id: 11, fields: { order: 0 } })).toEqual({
      id: 11,
      fields: { order: 0 },
    });
  });

  it('takes the collection the board shows, absent meaning every collection', () => {
    const body = (collectionId: unknown) =>
      updateConversationBodySchema.parse({ id: 11, fields: { order: 2 }, collectionId }).collectionId;
    expect(body(3)).toBe(3);
    expect(body('all')).toBe('all');
    expect(body(null)).toBe('all');
    expect('collectionId' in updateConversationBodySchema.parse({ id: 11, fields: { order: 2 } })).toBe(
      false,
    );
    expect(
      updateConversationBodySchema.safeParse({ id: 11, fields: { order: 2 }, collectionId: 'some' }).success,
    ).toBe(false);
  });

  it('refuses a missing, infinite or NaN order and an unknown status', () => {
    const message = 'Order must be a finite number';
    expect(updateConversationBodySchema.safeParse({ id: 11, fields: {} }).error?.issues[0]?.message).toBe(
      message,
    );
    expect(updateConversationBodySchema.safeParse({ id: 11, fields: { order: Infinity } }).success).toBe(
      false,
    );
    expect(updateConversationBodySchema.safeParse({ id: 11, fields: { order: NaN } }).success).toBe(false);
    expect(updateConversationBodySchema.safeParse({ id: 11, fields: { order: '5' } }).success).toBe(false);
    expect(
      updateConversationBodySchema.safeParse({ id: 11, fields: { order: 1, status: 'won' } }).success,
    ).toBe(false);
  });
});
