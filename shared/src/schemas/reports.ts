import { z } from 'zod';
import { idSchema } from './common.ts';
import { conversationStatusSchema } from './conversations.ts';
import { countSchema, emptyAsAbsent } from './http.ts';
import { canonicalTimeZone } from './profiles.ts';

/**
 * Reports across campaigns (issue 20): what the organisation's campaigns did over a range of days
 * in the reader's time zone, in total, per day, per campaign and per profile, and the funnel's
 * movement.
 *
 * GET /api/reports?from&to[&timeZone][&campaignId][&profileId]         → reportQuerySchema / reportResponseSchema
 * GET /api/reports/export?from&to[&timeZone][&campaignId][&profileId]  → reportQuerySchema / a CSV file
 *
 * Days are the days of `timeZone` (an IANA name; UTC when absent): the dashboard sends the
 * browser's. What counts as accepted, a reply and a positive reply is written in docs/decisions.md,
 * Reports.
 */

/** The longest range a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not); messages name the field. */
function reportDaySchema(name: string) {
  return z
    .string(`${name}: a date is required (YYYY-MM-DD)`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name}: must be a date written YYYY-MM-DD`)
    .refine((s) => {
      const at = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
    }, `${name}: must be a date that exists`);
}

/** The number of days from `from` to `to`, both included (1 for a single day). */
export function reportDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The report's time zone: an IANA name the runtime knows (America/New_York), canonically spelt; UTC when absent. */
const reportTimeZoneSchema = emptyAsAbsent(
  z
    .string('timeZone: must be an IANA time zone name such as America/New_York')
    .max(64, 'timeZone: must be an IANA time zone name such as America/New_York')
    .transform((s, ctx) => {
      const canonical = canonicalTimeZone(s);
      if (canonical === null) {
        ctx.addIssue({
          code: 'custom',
          message: `timeZone: "${s}" is not a known IANA time zone (such as America/New_York or UTC)`,
        });
        return z.NEVER;
      }
      return canonical;
    })
    .default('UTC'),
);

export const reportQuerySchema = z
  .object({
    from: reportDaySchema('from'),
    to: reportDaySchema('to'),
    timeZone: reportTimeZoneSchema,
    campaignId: emptyAsAbsent(idSchema.optional()),
    profileId: emptyAsAbsent(idSchema.optional()),
  })
  .superRefine((q, ctx) => {
    const days = reportDayCount(q.from, q.to);
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `to: ${q.to} is before from (${q.from})` });
    } else if (days > REPORT_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `to: a report covers at most ${REPORT_MAX_DAYS} days (this range has ${days})`,
      });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A share between 0 and 1 (it may pass 1 where earlier requests are accepted in a day); null when the denominator is 0. */
const rateSchema = z.number().nonnegative().nullable();

/** What one slice of the report counts, and the rates between its steps. */
export const reportCountsSchema = z.object({
  /** Friend requests sent (done friend-request tasks), by the time they were sent. */
  requestsSent: countSchema,
  /** Requests accepted, by the time of the acceptance. */
  accepted: countSchema,
  /** Conversations whose first answer from the lead came in the range, by that time. */
  replies: countSchema,
  /** Conversations with a reply read as positive (interested, question, booked), counted once, at the first such reading. */
  positiveReplies: countSchema,
  /** accepted / requestsSent. */
  acceptanceRate: rateSchema,
  /** replies / accepted. */
  replyRate: rateSchema,
  /** positiveReplies / replies. */
  positiveRate: rateSchema,
});
export type ReportCounts = z.infer<typeof reportCountsSchema>;

export const reportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: reportCountsSchema,
  /** Every day of the range, oldest first, days without activity included (zeros). */
  days: z.array(reportCountsSchema.extend({ date: z.string() })),
  /** Campaigns with activity in the range, most requests first; campaignId null: replies no campaign worked. */
  campaigns: z.array(
    reportCountsSchema.extend({ campaignId: z.number().int().nullable(), name: z.string().nullable() }),
  ),
  /** Profiles with activity in the range, most requests first; profileId null: a profile since removed. */
  profiles: z.array(
    reportCountsSchema.extend({ profileId: z.number().int().nullable(), name: z.string().nullable() }),
  ),
  /** The time zone whose days the report counts. */
  timeZone: z.string(),
  /**
   * The funnel's movement from its history (every move, by a person or the engine): per status,
   * the moves into it and out of it in the range; a new card moves into its first status.
   */
  funnel: z.array(
    z.object({ status: conversationStatusSchema, movedIn: countSchema, movedOut: countSchema }),
  ),
  /** The moves per day and from → to (from null: new cards), days with moves only, oldest first. */
  moves: z.array(
    z.object({
      date: z.string(),
      from: conversationStatusSchema.nullable(),
      to: conversationStatusSchema,
      count: countSchema,
    }),
  ),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
