import type { ReplyIntent } from '@reachly/shared/constants';
import {
  type AfterWithdrawal,
  CAMPAIGN_ACTIONS,
  type Campaign,
  type CampaignAction,
  type CampaignStep,
  type CampaignStepType,
  type CreateCampaignBody,
  DEFAULT_GAP_SECONDS,
  DEFAULT_WORKING_HOURS,
  SLOW_DOWN_DEFAULTS,
} from '@reachly/shared/schemas';
import type { Control } from 'react-hook-form';

/**
 * The intents an AI reply step answers (of the server's REPLY_INTENTS): a "stop" or a wrong person
 * gets nothing at all (they go on do-not-contact), so neither takes a template.
 */
export const AI_REPLY_INTENTS = [
  'interested',
  'question',
  'not-interested',
  'booked',
  'contact-later',
  'other',
] as const satisfies readonly ReplyIntent[];
export type AiReplyIntent = (typeof AI_REPLY_INTENTS)[number];

export const INTENT_LABELS: Readonly<Record<AiReplyIntent, string>> = {
  interested: 'Interested',
  question: 'Asks a question',
  'not-interested': 'Not interested',
  booked: 'Booked a call',
  'contact-later': 'Asks to be contacted later',
  other: 'Anything else',
};

/**
 * One step as the form keeps it: every type's fields in one row (only the step type's are sent),
 * numbers and lists as the text typed, so each field binds straight to an input.
 */
export interface StepFormValues {
  type: CampaignStepType;
  /** collect */
  fromKind: 'group' | 'search';
  groupUrl: string;
  query: string;
  /** collect (profiles to collect) and followUp (times per lead) */
  maxCount: string;
  /** target */
  hasMessageButton: 'any' | 'yes' | 'no';
  includeKeywords: string;
  excludeKeywords: string;
  skipContacted: boolean;
  /** welcomeMessage, callToAction, followUp */
  template: string;
  /** welcomeMessage, callToAction, followUp: other versions of the message (B, C, D), for an A/B test */
  abVariants: { text: string }[];
  /** aiReply: a template per intent (empty = that intent gets no reply) and the fallback */
  intents: Record<AiReplyIntent, string>;
  fallbackTemplate: string;
  /** aiReply: automatic replies per conversation and day ('' = the default) */
  maxPerConversationPerDay: string;
  /** aiReply: the message for a lead who asked for later ('' = the first follow-up's) and the days to wait when they named no day ('' = the default) */
  contactLaterTemplate: string;
  contactLaterDays: string;
  /** followUp */
  afterDays: string;
  /** friendRequest: withdraw requests unanswered after withdrawAfterDays (off by default) */
  withdrawRequests: boolean;
  withdrawAfterDays: string;
  /** friendRequest: what follows a withdrawal ('none' = nothing), and the message's text */
  afterWithdrawal: 'none' | AfterWithdrawal['action'];
  afterWithdrawalTemplate: string;
  /** friendRequest: step the cap down when few accept (on by default; off sends slowDown: false) */
  slowDown: boolean;
  slowDownLastRequests: string;
  /** the minimum acceptance rate in per cent, as typed */
  slowDownMinRate: string;
  /** joinGroups: one link per line */
  groupUrls: string;
  /** likePosts */
  count: string;
}

export interface CampaignFormValues {
  name: string;
  /** '' until one is chosen. */
  collectionId: string;
  profileIds: number[];
  steps: StepFormValues[];
  /** '' = the default cap. */
  dailyCaps: Record<CampaignAction, string>;
  workingHours: { start: string; end: string };
  gapSeconds: { min: string; max: string };
}

/** The builder's form: its values, checked into a create body by the resolver. */
export type CampaignFormControl = Control<CampaignFormValues, unknown, CreateCampaignBody>;

const emptyIntents = (): Record<AiReplyIntent, string> =>
  Object.fromEntries(AI_REPLY_INTENTS.map((i) => [i, ''])) as Record<AiReplyIntent, string>;

/** The age the builder offers when a person turns withdrawing on (two weeks, as peers advise). */
const WITHDRAW_AFTER_DAYS_DEFAULT = 14;

/** A new step of a type, with that type's sensible defaults. */
export function newStep(type: CampaignStepType): StepFormValues {
  return {
    type,
    fromKind: 'group',
    groupUrl: '',
    query: '',
    maxCount: type === 'followUp' ? '1' : '100',
    hasMessageButton: 'any',
    includeKeywords: '',
    excludeKeywords: '',
    skipContacted: true,
    template: '',
    abVariants: [],
    intents: emptyIntents(),
    fallbackTemplate: '',
    maxPerConversationPerDay: '',
    contactLaterTemplate: '',
    contactLaterDays: '',
    afterDays: '3',
    withdrawRequests: false,
    withdrawAfterDays: String(WITHDRAW_AFTER_DAYS_DEFAULT),
    afterWithdrawal: 'none',
    afterWithdrawalTemplate: '',
    slowDown: true,
    slowDownLastRequests: String(SLOW_DOWN_DEFAULTS.lastRequests),
    slowDownMinRate: String(SLOW_DOWN_DEFAULTS.minAcceptanceRate * 100),
    groupUrls: '',
    count: '10',
  };
}

