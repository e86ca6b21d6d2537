import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import { leadSchema } from './leads.ts';

/**
 * The task protocol between the server and an executor (the extension in a profile browser; in
 * tests, a script), docs/design.md §4. An executor signs in with the user's access token and works for
 * one profile: every call names it, and a task is only ever handed to the profile it was planned for.
 *
 * POST /api/executor/claim               claimTaskBodySchema        → claimTaskResponseSchema
 * POST /api/executor/tasks/:id/started   taskStartedBodySchema      → executorTaskSchema (lease renewed)
 * POST /api/executor/tasks/:id/outcome   taskOutcomeBodySchema      → taskOutcomeResponseSchema
 * POST /api/executor/events              executorEventsBodySchema   → executorEventsResponseSchema
 */

/** How long a claim is held before the task may be handed out again (with `recheck`). */
export const TASK_LEASE_SECONDS = 300;
/** A started task's lease: actions such as collecting a large group take longer. */
export const STARTED_LEASE_SECONDS = 900;
/** A profile paused by a RESTRICTION or DANGER signal that names no end waits this long. */
export const DEFAULT_PAUSE_HOURS = 24;
/** A failed task is tried again this many times in all, a little later each time. */
export const TASK_MAX_ATTEMPTS = 3;

const textSchema = z.string().trim().min(1).max(5000);
const profileUrlSchema = z.string().trim().min(1).max(2000);

export const claimTaskBodySchema = z.object({ profileId: idSchema });
export type ClaimTaskBody = z.infer<typeof claimTaskBodySchema>;

/** The lead a task acts on, with what the page needs to find it. */
export const taskLeadSchema = leadSchema.pick({
  id: true,
  profileUrl: true,
  name: true,
  firstName: true,
  lastName: true,
  hasMessageButton: true,
});
export type TaskLead = z.infer<typeof taskLeadSchema>;

const taskBase = {
  id: z.number().int(),
  campaignId: z.number().int(),
  profileId: z.number().int(),
  stepKey: z.string(),
  /** Which claim of this task this is (1 = first); reports must quote it. */
  attempt: z.number().int().positive(),
  /**
   * The previous claim lapsed without an outcome: the action may or may not have happened. Check the
   * page first (request already sent, message already in the thread) and report done if so.
   */
  recheck: z.boolean(),
  leaseUntil: isoDateSchema,
};

export const collectSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), groupUrl: z.string() }),
  z.object({ kind: z.literal('search'), query: z.string() }),
]);

/** The action of a person's message from the inbox (not a campaign action). */
export const MANUAL_MESSAGE_ACTION = 'manualMessage';

