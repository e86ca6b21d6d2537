import {
  idParamsSchema,
  inboxConversationSchema,
  inboxListResponseSchema,
  inboxQuerySchema,
  inboxThreadSchema,
  manualMessageSchema,
  sendManualMessageBodySchema,
  updateInboxConversationBodySchema,
} from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/**
 * The inbox (issue 17): the organisation's conversations across profiles and campaigns, and the
 * replies people write. The same conversations as the funnel board's cards, so a change here is a
 * change of the `board` area.
 */
export const inboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/inbox',
    summary:
      'Conversations newest activity first: view (open, done, all), funnel status, campaign, profile, unread, assigned to me, search; keyset cursor.',
    access: 'user',
    query: inboxQuerySchema,
    response: inboxListResponseSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/inbox/:id',
    summary: 'One conversation with its messages and the messages people wrote (queued, sent, failed).',
    access: 'user',
    params: idParamsSchema,
    response: inboxThreadSchema,
    errors: [404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/inbox/:id',
    summary:
      'Mark a conversation read or unread, done or open; assign it to a member; pause or resume AI replies.',
    access: 'user',
    params: idParamsSchema,
    body: updateInboxConversationBodySchema,
    bodyLimit: '8kb',
    changes: ['board'],
    response: inboxConversationSchema,
    errors: [400, 404],
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/inbox/:id/messages',
    summary:
      "Queue a reply for the conversation's profile browser to type (before campaign work); AI replies pause.",
    access: 'user',
    params: idParamsSchema,
    body: sendManualMessageBodySchema,
    bodyLimit: '32kb',
    status: 201,
    changes: ['board'],
    response: manualMessageSchema,
    errors: [400, 402, 404],
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/inbox/messages/:id/retry',
    summary: "Queue a failed reply again, as it was written, for its conversation's profile browser.",
    access: 'user',
    params: idParamsSchema,
    changes: ['board'],
    response: manualMessageSchema,
    errors: [402, 404, 409],
  }),
} as const;