export function emptyCampaignForm(): CampaignFormValues {
  return {
    name: '',
    collectionId: '',
    profileIds: [],
    steps: [],
    dailyCaps: Object.fromEntries(CAMPAIGN_ACTIONS.map((a) => [a, ''])) as Record<CampaignAction, string>,
    workingHours: { ...DEFAULT_WORKING_HOURS },
    gapSeconds: { min: String(DEFAULT_GAP_SECONDS.min), max: String(DEFAULT_GAP_SECONDS.max) },
  };
}

function stepToForm(step: CampaignStep): StepFormValues {
  const row = newStep(step.type);
  switch (step.type) {
    case 'collect':
      row.fromKind = step.from.kind;
      if (step.from.kind === 'group') row.groupUrl = step.from.groupUrl;
      else row.query = step.from.query;
      row.maxCount = String(step.maxCount);
      break;
    case 'target': {
      const f = step.filters;
      row.hasMessageButton = f.hasMessageButton === undefined ? 'any' : f.hasMessageButton ? 'yes' : 'no';
      row.includeKeywords = f.includeKeywords.join(', ');
      row.excludeKeywords = f.excludeKeywords.join(', ');
      row.skipContacted = f.skipContacted;
      break;
    }
    case 'welcomeMessage':
    case 'callToAction':
      row.template = step.template;
      row.abVariants = (step.abVariants ?? []).map((text) => ({ text }));
      break;
    case 'aiReply':
      for (const [intent, template] of Object.entries(step.intents)) {
        if ((AI_REPLY_INTENTS as readonly string[]).includes(intent))
          row.intents[intent as AiReplyIntent] = template;
      }
      row.fallbackTemplate = step.fallbackTemplate ?? '';
      row.maxPerConversationPerDay = step.maxPerConversationPerDay?.toString() ?? '';
      row.contactLaterTemplate = step.contactLater?.template ?? '';
      row.contactLaterDays = step.contactLater?.defaultDays?.toString() ?? '';
      break;
    case 'followUp':
      row.afterDays = String(step.afterDays);
      row.template = step.template;
      row.abVariants = (step.abVariants ?? []).map((text) => ({ text }));
      row.maxCount = String(step.maxCount);
      break;
    case 'joinGroups':
      row.groupUrls = step.groupUrls.join('\n');
      break;
    case 'likePosts':
      row.count = String(step.count);
      break;
    case 'acceptRequests':
    case 'visitProfile':
    case 'followPerson':
      break;
    case 'friendRequest':
      row.withdrawRequests = step.withdrawAfterDays !== undefined;
      if (step.withdrawAfterDays !== undefined) row.withdrawAfterDays = String(step.withdrawAfterDays);
      row.afterWithdrawal = step.afterWithdrawal?.action ?? 'none';
      if (step.afterWithdrawal?.action === 'message')
        row.afterWithdrawalTemplate = step.afterWithdrawal.template;
      row.slowDown = step.slowDown !== false;
      if (step.slowDown) {
        row.slowDownLastRequests = String(step.slowDown.lastRequests);
        row.slowDownMinRate = String(Math.round(step.slowDown.minAcceptanceRate * 1000) / 10);
      }
      break;
  }
  return row;
}

/** A stored campaign as the builder edits it. */
export function campaignToForm(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    collectionId: String(campaign.collectionId),
    profileIds: [...campaign.profileIds],
    steps: campaign.steps.map(stepToForm),
    dailyCaps: Object.fromEntries(
      CAMPAIGN_ACTIONS.map((a) => [
        a,
        campaign.dailyCaps[a] === undefined ? '' : String(campaign.dailyCaps[a]),
      ]),
    ) as Record<CampaignAction, string>,
    workingHours: { ...campaign.workingHours },
    gapSeconds: { min: String(campaign.gapSeconds.min), max: String(campaign.gapSeconds.max) },
  };
}

/** A typed number: '' stays absent; anything else is Number() (NaN for text, which the schema refuses). */
function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Keywords typed with commas or on separate lines. */
function splitList(text: string, separator: RegExp = /[,\n]/): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * A friend request step: withdrawAfterDays when withdrawing is on; slowDown false when off, absent
 * (the defaults) when its figures are the defaults, else the figures typed (the rate from per cent).
 */
