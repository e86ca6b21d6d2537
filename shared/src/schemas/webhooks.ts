import { z } from 'zod';
import { isoDateSchema } from './common.ts';

/**
 * Signed webhooks (docs/design.md §7 in ../shared/DESIGN.md: Standard Webhooks): the events an
 * organisation's endpoints subscribe to, the endpoints and their deliveries.
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.status_changed',
  'friend_request.accepted',
  'lead.replied',
  'campaign.started',
  'campaign.paused',
  'campaign.finished',
  'profile.restricted',
  'profile.logged_out',
  'licence.ran_out',
  'traffic.ran_out',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event "Send test event" sends (to one endpoint, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `url: at most ${WEBHOOK_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'url: must be an http:// or https:// address' }));

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'events: choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'events: an event is named twice');

const webhookDescriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);

export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  description: webhookDescriptionSchema.default(''),
  events: webhookEventsSchema,
  enabled: z.boolean().default(true),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    description: webhookDescriptionSchema.optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Send at least one field to change.');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** An endpoint as the API shows it: never its secret (that is shown once, at creation or rotation). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Until when the secret before the last rotation still signs deliveries (null: none). */
  previousSecretExpiresAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** A `whsec_…` signing secret (Standard Webhooks). */
const webhookSecretSchema = z.string().startsWith('whsec_');

export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: webhookSecretSchema });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const rotatedWebhookSecretSchema = z.object({
  secret: webhookSecretSchema,
  previousSecretExpiresAt: isoDateSchema,
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id: the `webhook-id` header, the receiver's dedupe key. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** The HTTP status of the last attempt (null: none yet, or no answer). */
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The first characters of the last answer's body. */
  responseSnippet: z.string().nullable(),
  /** Why the last attempt failed without an HTTP answer (timeout, refused address...). */
  error: z.string().nullable(),
  nextAttemptAt: isoDateSchema.nullable(),
  lastAttemptAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
