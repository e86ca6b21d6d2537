import { z } from 'zod';
import { NEEDS_PERSON_REASONS, REPLY_INTENTS } from '../constants/intents.ts';

export const replyIntentSchema = z.enum(REPLY_INTENTS);

export const needsPersonSchema = z.object({
  reason: z.enum(NEEDS_PERSON_REASONS),
  /** For the notice: the language's name, the hand-off word, or the confidence. */
  detail: z.string(),
});
export type NeedsPerson = z.infer<typeof needsPersonSchema>;

/**
 * The understanding of a lead's answer that an OpenAI-compatible model returns as structured JSON
 * output (the same columns the offline classifier answers). `contactAt` is the day the lead named,
 * YYYY-MM-DD in the profile's time zone; `referral` the person the lead pointed to.
 */
export const aiReplyAnswerSchema = z.object({
  intent: replyIntentSchema,
  confidence: z.number().min(0).max(1),
  contactAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
    .nullable(),
  referral: z.string().trim().min(1).max(200).nullable(),
  reply: z.string().max(2000).nullable(),
});
export type AiReplyAnswer = z.infer<typeof aiReplyAnswerSchema>;