function friendRequestPayload(step: StepFormValues): Record<string, unknown> {
  const lastRequests = toNumber(step.slowDownLastRequests);
  const percent = toNumber(step.slowDownMinRate);
  const minAcceptanceRate = percent === undefined ? undefined : Math.round(percent * 10) / 1000;
  const defaults =
    lastRequests === SLOW_DOWN_DEFAULTS.lastRequests &&
    minAcceptanceRate === SLOW_DOWN_DEFAULTS.minAcceptanceRate;
  return {
    type: 'friendRequest',
    ...(step.withdrawRequests ? { withdrawAfterDays: toNumber(step.withdrawAfterDays) } : {}),
    ...(step.withdrawRequests && step.afterWithdrawal !== 'none'
      ? {
          afterWithdrawal:
            step.afterWithdrawal === 'message'
              ? { action: 'message', template: step.afterWithdrawalTemplate }
              : { action: step.afterWithdrawal },
        }
      : {}),
    ...(!step.slowDown
      ? { slowDown: false }
      : defaults
        ? {}
        : { slowDown: { lastRequests, minAcceptanceRate } }),
  };
}

/** A message step's other versions, when it has any (an empty one is checked like the message). */
function abVariantsPayload(step: StepFormValues): { abVariants?: string[] } {
  return step.abVariants.length ? { abVariants: step.abVariants.map((v) => v.text) } : {};
}

/** One step's body as the API takes it (not yet validated). */
function stepToPayload(step: StepFormValues): Record<string, unknown> {
  switch (step.type) {
    case 'collect':
      return {
        type: 'collect',
        from:
          step.fromKind === 'group'
            ? { kind: 'group', groupUrl: step.groupUrl }
            : { kind: 'search', query: step.query },
        maxCount: toNumber(step.maxCount),
      };
    case 'target':
      return {
        type: 'target',
        filters: {
          ...(step.hasMessageButton === 'any' ? {} : { hasMessageButton: step.hasMessageButton === 'yes' }),
          includeKeywords: splitList(step.includeKeywords),
          excludeKeywords: splitList(step.excludeKeywords),
          skipContacted: step.skipContacted,
        },
      };
    case 'friendRequest':
      return friendRequestPayload(step);
    case 'acceptRequests':
    case 'visitProfile':
    case 'followPerson':
      return { type: step.type };
    case 'welcomeMessage':
    case 'callToAction':
      return { type: step.type, template: step.template, ...abVariantsPayload(step) };
    case 'aiReply':
      return {
        type: 'aiReply',
        intents: Object.fromEntries(
          AI_REPLY_INTENTS.filter((i) => step.intents[i].trim() !== '').map((i) => [i, step.intents[i]]),
        ),
        ...(step.fallbackTemplate.trim() === '' ? {} : { fallbackTemplate: step.fallbackTemplate }),
        ...(step.maxPerConversationPerDay.trim() === ''
          ? {}
          : { maxPerConversationPerDay: toNumber(step.maxPerConversationPerDay) }),
        ...(step.contactLaterTemplate.trim() === '' && step.contactLaterDays.trim() === ''
          ? {}
          : {
              contactLater: {
                ...(step.contactLaterTemplate.trim() === '' ? {} : { template: step.contactLaterTemplate }),
                ...(step.contactLaterDays.trim() === ''
                  ? {}
                  : { defaultDays: toNumber(step.contactLaterDays) }),
              },
            }),
      };
    case 'followUp':
      return {
        type: 'followUp',
        afterDays: toNumber(step.afterDays),
        template: step.template,
        ...abVariantsPayload(step),
        maxCount: toNumber(step.maxCount),
      };
    case 'joinGroups':
      return { type: 'joinGroups', groupUrls: splitList(step.groupUrls, /\n/) };
    case 'likePosts':
      return { type: 'likePosts', count: toNumber(step.count) };
  }
}

/** The whole body of POST /api/campaigns (or a full PATCH), not yet validated. */
export function formToPayload(values: CampaignFormValues): Record<string, unknown> {
  return {
    name: values.name,
    collectionId: values.collectionId === '' ? undefined : Number(values.collectionId),
    profileIds: values.profileIds,
    steps: values.steps.map(stepToPayload),
    dailyCaps: Object.fromEntries(
      CAMPAIGN_ACTIONS.flatMap((a) => {
        const cap = toNumber(values.dailyCaps[a]);
        return cap === undefined ? [] : [[a, cap]];
      }),
    ),
    workingHours: { ...values.workingHours },
    gapSeconds: { min: toNumber(values.gapSeconds.min), max: toNumber(values.gapSeconds.max) },
  };
}
