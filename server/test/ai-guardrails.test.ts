import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARDRAILS, decideAutoReply, findHandoffWord } from '../src/ai/guardrails.ts';
import type { ReplyMessage } from '../src/ai/reply-provider.ts';

const lead = (text: string): ReplyMessage[] => [
  { direction: 'out', text: 'Hi! Worth a chat?', time: '2025-06-02T09:00:00Z' },
  { direction: 'in', text, time: '2025-06-02T10:00:00Z' },
];
const base = { settings: DEFAULT_GUARDRAILS, repliesToday: 0, isWithinWorkingHours: true };

describe('AI reply guardrails', () => {
  it('allows a reply within hours and under the cap', () => {
    expect(decideAutoReply({ ...base, messages: lead('how much is it?') })).toEqual({
      action: 'reply',
      reason: 'allowed',
    });
  });

  it('stops at the daily cap', () => {
    const settings = { ...DEFAULT_GUARDRAILS, dailyCap: 3 };
    expect(decideAutoReply({ ...base, settings, repliesToday: 2, messages: lead('ok') }).action).toBe(
      'reply',
    );
    expect(decideAutoReply({ ...base, settings, repliesToday: 3, messages: lead('ok') })).toEqual({
      action: 'skip',
      reason: 'daily-cap-reached',
    });
  });

  it('never replies outside working hours', () => {
    expect(decideAutoReply({ ...base, isWithinWorkingHours: false, messages: lead('tell me more') })).toEqual(
      {
        action: 'skip',
        reason: 'outside-working-hours',
      },
    );
  });

  it('hands the conversation to a person on a hand-off word, whatever the hour or cap', () => {
    expect(
      decideAutoReply({
        ...base,
        isWithinWorkingHours: false,
        repliesToday: 99,
        messages: lead('I will call my Lawyer!'),
      }),
    ).toEqual({ action: 'handoff', reason: 'handoff-word', word: 'lawyer' });
    expect(decideAutoReply({ ...base, messages: lead('can I talk to a  real person?') }).word).toBe(
      'real person',
    );
    expect(decideAutoReply({ ...base, messages: lead('let me ask our managers') }).word).toBe('manager');
  });

  it('matches whole words of a configurable list, in the lead messages since the last one sent', () => {
    expect(findHandoffWord('she is humane', ['human'])).toBeNull();
    expect(findHandoffWord('Ich möchte einen Anwalt', ['anwalt'])).toBe('anwalt');
    expect(findHandoffWord('what (a+b)?', ['a+b'])).toBe('a+b');
    const settings = { dailyCap: 10, handoffWords: ['refund'] };
    expect(decideAutoReply({ ...base, settings, messages: lead('I want a refund') }).action).toBe('handoff');
    const answered: ReplyMessage[] = [
      ...lead('I want a refund'),
      { direction: 'out', text: 'Done, refunded.', time: '2025-06-02T11:00:00Z' },
      { direction: 'in', text: 'thanks!', time: '2025-06-02T12:00:00Z' },
    ];
    expect(decideAutoReply({ ...base, settings, messages: answered }).action).toBe('reply');
  });
});
