import { describe, expect, it } from 'vitest';
import { CAMPAIGN_ACTIONS } from '../schemas/campaigns.ts';
import { ACTION_LABELS, stepKeyLabel, waitReasonText } from './action-labels.ts';

describe('action labels', () => {
  it('names every action', () => {
    for (const action of CAMPAIGN_ACTIONS) expect(ACTION_LABELS[action]).toMatch(/^[A-Z]/);
  });

  it('names a task by its step key, whatever follows the colon', () => {
    expect(stepKeyLabel('followUp:0:2')).toBe('Follow-up');
    expect(stepKeyLabel('aiReply:123')).toBe('AI reply');
    expect(stepKeyLabel('welcomeMessage')).toBe('Welcome message');
    for (const action of CAMPAIGN_ACTIONS) expect(stepKeyLabel(action)).not.toBe(action);
    expect(stepKeyLabel('somethingNew')).toBe('somethingNew');
    expect(stepKeyLabel('toString')).toBe('toString');
  });

  it('says why an executor waits', () => {
    expect(waitReasonText('daily-cap')).toBe("today's limits reached");
    expect(waitReasonText('odd')).toBe('odd');
  });
});
