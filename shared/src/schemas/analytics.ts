import { z } from 'zod';
import { CLIENT_EVENT_SOURCE, CLIENT_EVENT_TYPES, VISIT_COUNTER_KEYS } from '../constants/analytics.ts';
import { TEXTS } from '../constants/messages.ts';

/**
 * Public analytics calls (spec §3 Client event, Visit-counter keys, §7 Page start-up and analytics).
 *
 * POST /api/summary {key} → summaryBodySchema / okResponseSchema
 * POST /api/emit {...}    → emitBodySchema / okResponseSchema
 */

export const visitCounterKeySchema = z.enum(VISIT_COUNTER_KEYS, {
  error: `key must be one of ${VISIT_COUNTER_KEYS.join(', ')}`,
});

export const summaryBodySchema = z.object({ key: visitCounterKeySchema });
export type SummaryBody = z.infer<typeof summaryBodySchema>;

/** Largest POST /api/emit body, counted as the characters of its JSON. */
export const EMIT_BODY_MAX_CHARS = 16_384;
export const EVENT_TYPE_MAX_LENGTH = 100;
export const EVENT_URL_MAX_LENGTH = 2048;
export const GUEST_ID_MAX_LENGTH = 100;
export const EVENT_SOURCE_MAX_LENGTH = 20;

/** An event type: a string (spec §8: "Event type must be string"), 1 to 100 characters. */
export const eventTypeSchema = z
  .string({ error: TEXTS.eventTypeMustBeString })
  .min(1, 'Event type must not be empty')
  .max(EVENT_TYPE_MAX_LENGTH, `Event type must be at most ${EVENT_TYPE_MAX_LENGTH} characters`);

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The body of a noGuestId event, sent first when the page has no guest id yet. */
export const noGuestIdEventSchema = z.object({
  type: z.literal(CLIENT_EVENT_TYPES.noGuestId),
  guestId: z
    .string({ error: 'guestId must be a string' })
    .min(1, 'guestId must not be empty')
    .max(GUEST_ID_MAX_LENGTH, `guestId must be at most ${GUEST_ID_MAX_LENGTH} characters`),
  source: z.string().max(EVENT_SOURCE_MAX_LENGTH).default(CLIENT_EVENT_SOURCE),
  url: z.string().max(EVENT_URL_MAX_LENGTH).optional(),
});
export type NoGuestIdEvent = z.infer<typeof noGuestIdEventSchema>;

/**
 * A client event: {type, source, url, hasGuestId, mongoAttributes, ...extra fields}. Extra fields
 * are kept as sent; the whole body is at most EMIT_BODY_MAX_CHARS of JSON. A noGuestId event must
 * also carry its guestId (noGuestIdEventSchema).
 */
export const emitBodySchema = z
  .object({
    type: eventTypeSchema,
    source: z
      .string()
      .max(EVENT_SOURCE_MAX_LENGTH, `source must be at most ${EVENT_SOURCE_MAX_LENGTH} characters`)
      .default(CLIENT_EVENT_SOURCE),
    url: z
      .string()
      .max(EVENT_URL_MAX_LENGTH, `url must be at most ${EVENT_URL_MAX_LENGTH} characters`)
      .optional(),
    hasGuestId: z.boolean().optional(),
    /** Free attributes stored with the event (the original product's name for them). */
    mongoAttributes: z.record(z.string().max(100), z.unknown()).optional(),
  })
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    if (jsonLength(body) > EMIT_BODY_MAX_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `Event body must be at most ${EMIT_BODY_MAX_CHARS} characters of JSON`,
      });
      return;
    }
    if (body.type === CLIENT_EVENT_TYPES.noGuestId) {
      const result = noGuestIdEventSchema.safeParse(body);
      for (const issue of result.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
  });
export type EmitBody = z.infer<typeof emitBodySchema>;
