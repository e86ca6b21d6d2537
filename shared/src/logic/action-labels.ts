import type { CampaignStepType } from '../schemas/campaign-steps.ts';
import type { CampaignAction } from '../schemas/campaigns.ts';
import type { ClaimReason } from '../schemas/executor.ts';

/**
 * How the dashboard, the extension's popup and the campaign log name an action: what one unit of
 * it is (the caps' labels, today's counts).
 */
export const ACTION_LABELS: Readonly<Record<CampaignAction, string>> = {
  collect: 'Profiles collected',
  friendRequest: 'Friend requests',
  welcomeMessage: 'Welcome messages',
  aiReply: 'AI replies',
  callToAction: 'Calls to action',
  followUp: 'Follow-ups',
  joinGroups: 'Groups joined',
  likePosts: 'Posts liked',
  acceptRequest: 'Requests accepted',
  withdrawRequest: 'Requests withdrawn',
  visitProfile: 'Profiles visited',
  followPerson: 'People followed',
};

/** Why an executor waits, as its popup says it ("Waiting: …"). */
const WAIT_REASON_TEXT: Readonly<Record<ClaimReason | 'manual-surfing', string>> = {
  ready: 'the next task',
  'no-tasks': 'nothing to do yet',
  paused: 'paused',
  gap: 'the pause between two actions',
  'outside-working-hours': 'outside working hours',
  'daily-cap': "today's limits reached",
  'traffic-ended': 'no proxy traffic left',
  'licence-expired': 'the licence has expired',
  'manual-surfing': 'someone is using this browser',
};

/** A claim's reason to wait in words; an unknown reason as it is. */
export function waitReasonText(reason: string): string {
  return Object.hasOwn(WAIT_REASON_TEXT, reason)
    ? (WAIT_REASON_TEXT[reason as keyof typeof WAIT_REASON_TEXT] as string)
    : reason;
}

/** How the builder, the run view and the campaign log name a step. */
export const STEP_LABELS: Readonly<Record<CampaignStepType, string>> = {
  collect: 'Collect profiles',
  target: 'Target leads',
  friendRequest: 'Friend request',
  welcomeMessage: 'Welcome message',
  aiReply: 'AI reply',
  callToAction: 'Call to action',
  followUp: 'Follow-up',
  joinGroups: 'Join groups',
  likePosts: 'Like posts',
  acceptRequests: 'Accept incoming requests',
  visitProfile: 'Visit profile',
  followPerson: 'Follow',
};

/** A task's step as the campaign log names it: its step's label, or one of the keys no step has. */
const STEP_KEY_LABELS: Readonly<Record<string, string>> = {
  ...STEP_LABELS,
  contactLater: 'Message on the day the lead asked for',
  afterWithdrawal: 'Message after the withdrawn request',
  withdrawRequest: 'Withdrawal of the friend request',
  acceptRequest: 'Acceptance of their friend request',
};
/** `followUp:0:2` → "Follow-up", `aiReply:123` → "AI reply"; an unknown key as it is. */
export function stepKeyLabel(stepKey: string): string {
  const kind = stepKey.split(':')[0] ?? stepKey;
  return Object.hasOwn(STEP_KEY_LABELS, kind) ? (STEP_KEY_LABELS[kind] as string) : stepKey;
}
