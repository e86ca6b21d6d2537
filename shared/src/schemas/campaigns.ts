import { z } from 'zod';
import type { ActivityEventType } from '../constants/events.ts';
import { campaignStepSchema, campaignStepsSchema, templateSchema } from './campaign-steps.ts';
import { idSchema, isoDateSchema } from './common.ts';

/**
 * Campaigns (docs/design.md §4). A first shape; the campaigns issue may refine it.
 *
 * GET   /api/campaigns               → campaignsListResponseSchema (a bare array)
 * POST  /api/campaigns               → createCampaignBodySchema / campaignSchema
 * GET   /api/campaigns/:id           → idParamsSchema / campaignSchema
 * PATCH /api/campaigns/:id           → idParamsSchema + updateCampaignBodySchema / campaignSchema
 * The steps are in campaign-steps.ts; the run view's results (logs, stats, funnel, profile states) in campaign-results.ts; each
 * route's schemas are named in shared/src/contract.
 */

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'stopped', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Statuses a user may ask for with PATCH (draft is where a campaign starts, finished is reached). */
export const CAMPAIGN_SETTABLE_STATUSES = ['running', 'paused', 'stopped'] as const;

/** The actions that count against a profile's daily caps. */
export const CAMPAIGN_ACTIONS = [
  'collect',
  'friendRequest',
  'welcomeMessage',
  'aiReply',
  'callToAction',
  'followUp',
  'joinGroups',
  'likePosts',
  'acceptRequest',
  /** A friend request's withdrawal, withdrawAfterDays after it went out unanswered. */
  'withdrawRequest',
  /** Open a lead's page (the warm-up before a request): the network shows the lead a visit. */
  'visitProfile',
  /** Follow a lead (the soft alternative to a request), or after their request was withdrawn. */
  'followPerson',
] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** The log row a done task of each action writes. */
export const DONE_LOG_TYPES: Readonly<Record<CampaignAction, ActivityEventType>> = {
  collect: 'COLLECTING_FINISHED',
  friendRequest: 'SENT_FRIEND_REQUEST',
  welcomeMessage: 'SENT_WELCOME_MESSAGE',
  aiReply: 'SENT_AI_REPLY',
  callToAction: 'SENT_CALL_TO_ACTION',
  followUp: 'SENT_FOLLOW_UP',
  joinGroups: 'JOINED_TO_GROUP',
  likePosts: 'LIKED_POST',
  acceptRequest: 'STATUS_CHANGE',
  withdrawRequest: 'STATUS_CHANGE',
  // Spec §3's types are fixed: a visit reads the lead's page (FETCHING), a follow changes the
  // lead's relation to the profile (STATUS_CHANGE, as a withdrawal). docs/decisions.md.
  visitProfile: 'FETCHING',
  followPerson: 'STATUS_CHANGE',
};

/** Per-profile daily caps used for an action the campaign does not cap (a cautious start). */
export const DEFAULT_DAILY_CAPS: Readonly<Record<CampaignAction, number>> = {
  collect: 500,
  friendRequest: 20,
  welcomeMessage: 20,
  aiReply: 50,
  callToAction: 20,
  followUp: 20,
  joinGroups: 3,
  likePosts: 20,
  acceptRequest: 20,
  /**
   * Withdrawals have a cap of their own, not the requests': they lower the risk a network sees
   * (fewer pending requests), so they are not held back by the day's requests; a generous cap keeps
   * a backlog (a campaign's first withdrawals) from being cleared in one burst.
   */
  withdrawRequest: 50,
  /** Visits are reads, cheap for the network to see; follows are a gesture, capped as requests. */
  visitProfile: 50,
  followPerson: 20,
};
/** AI replies one conversation may get per local day, unless the step says otherwise. */
export const AI_REPLIES_PER_CONVERSATION_PER_DAY = 2;
/** A lead who asks to be contacted later without naming a day is written to again this many days later. */
export const CONTACT_LATER_DEFAULT_DAYS = 30;
/** Step keys of the message planned for the day a lead named: `contactLater:<message id>`. */
export const CONTACT_LATER_KEY_PREFIX = 'contactLater:';
export const DAILY_CAP_MAX = 1000;
export const CAMPAIGN_NAME_MAX_LENGTH = 100;
export const CAMPAIGN_PROFILES_MAX = 100;
export const CAMPAIGN_LOGS_PAGE_SIZE = 50;
export const CAMPAIGN_LOGS_PAGE_MAX = 200;
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '18:00' } as const;
export const DEFAULT_GAP_SECONDS = { min: 60, max: 300 } as const;