export const MESSAGE_ACTIONS = ['welcomeMessage', 'aiReply', 'callToAction', 'followUp'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

export const executorTaskSchema = z.discriminatedUnion('action', [
  z.object({
    ...taskBase,
    action: z.literal('collect'),
    source: collectSourceSchema,
    maxCount: z.number().int(),
  }),
  z.object({ ...taskBase, action: z.literal('friendRequest'), lead: taskLeadSchema }),
  /** Confirm the friend request this person sent the profile (campaigns that accept incoming requests). */
  z.object({ ...taskBase, action: z.literal('acceptRequest'), lead: taskLeadSchema }),
  /**
   * Withdraw the profile's friend request to this person, unanswered withdrawAfterDays after it went
   * out. The person's page showing them a friend already: report skipped (nothing is withdrawn).
   */
  z.object({ ...taskBase, action: z.literal('withdrawRequest'), lead: taskLeadSchema }),
  /** Open the person's page (a campaign's warm-up visit); done reports what the page showed. */
  z.object({ ...taskBase, action: z.literal('visitProfile'), lead: taskLeadSchema }),
  /** Follow the person (already followed on the page: done, alreadyDone). */
  z.object({ ...taskBase, action: z.literal('followPerson'), lead: taskLeadSchema }),
  z.object({
    ...taskBase,
    action: z.enum(MESSAGE_ACTIONS),
    lead: taskLeadSchema,
    text: z.string(),
    /**
     * Messages with this same text the profile had already sent the lead when the task was first
     * handed out (a follow-up may repeat an earlier text): the page shows it sent once there are more.
     */
    sentBefore: z.number().int().min(0),
  }),
  /**
   * A message a person wrote in the inbox, sent by this profile before any campaign work
   * (`campaignId` 0: no campaign's). Its started and outcome go to /api/executor/manual-messages/:id.
   */
  z.object({
    ...taskBase,
    action: z.literal(MANUAL_MESSAGE_ACTION),
    lead: taskLeadSchema,
    text: z.string(),
    sentBefore: z.number().int().min(0),
  }),
  z.object({ ...taskBase, action: z.literal('joinGroups'), groupUrl: z.string() }),
  z.object({ ...taskBase, action: z.literal('likePosts'), count: z.number().int() }),
]);
export type ExecutorTask = z.infer<typeof executorTaskSchema>;

/** Why no task was handed out (or `ready` when one was). */
export const CLAIM_REASONS = [
  'ready',
  'no-tasks',
  'paused',
  'gap',
  'outside-working-hours',
  'daily-cap',
  /** The profile is on the product's proxies and the organisation has no traffic left. */
  'traffic-ended',
  /** The organisation's licence has expired: tasks stay queued until it is renewed. */
  'licence-expired',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const claimTaskResponseSchema = z.object({
  task: executorTaskSchema.nullable(),
  reason: z.enum(CLAIM_REASONS),
  /** With a task: the gap to wait after it before claiming again. Without: when to ask again. */
  retryAfterSeconds: z.number().int().nonnegative(),
  /** Set while the profile is paused by a RESTRICTION or DANGER signal. */
  pausedUntil: isoDateSchema.nullable(),
});
export type ClaimTaskResponse = z.infer<typeof claimTaskResponseSchema>;

const reportBase = { profileId: idSchema, attempt: z.number().int().positive() };

export const taskStartedBodySchema = z.object(reportBase);
export type TaskStartedBody = z.infer<typeof taskStartedBodySchema>;

export const collectedProfileSchema = z.object({
  profileUrl: profileUrlSchema,
  name: z.string().trim().max(300).optional(),
  firstName: z.string().trim().max(150).optional(),
  lastName: z.string().trim().max(150).optional(),
  avatarUrl: z.string().trim().max(2000).optional(),
  /** Member lists and search results rarely show it: null = unknown, learnt on the first visit. */
  hasMessageButton: z.boolean().nullable().default(null),
});
export type CollectedProfile = z.infer<typeof collectedProfileSchema>;

export const RESTRICTION_SIGNALS = ['RESTRICTION', 'DANGER'] as const;

/** A restriction the network showed (a failed health check, a warning, a block page). */
const restrictionFields = {
  signal: z.enum(RESTRICTION_SIGNALS),
  message: z.string().trim().min(1).max(2000),
  /** When the network lifts the block, if it said; else DEFAULT_PAUSE_HOURS from now. */
  until: isoDateSchema.optional(),
};

export const taskOutcomeBodySchema = z.discriminatedUnion('status', [
  z.object({
    ...reportBase,
    status: z.literal('done'),
    /** What the executor did: the text it sent, the profiles it collected, the posts it liked. */
    data: z
      .object({
        text: textSchema.optional(),
        collected: z.array(collectedProfileSchema).max(10_000).optional(),
        liked: z.number().int().nonnegative().max(1000).optional(),
        /** The page showed the action already done (after a recheck): nothing was sent again. */
        alreadyDone: z.boolean().optional(),
        /** What the lead's page showed: whether it has a Message button (learnt on every visit). */
        hasMessageButton: z.boolean().optional(),
      })
      .default({}),
  }),
  z.object({
    ...reportBase,
    status: z.literal('skipped'),
    reason: z.string().trim().min(1).max(500),
    /** What the lead's page showed, e.g. no Message button (reason 'no-message-button'). */
    hasMessageButton: z.boolean().optional(),
  }),
  z.object({ ...reportBase, status: z.literal('failed'), error: z.string().trim().min(1).max(2000) }),
  z.object({
    ...reportBase,
    status: z.literal('restricted'),
    ...restrictionFields,
  }),
]);
export type TaskOutcomeBody = z.infer<typeof taskOutcomeBodySchema>;

export const TASK_STATUSES = [
  'pending',
  'claimed',
  'started',
  'done',
  'skipped',
  'failed',
  'cancelled',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const taskOutcomeResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(TASK_STATUSES),
  /** When the profile may claim again (the gap, or the end of a pause). */
  retryAfterSeconds: z.number().int().nonnegative(),
});
export type TaskOutcomeResponse = z.infer<typeof taskOutcomeResponseSchema>;

/** Things the executor saw on the network that no task asked for. */
export const executorEventSchema = z.discriminatedUnion('kind', [
  /** A lead accepted the profile's friend request. */
  z.object({ kind: z.literal('friendAccepted'), profileUrl: profileUrlSchema, at: isoDateSchema.optional() }),
  /** A person sent the profile a friend request (campaigns that accept them plan the confirmation). */
  z.object({
    kind: z.literal('friendRequestReceived'),
    profileUrl: profileUrlSchema,
    name: z.string().trim().min(1).max(300).optional(),
  }),
  /**
   * A person is browsing the network by hand in the profile's browser (a tab the automation does
   * not drive): the automation holds back meanwhile. `path` is the page's path, without its query.
   */
  z.object({ kind: z.literal('manualSurfing'), path: z.string().trim().min(1).max(500) }),
  /** A message from a lead in the profile's messenger. */
  z.object({
    kind: z.literal('message'),
    profileUrl: profileUrlSchema,
    text: textSchema,
    sentAt: isoDateSchema,
    /** The network's id of the message when the page shows one: its reply is planned once per id. */
    messageId: z.string().trim().min(1).max(200).optional(),
  }),
  /** A health check failed, a warning or a block page: the profile stops until `until`. */
  z.object({
    kind: z.literal('signal'),
    ...restrictionFields,
  }),
]);
export type ExecutorEvent = z.infer<typeof executorEventSchema>;

export const executorEventsBodySchema = z.object({
  profileId: idSchema,
  events: z.array(executorEventSchema).min(1, 'Send at least one event').max(500, 'At most 500 events'),
});
export type ExecutorEventsBody = z.infer<typeof executorEventsBodySchema>;

export const executorEventsResponseSchema = z.object({
  /** Events that changed something (a new message, a new acceptance, a pause). */
  applied: z.number().int().nonnegative(),
  /** Events already known or about people who are not this organisation's leads. */
  ignored: z.number().int().nonnegative(),
});
export type ExecutorEventsResponse = z.infer<typeof executorEventsResponseSchema>;
