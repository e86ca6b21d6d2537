import { beforeAll, describe, expect, it } from 'vitest';
import { findNamedTime, startOfFutureDay } from '../src/ai/dates.ts';
import { DEFAULT_GUARDRAILS } from '../src/ai/guardrails.ts';
import { foreignLanguage } from '../src/ai/language.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';
import { findReferral } from '../src/ai/referral.ts';
import type { ReplyMessage } from '../src/ai/reply-provider.ts';

const provider = new OfflineReplyProvider();
beforeAll(() => provider.ready());

/** Wednesday 25 November 2026, 11:00 in Paris. */
const now = new Date('2026-11-25T10:00:00Z');
const paris = { now, timeZone: 'Europe/Paris' };
const lead = (text: string): ReplyMessage[] => [
  { direction: 'out', text: 'Hi Ada, worth a chat?', time: '2026-11-24T09:00:00Z' },
  { direction: 'in', text, time: '2026-11-25T09:00:00Z' },
];
const understand = (text: string) => provider.understand(lead(text), paris);

describe('the day a lead names (chrono-node, in the profile zone)', () => {
  it.each([
    ['ping me after the holidays', '2027-01-04T23:00:00.000Z'], // 5 January, Paris midnight
    ['try me in March', '2027-02-28T23:00:00.000Z'],
    ['next week', '2026-12-01T23:00:00.000Z'],
    ['follow up end of the month', '2026-11-29T23:00:00.000Z'],
    ['not now, maybe in Q2', '2027-03-31T22:00:00.000Z'], // 1 April, summer time
    ['try me again in spring', '2027-02-28T23:00:00.000Z'],
    ['our budget resets in January', '2026-12-31T23:00:00.000Z'],
    ['next quarter', '2026-12-31T23:00:00.000Z'],
    ['maybe next year', '2027-01-04T23:00:00.000Z'],
    ['in the fall', '2027-08-31T22:00:00.000Z'],
  ])('%s → %s', (text, at) => {
    expect(findNamedTime(text, now, 'Europe/Paris')?.at).toBe(at);
  });

  it('reads the day in the zone it is given, and ignores today, the past and no time at all', () => {
    // 23:30 UTC on the 25th is already the 26th in Auckland: "tomorrow" is the 27th there.
    const late = new Date('2026-11-25T23:30:00Z');
    expect(findNamedTime('tomorrow', late, 'Pacific/Auckland')?.at).toBe('2026-11-26T11:00:00.000Z');
    expect(findNamedTime('tomorrow', late, 'America/New_York')?.at).toBe('2026-11-26T05:00:00.000Z');
    expect(findNamedTime('not interested right now', now)).toBeNull();
    expect(findNamedTime('we signed last month', now)).toBeNull();
    expect(findNamedTime('today is busy', now)).toBeNull();
    expect(findNamedTime('ping me in Q2', now, 'Not/AZone')?.at).toBe('2027-04-01T00:00:00.000Z');
  });

  it('reads a YYYY-MM-DD day a model named, only when it is still to come', () => {
    expect(startOfFutureDay('2026-12-07', now, 'Europe/Paris')).toBe('2026-12-06T23:00:00.000Z');
    expect(startOfFutureDay('2026-11-25', now, 'Europe/Paris')).toBeNull();
    expect(startOfFutureDay('2026-02-30', now)).toBeNull();
    expect(startOfFutureDay('soon', now)).toBeNull();
  });
});

describe('the new intents', () => {
  it('contact-later answers carry the named day, or none', async () => {
    expect(await understand('ping me after the holidays')).toMatchObject({
      intent: 'contact-later',
      contactAt: '2027-01-04T23:00:00.000Z',
      needsPerson: null,
    });
    expect(await understand('not now, maybe in Q2')).toMatchObject({
      intent: 'contact-later',
      contactAt: '2027-03-31T22:00:00.000Z',
    });
    expect(await understand('let me think about it and get back to you')).toMatchObject({
      intent: 'contact-later',
      contactAt: null,
    });
  });

  it('a no that names a time is a later; without a time it stays a no', async () => {
    expect((await understand('not interested right now')).intent).toBe('not-interested');
    expect(await understand('not interested right now, maybe next quarter')).toMatchObject({
      intent: 'contact-later',
      contactAt: '2026-12-31T23:00:00.000Z',
    });
    expect((await understand('No thanks, we are happy with our current tool')).intent).toBe('not-interested');
  });

  it('unqualified answers keep a named referral', async () => {
    expect(await understand("I'm not the right person, the owner is Sarah")).toMatchObject({
      intent: 'unqualified',
      referral: 'Sarah',
    });
    expect(await understand("I'm only an intern here")).toMatchObject({
      intent: 'unqualified',
      referral: null,
    });
    expect(findReferral('You want to talk to our CEO, Maria Lopez')).toBe('Maria Lopez');
    expect(findReferral('ask my manager Lisa')).toBe('Lisa');
    expect(findReferral('not the right contact, try info@acme.com')).toBe('info@acme.com');
    expect(findReferral('Hey, I left Acme in March')).toBeNull();
  });

  it('stop is its own intent, apart from a plain no', async () => {
    expect((await understand('unsubscribe')).intent).toBe('stop');
    expect((await understand('Stop messaging me, this is spam')).intent).toBe('stop');
    expect((await understand('no thanks')).intent).toBe('not-interested');
  });
});

describe('needs a person: no automatic reply', () => {
  const templates = {
    interested: 'Great {firstName}!',
    'not-interested': 'Sorry to bother you!',
    stop: 'Done, you will not hear from us again.',
    other: 'Thanks!',
  };
  const reply = (text: string) =>
    provider.reply({
      ...paris,
      messages: lead(text),
      variables: { firstName: 'Ada' },
      templates,
      guardrails: DEFAULT_GUARDRAILS,
    });

  it('another language than the model’s, named', async () => {
    expect(await reply('Hola, gracias pero ahora mismo no nos interesa')).toMatchObject({
      intent: 'other',
      text: null,
      language: 'es',
      needsPerson: { reason: 'language', detail: expect.stringContaining('Spanish') },
    });
    expect(foreignLanguage('Danke, aber wir haben schon einen Anbieter')).toEqual({
      code: 'de',
      name: 'German',
    });
    // Too short to tell, or English: the model reads it.
    expect(foreignLanguage('ok')).toBeNull();
    expect(foreignLanguage('Thanks, but we are all set for this year')).toBeNull();
  });

  it('a hand-off word: the intent is kept, no reply', async () => {
    expect(await reply("I'll report you to LinkedIn, stop messaging me")).toMatchObject({
      intent: 'stop',
      text: null,
      needsPerson: { reason: 'handoff-word', detail: 'The lead wrote "report you"' },
    });
    expect(await reply('Sounds great, but I want to talk to a real person')).toMatchObject({
      text: null,
      needsPerson: { reason: 'handoff-word' },
    });
  });

  it('below the confidence threshold: intent other, no reply, even with an other template', async () => {
    const unsure = new OfflineReplyProvider({ minConfidence: 0.999 });
    const result = await unsure.reply({
      ...paris,
      messages: lead('hmm, maybe'),
      variables: {},
      templates,
      guardrails: DEFAULT_GUARDRAILS,
    });
    expect(result).toMatchObject({ intent: 'other', text: null, needsPerson: { reason: 'low-confidence' } });
    expect(result.needsPerson?.detail).toMatch(/best guess/);
  });

  it('an understood answer is answered as before', async () => {
    expect(await reply('yes please, tell me more')).toMatchObject({
      intent: 'interested',
      text: 'Great Ada!',
      needsPerson: null,
    });
  });
});
