import { z } from 'zod';
import type { ActivityEventType } from '../constants/events.ts';
import { idSchema, isoDateSchema } from './common.ts';
import { messageTemplateSchemaFor } from './templates.ts';

/**
 * Campaigns (docs/design.md §4). A first shape; the campaigns issue may refine it.
 *
 * GET   /api/campaigns               → campaignsListResponseSchema (a bare array)
 * POST  /api/campaigns               → createCampaignBodySchema / campaignSchema
 * GET   /api/campaigns/:id           → idParamsSchema / campaignSchema
 * PATCH /api/campaigns/:id           → idParamsSchema + updateCampaignBodySchema / campaignSchema
 * The run view's results (logs, stats, funnel, profile states) are in campaign-results.ts; each
 * route's schemas are named in shared/src/contract.
 */

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'stopped', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Statuses a user may ask for with PATCH (draft is where a campaign starts, finished is reached). */
export const CAMPAIGN_SETTABLE_STATUSES = ['running', 'paused', 'stopped'] as const;

export const CAMPAIGN_STEP_TYPES = [
  'collect',
  'target',
  'friendRequest',
  'welcomeMessage',
  'aiReply',
  'callToAction',
  'followUp',
  'joinGroups',
  'likePosts',
  'acceptRequests',
  'visitProfile',
  'followPerson',
] as const;
export type CampaignStepType = (typeof CAMPAIGN_STEP_TYPES)[number];

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
export const CAMPAIGN_STEPS_MAX = 20;
export const CAMPAIGN_LOGS_PAGE_SIZE = 50;
export const CAMPAIGN_LOGS_PAGE_MAX = 200;
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '18:00' } as const;
export const DEFAULT_GAP_SECONDS = { min: 60, max: 300 } as const;

/**
 * A step's message template: variables (`{firstName}`, an imported column `{companyName}`, with a
 * fallback `{{company|your team}}`) and spintax (`{Hi|Hello}`), see templates.ts. Its syntax is
 * checked here; its columns by the server, against the collection's leads.
 */
export const templateSchema = messageTemplateSchemaFor('any');

const httpUrlSchema = z
  .string()
  .trim()
  .max(1000, 'Link must be at most 1000 characters')
  .regex(/^https?:\/\/\S+$/i, 'Link must be an http(s) URL');

const keywordListSchema = z
  .array(z.string().trim().min(1).max(100))
  .max(50, 'At most 50 keywords')
  .default([]);

const collectStepSchema = z.object({
  type: z.literal('collect'),
  /** Collect the members of a group, or the results of a people search. */
  from: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('group'), groupUrl: httpUrlSchema }),
    z.object({ kind: z.literal('search'), query: z.string().trim().min(1).max(200) }),
  ]),
  maxCount: z.number().int().min(1).max(10_000),
});

const targetStepSchema = z.object({
  type: z.literal('target'),
  /** Which leads of the collection to work; every filter is optional. */
  filters: z
    .object({
      hasMessageButton: z.boolean().optional(),
      /** The lead's name must contain one of these (case-insensitive), when any are given. */
      includeKeywords: keywordListSchema,
      excludeKeywords: keywordListSchema,
      /** Skip leads that already got a friend request or a message from any campaign. */
      skipContacted: z.boolean().default(true),
    })
    .default({ includeKeywords: [], excludeKeywords: [], skipContacted: true }),
});

/** Defaults of a friend request step's slow-down (issue 17), used when the step does not set one. */
export const SLOW_DOWN_DEFAULTS = { lastRequests: 30, minAcceptanceRate: 0.2 } as const;
/** A request withdrawn this many days after it went out at the latest (the step's own choice is 1 to this). */
export const WITHDRAW_AFTER_DAYS_MAX = 90;

/** The actions an `afterWithdrawal` may go on with (the request is gone; the person is not a friend). */
export const AFTER_WITHDRAWAL_ACTIONS = ['followPerson', 'message'] as const;
/**
 * What a friend request step goes on with once a lead's unanswered request was withdrawn (issue 17):
 * follow the person, or (only a lead whose page has a Message button) send them a message.
 */
export const afterWithdrawalSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('followPerson') }),
  z.object({ action: z.literal('message'), template: templateSchema }),
]);
export type AfterWithdrawal = z.infer<typeof afterWithdrawalSchema>;
/** The step key of the task an afterWithdrawal plans (once per lead and campaign). */
export const AFTER_WITHDRAWAL_KEY = 'afterWithdrawal';

