import type { CampaignStepType } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { newStep, type StepFormValues } from './campaign-form-values.ts';
import { replyRule, stepConditions } from './sequence.ts';

const step = (type: CampaignStepType, values: Partial<StepFormValues> = {}) => ({
  ...newStep(type),
  ...values,
});

describe('the sequence as the builder reads it', () => {
  it('says when each step runs: visit, follow, request with its withdrawal, welcome, follow-ups', () => {
    const steps = [
      step('visitProfile'),
      step('followPerson'),
      step('friendRequest', { withdrawRequests: true, withdrawAfterDays: '10', afterWithdrawal: 'message' }),
      step('welcomeMessage'),
      step('followUp', { afterDays: '3', maxCount: '2' }),
      step('followUp', { afterDays: '7', maxCount: '1' }),
    ];
    expect(stepConditions(steps)).toEqual([
      'First, for each targeted lead.',
      'After the visit, for each targeted lead.',
      'After the follow. If not accepted in 10 days: withdraw the request, then send them a message (if they have a Message button).',
      'After the request is accepted.',
      'If no reply in 3 days: follow-ups 1–2 of 3.',
      'If no reply in 7 days: follow-up 3 of 3.',
    ]);
    expect(replyRule(steps)).toBe(
      'If the lead replies at any point, the sequence stops: a person takes over in the inbox.',
    );
  });

  it('reads a campaign saved before sequences as it always ran, and a follow as the soft alternative', () => {
    expect(stepConditions([step('friendRequest'), step('welcomeMessage'), step('aiReply')])).toEqual([
      'For each targeted lead. Unanswered requests stay pending.',
      'After the request is accepted.',
      'If the lead replies: the sequence stops and the AI answers by intent; a person takes over beyond it.',
    ]);
    expect(
      stepConditions([
        step('followPerson'),
        step('welcomeMessage'),
        step('friendRequest', { withdrawRequests: true, withdrawAfterDays: '', afterWithdrawal: 'none' }),
      ]),
    ).toEqual([
      'First, for each targeted lead.',
      'After the request is accepted.',
      'After the follow. If not accepted in N days: withdraw the request, nothing more is sent.',
    ]);
    expect(stepConditions([step('followPerson'), step('welcomeMessage')])).toEqual([
      'First, for each targeted lead.',
      'After the follow: to leads with a Message button.',
    ]);
    expect(replyRule([step('aiReply')])).toContain('the AI reply step answers');
  });
});
