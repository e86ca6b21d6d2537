import { z } from 'zod';
import { messageTemplateSchemaFor } from './templates.ts';

/**
 * A campaign's steps (docs/design.md §4): each step type's settings, and the sequence they make
 * (campaigns.ts holds the campaign around them: actions, caps, hours, bodies). The engine plans the
 * steps as a sequence with conditions (server/src/engine/planner.ts, opening.ts, withdrawals.ts).
 */

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

export const CAMPAIGN_STEPS_MAX = 20;

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