const friendRequestStepSchema = z.object({
  type: z.literal('friendRequest'),
  /**
   * A request still unanswered this many days after it went out is withdrawn by the profile that
   * sent it (absent: requests are never withdrawn). Networks restrict profiles with too many
   * pending requests.
   */
  withdrawAfterDays: z.number().int().min(1).max(WITHDRAW_AFTER_DAYS_MAX).optional(),
  /** After a withdrawal, one further action for that lead (absent: nothing). Needs withdrawAfterDays. */
  afterWithdrawal: afterWithdrawalSchema.optional(),
  /**
   * Slow down when people stop accepting: when fewer than `minAcceptanceRate` of a profile's last
   * `lastRequests` decided requests were accepted, its friend-request cap steps down (with a notice
   * saying why) and steps back up when the rate recovers. Absent: SLOW_DOWN_DEFAULTS; false: off.
   */
  slowDown: z
    .union([
      z.literal(false),
      z.object({
        lastRequests: z.number().int().min(10).max(500),
        minAcceptanceRate: z.number().min(0.01).max(0.95),
      }),
    ])
    .optional(),
});
/** Versions of a message tried side by side: `template` is A, these B, C, D. */
export const AB_VARIANTS_MAX = 3;
/** A message step's letter per version: 0 → A (the step's `template`), 1 → B, … */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);
/**
 * Other versions of a message step's text (B, C, D): each lead gets one version, the leads split
 * evenly between them; the campaign's results show each version's replies (A/B test).
 */
const abVariantsSchema = z
  .array(templateSchema)
  .max(AB_VARIANTS_MAX, `At most ${AB_VARIANTS_MAX} other versions of a message`)
  .optional();

const welcomeMessageStepSchema = z.object({
  type: z.literal('welcomeMessage'),
  template: templateSchema,
  abVariants: abVariantsSchema,
});

const intentNameSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Intent names hold letters, digits, _ . and -');
const aiReplyStepSchema = z.object({
  type: z.literal('aiReply'),
  /** Reply template per classified intent; `fallbackTemplate` when no intent matches (absent = no reply). */
  intents: z
    .record(intentNameSchema, templateSchema)
    .refine((r) => Object.keys(r).length >= 1, 'Give at least one intent')
    .refine((r) => Object.keys(r).length <= 50, 'At most 50 intents'),
  fallbackTemplate: templateSchema.optional(),
  /** Automatic replies one conversation may get per day (a person takes over beyond it). */
  maxPerConversationPerDay: z.number().int().min(1).max(20).optional(),
  /**
   * A lead who asks to be contacted later is written to again on the day they named, or this many
   * days later when they named none, with `template` (default: the first follow-up's template).
   */
  contactLater: z
    .object({
      template: templateSchema.optional(),
      defaultDays: z.number().int().min(1).max(365).optional(),
    })
    .optional(),
});
const callToActionStepSchema = z.object({
  type: z.literal('callToAction'),
  template: templateSchema,
  abVariants: abVariantsSchema,
});
const followUpStepSchema = z.object({
  type: z.literal('followUp'),
  /** Sent this many days after the last message when the lead has not replied. */
  afterDays: z.number().int().min(1).max(90),
  template: templateSchema,
  abVariants: abVariantsSchema,
  /** How many times this follow-up may be sent to one lead. */
  maxCount: z.number().int().min(1).max(10).default(1),
});
const joinGroupsStepSchema = z.object({
  type: z.literal('joinGroups'),
  groupUrls: z.array(httpUrlSchema).min(1, 'Give at least one group').max(50, 'At most 50 groups'),
});
const likePostsStepSchema = z.object({
  type: z.literal('likePosts'),
  count: z.number().int().min(1).max(100),
});
/** Confirm the friend requests people send the campaign's profiles; they join the collection and the funnel. */
const acceptRequestsStepSchema = z.object({ type: z.literal('acceptRequests') });
/**
 * Visit each targeted lead's page first (the warm-up: the network shows them the visit); the
 * campaign's next opening action (follow, request, or first message) is planned once the visit is done.
 */
const visitProfileStepSchema = z.object({ type: z.literal('visitProfile') });
/**
 * Follow each targeted lead (the soft alternative to a request, or before one): after a visit when
 * the campaign visits, before the request or first message when it sends one.
 */
const followPersonStepSchema = z.object({ type: z.literal('followPerson') });

export const campaignStepSchema = z.discriminatedUnion('type', [
  collectStepSchema,
  targetStepSchema,
  friendRequestStepSchema,
  welcomeMessageStepSchema,
  aiReplyStepSchema,
  callToActionStepSchema,
  followUpStepSchema,
  joinGroupsStepSchema,
  likePostsStepSchema,
  acceptRequestsStepSchema,
  visitProfileStepSchema,
  followPersonStepSchema,
]);
export type CampaignStep = z.infer<typeof campaignStepSchema>;

/** Steps in order; every type but followUp at most once (follow-ups chain by afterDays). */
export const campaignStepsSchema = z
  .array(campaignStepSchema)
  .min(1, 'A campaign needs at least one step')
  .max(CAMPAIGN_STEPS_MAX, `At most ${CAMPAIGN_STEPS_MAX} steps`)
  .superRefine((steps, ctx) => {
    const seen = new Set<CampaignStepType>();
    steps.forEach((step, index) => {
      if (step.type !== 'followUp' && seen.has(step.type)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'type'],
          message: `Only one ${step.type} step is allowed`,
        });
      }
      seen.add(step.type);
      if (step.type === 'friendRequest' && step.afterWithdrawal && step.withdrawAfterDays === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'afterWithdrawal'],
          message: `Step ${index + 1} (friend request): what to do after a withdrawal needs withdrawAfterDays (requests are never withdrawn without it)`,
        });
      }
    });
  });

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
