import {
  type CreateCampaignBody,
  createCampaignBodySchema,
  WITHDRAW_AFTER_DAYS_MAX,
} from '@reachly/shared/schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FormIssue } from '../../../lib/form-issues.ts';
import { type CampaignFormValues, formToPayload } from './campaign-form-values.ts';

type Issue = FormIssue;

const STEP_FIELDS = new Set([
  'template',
  'fallbackTemplate',
  'maxPerConversationPerDay',
  'maxCount',
  'afterDays',
  'count',
  'groupUrls',
  'withdrawAfterDays',
]);
const FILTER_FIELDS = new Set(['hasMessageButton', 'includeKeywords', 'excludeKeywords', 'skipContacted']);

/**
 * The form field a body path points at (`steps.2.template`), or a root key for the form's top:
 * `root.steps` (the steps list) or `root.schema` (anything else).
 */
export function fieldOfPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  switch (head) {
    case 'name':
    case 'collectionId':
    case 'profileIds':
      return head;
    case 'steps': {
      const [index, field, sub] = rest;
      if (index === undefined || !/^\d+$/.test(index)) return 'root.steps';
      const step = `steps.${index}`;
      if (field === 'from') return `${step}.${sub === 'groupUrl' || sub === 'query' ? sub : 'fromKind'}`;
      if (field === 'filters' && sub !== undefined && FILTER_FIELDS.has(sub)) return `${step}.${sub}`;
      if (field === 'intents' && sub !== undefined) return `${step}.intents.${sub}`;
      if (field === 'contactLater')
        return `${step}.${sub === 'defaultDays' ? 'contactLaterDays' : 'contactLaterTemplate'}`;
      if (field === 'abVariants' && sub !== undefined && /^\d+$/.test(sub))
        return `${step}.abVariants.${sub}.text`;
      // What follows a withdrawal: its message's text, else the choice itself.
      if (field === 'afterWithdrawal')
        return `${step}.${sub === 'template' ? 'afterWithdrawalTemplate' : 'afterWithdrawal'}`;
      if (field === 'slowDown')
        return `${step}.${sub === 'minAcceptanceRate' ? 'slowDownMinRate' : 'slowDownLastRequests'}`;
      if (field !== undefined && STEP_FIELDS.has(field)) return `${step}.${field}`;
      // The step as a whole (a second step of a type, no intent given...): shown under its title.
      return `${step}.type`;
    }
    case 'dailyCaps':
      return rest[0] ? `dailyCaps.${rest[0]}` : 'root.schema';
    case 'workingHours':
      return rest[0] === 'start' ? 'workingHours.start' : 'workingHours.end';
    case 'gapSeconds':
      return rest[0] === 'max' ? 'gapSeconds.max' : 'gapSeconds.min';
    default:
      return 'root.schema';
  }
}

/** The friend request step's numbers: the shared schema's bounds, said in the form's own units. */
const FRIEND_REQUEST_BOUNDS: Record<string, string> = {
  withdrawAfterDays: `Withdraw after 1 to ${WITHDRAW_AFTER_DAYS_MAX} days`,
  slowDownLastRequests: 'Count the last 10 to 500 requests',
  slowDownMinRate: 'Give a rate from 1 % to 95 %',
};

/** zod's own messages start with their path ("steps.1.count: Too small…"); beside the field it is noise. */
function messageOf(issue: Issue): string {
  const field = fieldOfPath(issue.path ?? []);
  const bounds = FRIEND_REQUEST_BOUNDS[field.split('.').at(-1) ?? ''];
  if (bounds && field.startsWith('steps.')) return bounds;
  if (issue.code === 'invalid_type') {
    if (field === 'collectionId') return 'Choose a collection';
    if (issue.expected === 'number') return 'Enter a whole number';
  }
  const prefix = issue.path?.length ? `${issue.path.map(String).join('.')}: ` : '';
  return prefix && issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
}

/** The first message per form field, keyed by the field's dotted path. */
export function issuesToFieldMessages(issues: readonly Issue[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const field = fieldOfPath(issue.path ?? []);
    if (!messages.has(field)) messages.set(field, messageOf(issue));
  }
  return messages;
}

/** Sets `value` at a dotted path, creating objects on the way (react-hook-form reads errors so). */
function setAt(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] as string] = value;
}

/** Judges the form with the shared create schema, as the server will. */
export function validateCampaignForm(
  values: CampaignFormValues,
): { ok: true; body: CreateCampaignBody } | { ok: false; messages: Map<string, string> } {
  const result = createCampaignBodySchema.safeParse(formToPayload(values));
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, messages: issuesToFieldMessages(result.error.issues as Issue[]) };
}

/** react-hook-form resolver: the form's values → the body the shared schema accepts, or its messages. */
export const campaignResolver: Resolver<CampaignFormValues, unknown, CreateCampaignBody> = (values) => {
  const checked = validateCampaignForm(values);
  if (checked.ok) return { values: checked.body, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [field, message] of checked.messages) setAt(errors, field, { type: 'schema', message });
  return { values: {}, errors: errors as FieldErrors<CampaignFormValues> };
};
