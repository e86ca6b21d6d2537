import { z } from 'zod';
import { idSchema, isoDateSchema, queryBooleanSchema } from './common.ts';
import { conversationMessageSchema, conversationSchema, conversationStatusSchema } from './conversations.ts';
import { emptyAsAbsent, querySearchSchema } from './http.ts';

/**
 * The inbox (issue 17): every conversation of the organisation across profiles and campaigns,
 * newest activity first, and the replies a person writes, sent by the profile's browser.
 *
 * GET   /api/inbox?view&status&campaignId&profileId&unread&assignedToMe&search&cursor&limit
 *         → inboxQuerySchema / inboxListResponseSchema
 * GET   /api/inbox/:id                → inboxThreadSchema (the conversation, its messages, its outbox)
 * PATCH /api/inbox/:id {read?, done?, assignedUserId?, aiPaused?} → inboxConversationSchema
 * POST  /api/inbox/:id/messages {text, outsideWorkingHours?} → manualMessageSchema (201, queued)
 *
 * Read and done: a conversation is unread when the lead wrote after it was last read; marking it
 * done reads it and archives it out of the `open` view, until the lead writes again.
 */

export const INBOX_VIEWS = ['open', 'done', 'all'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];
export const INBOX_PAGE_MAX = 100;
export const INBOX_PAGE_DEFAULT = 30;
export const MANUAL_MESSAGE_MAX_LENGTH = 5000;

/** A manual message's life: queued → sending (a browser has it) → sent, or failed with the reason. */
export const MANUAL_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type ManualMessageStatus = (typeof MANUAL_MESSAGE_STATUSES)[number];

export const inboxConversationSchema = conversationSchema.extend({
  profileName: z.string().nullable(),
  /** The campaign that last worked this lead from this profile, when one did. */
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  leadProfileUrl: z.string(),
  /** The lead wrote after the conversation was last read. */
  unread: z.boolean(),
  /** Marked done (archived) and the lead has not written since. */
  done: z.boolean(),
  assignedUserId: z.number().int().nullable(),
  /** A person wrote by hand: no AI replies until they resume them. */
  aiPaused: z.boolean(),
  /** When the lead last wrote. */
  lastInboundAt: isoDateSchema.nullable(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const inboxQuerySchema = z.object({
  view: emptyAsAbsent(
    z.enum(INBOX_VIEWS, { error: `view must be one of ${INBOX_VIEWS.join(', ')}` }).default('open'),
  ),
  status: emptyAsAbsent(conversationStatusSchema.optional()),
  campaignId: emptyAsAbsent(idSchema.optional()),
  profileId: emptyAsAbsent(idSchema.optional()),
  unread: emptyAsAbsent(queryBooleanSchema.optional()),
  assignedToMe: emptyAsAbsent(queryBooleanSchema.optional()),
  search: querySearchSchema,
  /** The `nextCursor` of the page before. */
  cursor: emptyAsAbsent(
    z
      .string()
      .regex(/^\d{1,16}_\d{1,12}$/, 'cursor must be the nextCursor of a previous page')
      .optional(),
  ),
  limit: emptyAsAbsent(z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(INBOX_PAGE_DEFAULT)),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxListResponseSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  nextCursor: z.string().nullable(),
  /** Unread conversations of the organisation (every view and filter). */
  unreadCount: z.number().int().nonnegative(),
});
export type InboxListResponse = z.infer<typeof inboxListResponseSchema>;

export const manualMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  text: z.string(),
  status: z.enum(MANUAL_MESSAGE_STATUSES),
  /** Why it failed (status failed). */
  error: z.string().nullable(),
  outsideWorkingHours: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: isoDateSchema,
  sentAt: isoDateSchema.nullable(),
  /** The thread's message it became once sent. */
  messageId: z.number().int().nullable(),
});
export type ManualMessage = z.infer<typeof manualMessageSchema>;

export const inboxThreadSchema = inboxConversationSchema.extend({
  /** Oldest first. */
  messages: z.array(conversationMessageSchema),
  /** The person's messages, oldest first, whatever their state. */
  outbox: z.array(manualMessageSchema),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

export const updateInboxConversationBodySchema = z
  .object({
    read: z.boolean({ error: 'read must be true or false' }),
    done: z.boolean({ error: 'done must be true or false' }),
    assignedUserId: idSchema.nullable(),
    aiPaused: z.boolean({ error: 'aiPaused must be true or false' }),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one of read, done, assignedUserId, aiPaused');
export type UpdateInboxConversationBody = z.infer<typeof updateInboxConversationBodySchema>;

export const sendManualMessageBodySchema = z.object({
  text: z
    .string({ error: 'text must be a string' })
    .trim()
    .min(1, 'Write a message first')
    .max(MANUAL_MESSAGE_MAX_LENGTH, `A message is at most ${MANUAL_MESSAGE_MAX_LENGTH} characters`),
  /** Send even outside the profile's working hours (else it waits for them). */
  outsideWorkingHours: z.boolean().default(false),
});
export type SendManualMessageBody = z.infer<typeof sendManualMessageBodySchema>;
