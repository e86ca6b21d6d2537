import { z } from 'zod';
import { CONVERSATIONS_FIRST_PAGE, CONVERSATIONS_NEXT_PAGE } from '../constants/limits.ts';
import { CONVERSATION_STATUS_VALUES } from '../constants/statuses.ts';
import { collectionIdOrAllSchema, idSchema, isoDateSchema, queryBooleanSchema } from './common.ts';
import { countSchema, emptyAsAbsent, querySearchSchema } from './http.ts';

/**
 * Conversations and the funnel board (spec §3 Conversation, §4, §7 Conversations; server issue).
 *
 * GET   /api/conversations?collectionId&limit=50&groupByStatus=true&search
 *         → conversationsQuerySchema (mode 'grouped') / conversationsGroupedResponseSchema
 * GET   /api/conversations?collectionId&status&limit=10&lastOrder[&lastId]
 *         → conversationsQuerySchema (mode 'column') / conversationsColumnResponseSchema
 * PATCH /api/conversations {id, fields: {order, status?}, collectionId?} → updateConversationBodySchema / conversationSchema
 * GET   /api/conversations/:id → idParamsSchema / conversationWithMessagesSchema
 */

/** Largest page of one status column (and per column of the grouped answer). */
export const CONVERSATIONS_PAGE_MAX = 200;
export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const conversationStatusSchema = z.enum(CONVERSATION_STATUS_VALUES, {
  error: `Status must be one of ${CONVERSATION_STATUS_VALUES.join(', ')}`,
});

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  /** 'in' = written by the lead, 'out' = sent from the profile. */
  direction: z.enum(MESSAGE_DIRECTIONS),
  text: z.string(),
  sentAt: isoDateSchema,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A funnel card: the conversation of one profile with one lead. */
export const conversationSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  profileId: z.number().int().nullable(),
  collectionId: z.number().int(),
  status: conversationStatusSchema,
  /** Sorts the status column ascending (fractional ranks, docs/design.md §3). */
  order: z.number(),
  statusUpdateDate: isoDateSchema.nullable(),
  /** The lead's name and avatar. */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: isoDateSchema.nullable(),
  /** The day (YYYY-MM-DD, the profile's own) the lead asked to be written to again. */
  contactOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** Why a person should answer the lead's last message (the model did not); null when none. */
  needsPerson: z.string().nullable(),
  /** What a person should know, e.g. who a wrong-person answer pointed to. */
  note: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationWithMessagesSchema = conversationSchema.extend({
  /** Oldest first. */
  messages: z.array(conversationMessageSchema),
});
export type ConversationWithMessages = z.infer<typeof conversationWithMessagesSchema>;

/** `collectionId` of a conversations query: absent, empty, `null` or `all` all mean every collection. */
const conversationCollectionSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'null' ? 'all' : v),
  collectionIdOrAllSchema,
);

/**
 * GET /api/conversations, both forms. With a `status` it pages that one column (`mode: 'column'`,
 * limit default 10, after `lastOrder` and, for equal orders, after `lastId`); without one it answers
 * every column grouped (`mode: 'grouped'`, limit default 50 per column). `groupByStatus` is read but
 * the presence of `status` decides the form. `search` matches the lead's name or the text of any of
 * the conversation's messages, case-insensitively.
 */
export const conversationsQuerySchema = z
  .object({
    collectionId: conversationCollectionSchema,
    status: emptyAsAbsent(conversationStatusSchema.optional()),
    groupByStatus: emptyAsAbsent(queryBooleanSchema.optional()),
    limit: emptyAsAbsent(z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).optional()),
    lastOrder: emptyAsAbsent(z.coerce.number().optional()),
    lastId: emptyAsAbsent(idSchema.optional()),
    search: querySearchSchema,
  })
  .transform((q) => {
    const common = { collectionId: q.collectionId, search: q.search };
    if (q.status === undefined) {
      return { mode: 'grouped' as const, ...common, limit: q.limit ?? CONVERSATIONS_FIRST_PAGE };
    }
    return {
      mode: 'column' as const,
      ...common,
      status: q.status,
      limit: q.limit ?? CONVERSATIONS_NEXT_PAGE,
      lastOrder: q.lastOrder,
      lastId: q.lastId,
    };
  });
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;
export type ConversationsGroupedQuery = Extract<ConversationsQuery, { mode: 'grouped' }>;
export type ConversationsColumnQuery = Extract<ConversationsQuery, { mode: 'column' }>;

/** Every status is a key, with [] / 0 for an empty column. */
export const statusCountsSchema = z.record(conversationStatusSchema, countSchema);

export const conversationsGroupedResponseSchema = z.object({
  conversations: z.record(conversationStatusSchema, z.array(conversationSchema)),
  /** All conversations matching collection and search, over every status. */
  totalCount: countSchema,
  statusCounts: statusCountsSchema,
});
export type ConversationsGroupedResponse = z.infer<typeof conversationsGroupedResponseSchema>;

export const conversationsColumnResponseSchema = z.object({
  conversations: z.array(conversationSchema),
  hasMore: z.boolean(),
});
export type ConversationsColumnResponse = z.infer<typeof conversationsColumnResponseSchema>;

/**
 * PATCH /api/conversations. `order` is the drop position: the 0-based index of the card in its
 * (new) column as the page's optimistic view computes it (moveCard; clamped to the column, a
 * fraction is truncated). The server turns it into a fractional rank between the two cards at that
 * position (docs/decisions.md "Funnel order"), so the answer's `order` is that rank. A status change
 * clears statusUpdateDate on the page (spec §4) and the server stamps it with the time of the change.
 * `collectionId` names the collection the board shows, whose column the position counts in
 * (absent, null or `all`: every collection); `search` the board's search box, so the position counts
 * among the cards the board shows.
 */
export const updateConversationBodySchema = z.object({
  id: idSchema,
  fields: z.object({
    order: z.number({ error: 'Order must be a finite number' }),
    status: conversationStatusSchema.optional(),
  }),
  collectionId: conversationCollectionSchema.optional(),
  search: querySearchSchema,
});
export type UpdateConversationBody = z.infer<typeof updateConversationBodySchema>;