export const dailyCapsSchema = z.object(
  Object.fromEntries(
    CAMPAIGN_ACTIONS.map((a) => [a, z.number().int().min(0).max(DAILY_CAP_MAX).optional()]),
  ) as {
    [K in CampaignAction]: z.ZodOptional<z.ZodNumber>;
  },
);
export type DailyCaps = z.infer<typeof dailyCapsSchema>;

export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like HH:MM (00:00 to 23:59)');

/**
 * Working hours in the profile's proxy timezone. end before start spans midnight (22:00 → 06:00);
 * equal start and end would be an empty window and fails.
 */
export const workingHoursSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((w) => w.start !== w.end, {
    message: 'Working hours must not start and end at the same time',
    path: ['end'],
  });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** The random pause between two actions of a profile, in seconds. */
export const gapSecondsSchema = z
  .object({ min: z.number().int().min(1).max(86_400), max: z.number().int().min(1).max(86_400) })
  .refine((g) => g.min <= g.max, { message: 'Minimum gap must not exceed maximum gap', path: ['min'] });
export type GapSeconds = z.infer<typeof gapSecondsSchema>;

const campaignNameSchema = z
  .string({ error: 'Campaign name must be a string' })
  .trim()
  .min(1, 'Campaign name must not be empty')
  .max(CAMPAIGN_NAME_MAX_LENGTH, `Campaign name must be at most ${CAMPAIGN_NAME_MAX_LENGTH} characters`);

const profileIdsSchema = z
  .array(idSchema)
  .min(1, 'Choose at least one profile')
  .max(CAMPAIGN_PROFILES_MAX, `At most ${CAMPAIGN_PROFILES_MAX} profiles`)
  .refine((ids) => new Set(ids).size === ids.length, 'A profile is listed twice');

export const createCampaignBodySchema = z.object({
  name: campaignNameSchema,
  collectionId: idSchema,
  profileIds: profileIdsSchema,
  steps: campaignStepsSchema,
  dailyCaps: dailyCapsSchema.default({}),
  workingHours: workingHoursSchema.default({ ...DEFAULT_WORKING_HOURS }),
  gapSeconds: gapSecondsSchema.default({ ...DEFAULT_GAP_SECONDS }),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** PATCH /api/campaigns/:id: any subset of the create fields, and a status to move to. */
export const updateCampaignBodySchema = z
  .object({
    name: campaignNameSchema,
    collectionId: idSchema,
    profileIds: profileIdsSchema,
    steps: campaignStepsSchema,
    dailyCaps: dailyCapsSchema,
    workingHours: workingHoursSchema,
    gapSeconds: gapSecondsSchema,
    status: z.enum(CAMPAIGN_SETTABLE_STATUSES),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change');
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  collectionId: z.number().int(),
  profileIds: z.array(z.number().int()),
  steps: z.array(campaignStepSchema),
  dailyCaps: dailyCapsSchema,
  workingHours: workingHoursSchema,
  gapSeconds: gapSecondsSchema,
  status: campaignStatusSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsListResponseSchema = z.array(campaignSchema);
export type CampaignsListResponse = z.infer<typeof campaignsListResponseSchema>;

const previewLeadFieldSchema = z
  .string()
  .max(200, 'A lead field must be at most 200 characters')
  .nullable()
  .optional();

/**
 * POST /api/campaigns/preview-template: a template rendered for a lead (seed = same spin choices):
 * with `collectionId`, for a real lead of that collection (`leadId`, else its first), with the
 * collection's columns as variables and a count of leads each variable would leave empty;
 * without, or while the collection has no lead, for the sample `lead`.
 */
export const previewTemplateBodySchema = z.object({
  template: templateSchema,
  collectionId: idSchema.optional(),
  leadId: idSchema.optional(),
  lead: z
    .object({
      name: previewLeadFieldSchema,
      firstName: previewLeadFieldSchema,
      lastName: previewLeadFieldSchema,
    })
    .optional(),
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
});
export type PreviewTemplateBody = z.infer<typeof previewTemplateBodySchema>;

/**
 * The rendered text and how many different messages the spintax can make; with a collection, the
 * lead it was rendered for (null when the collection has none) and, per variable used without a
 * fallback, how many of the collection's leads (not excluded) have no value for it.
 */
export const previewTemplateResponseSchema = z.object({
  text: z.string(),
  variants: z.number().int().nonnegative(),
  lead: z.object({ id: idSchema, name: z.string().nullable() }).nullable().optional(),
  leads: z.number().int().nonnegative().optional(),
  missing: z.array(z.object({ variable: z.string(), leads: z.number().int().nonnegative() })).optional(),
});
export type PreviewTemplateResponse = z.infer<typeof previewTemplateResponseSchema>;
