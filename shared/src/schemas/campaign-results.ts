import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES } from '../constants/events.ts';
import { CAMPAIGN_ACTIONS, CAMPAIGN_LOGS_PAGE_MAX, CAMPAIGN_LOGS_PAGE_SIZE } from './campaigns.ts';
import { isoDateSchema } from './common.ts';
import { emptyAsAbsent, queryIntSchema } from './http.ts';

/** A campaign's results as the run view reads them (docs/design.md §4): its log, counts, funnel and profiles. */

/** One campaign log row (an activity event of spec §3); campaignId is null for a profile-level event. */
export const campaignLogSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int().nullable(),
  profileId: z.number().int().nullable(),
  leadId: z.number().int().nullable(),
  type: z.enum(ACTIVITY_EVENT_TYPES),
  message: z.string().nullable(),
  createdAt: isoDateSchema,
});
export type CampaignLog = z.infer<typeof campaignLogSchema>;

/** GET /api/campaigns/:id/logs: newest first; `lastId` = the last id shown (-1 or absent = newest page). */
export const campaignLogsQuerySchema = z.object({
  lastId: queryIntSchema(-1, 2_147_483_647, -1),
  limit: queryIntSchema(1, CAMPAIGN_LOGS_PAGE_MAX, CAMPAIGN_LOGS_PAGE_SIZE),
  /** Only these types, comma-separated (`?types=RESTRICTION,DANGER`); absent = every type. */
  types: emptyAsAbsent(
    z
      .string()
      .max(1000)
      .transform((s) => s.split(',').map((t) => t.trim()))
      .pipe(
        z
          .array(z.enum(ACTIVITY_EVENT_TYPES, { error: 'Unknown log type' }))
          .min(1)
          .max(ACTIVITY_EVENT_TYPES.length),
      )
      .optional(),
  ),
});
export type CampaignLogsQuery = z.infer<typeof campaignLogsQuerySchema>;

export const campaignLogsResponseSchema = z.object({
  logs: z.array(campaignLogSchema),
  hasMore: z.boolean(),
});
export type CampaignLogsResponse = z.infer<typeof campaignLogsResponseSchema>;

/** What a running campaign did today, per action (campaign-run-update pushes). */
export const campaignRunStatsSchema = z.partialRecord(
  z.enum(CAMPAIGN_ACTIONS),
  z.number().int().nonnegative(),
);
export type CampaignRunStats = z.infer<typeof campaignRunStatsSchema>;

/**
 * GET /api/campaigns/:id/stats: tasks done, per step (`stepKey` of campaign_tasks) in all and per
 * UTC day of their finished_at (`date` is YYYY-MM-DD), in date then step order.
 */
export const campaignStatsResponseSchema = z.object({
  byStep: z.array(z.object({ stepKey: z.string(), count: z.number().int().nonnegative() })),
  byDay: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      stepKey: z.string(),
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type CampaignStatsResponse = z.infer<typeof campaignStatsResponseSchema>;

/**
 * GET /api/campaigns/:id/funnel: per UTC day, what the run view charts: friend requests sent,
 * requests accepted, messages sent (welcome, AI reply, call to action, follow-up), replies received,
 * for the campaign's leads; and the rates over the whole campaign (0..1, 0 when nothing was sent).
 */
export const campaignFunnelDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  requests: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  replies: z.number().int().nonnegative(),
});
export const campaignFunnelResponseSchema = z.object({
  days: z.array(campaignFunnelDaySchema),
  totals: campaignFunnelDaySchema.omit({ date: true }),
  /** accepted / requests. */
  acceptanceRate: z.number().min(0).max(1),
  /** Leads who replied / leads messaged. */
  replyRate: z.number().min(0).max(1),
});
export type CampaignFunnelResponse = z.infer<typeof campaignFunnelResponseSchema>;

/** GET /api/campaigns/:id/profiles: each profile's state in the run view. */
export const campaignProfileStateSchema = z.object({
  profileId: z.number().int(),
  name: z.string(),
  loginStatus: z.string(),
  /** Set while a RESTRICTION or DANGER signal pauses the profile. */
  pausedUntil: isoDateSchema.nullable(),
  pauseReason: z.string().nullable(),
  /** When the profile's browser last asked for work (null: never). */
  lastSeenAt: isoDateSchema.nullable(),
  /** The browser failed to start after it last asked for work: nothing runs until it starts. */
  launchFailedAt: isoDateSchema.nullable(),
  /** Done actions of this campaign today (UTC day), per action. */
  today: campaignRunStatsSchema,
});
export const campaignProfilesResponseSchema = z.array(campaignProfileStateSchema);
export type CampaignProfileState = z.infer<typeof campaignProfileStateSchema>;

/**
 * GET /api/campaigns/:id/variants: the A/B test of each message step that has (or had) versions:
 * per version (A is the step's template, B, C, D its abVariants), the messages sent, the leads who
 * replied after it, those whose reply read positive, and the reply rate (null before any was sent).
 * `template` is the version's current text (null when the step no longer has it).
 */
export const campaignVariantSchema = z.object({
  variant: z.string(),
  template: z.string().nullable(),
  sent: z.number().int().nonnegative(),
  replied: z.number().int().nonnegative(),
  positive: z.number().int().nonnegative(),
  replyRate: z.number().min(0).max(1).nullable(),
});
export type CampaignVariant = z.infer<typeof campaignVariantSchema>;
export const campaignVariantsResponseSchema = z.array(
  z.object({
    /** welcomeMessage, callToAction, or followUp:<n> (the n-th follow-up step, from 0). */
    step: z.string(),
    /** "Welcome message", "Follow-up 2". */
    label: z.string(),
    /** The index of the step in the campaign's steps (null when it is gone). */
    stepIndex: z.number().int().nullable(),
    versions: z.array(campaignVariantSchema),
  }),
);
export type CampaignVariantsResponse = z.infer<typeof campaignVariantsResponseSchema>;
