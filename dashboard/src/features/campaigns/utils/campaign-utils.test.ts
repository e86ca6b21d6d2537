import { createCampaignBodySchema } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { makeCampaign, makeLog } from '../test-support/campaign-fixtures.tsx';
import { campaignToForm, emptyCampaignForm, formToPayload, newStep } from './campaign-form-values.ts';
import { fieldOfPath, validateCampaignForm } from './campaign-validation.ts';
import { fillDays, formatPercent } from './funnel.ts';
import { type LogPages, prependLog } from './log-pages.ts';

describe('campaign form values', () => {
  it('round-trips every step type through the form', () => {
    const campaign = makeCampaign(1, {
      steps: [
        { type: 'collect', from: { kind: 'search', query: 'florists berlin' }, maxCount: 250 },
        {
          type: 'target',
          filters: {
            hasMessageButton: true,
            includeKeywords: ['anna', 'ben'],
            excludeKeywords: [],
            skipContacted: false,
          },
        },
        {
          type: 'friendRequest',
          withdrawAfterDays: 21,
          slowDown: { lastRequests: 50, minAcceptanceRate: 0.07 },
        },
        { type: 'welcomeMessage', template: 'Hi {firstName}', abVariants: ['Hello {firstName}!'] },
        {
          type: 'aiReply',
          intents: { interested: 'Great!', booked: 'See you', 'contact-later': 'Sure, talk then' },
          fallbackTemplate: 'Thanks',
          maxPerConversationPerDay: 3,
          contactLater: { template: 'Hi again {firstName}', defaultDays: 21 },
        },
        { type: 'callToAction', template: 'Book here' },
        {
          type: 'followUp',
          afterDays: 4,
          template: 'Any news?',
          abVariants: ['Still keen?', 'Ping!'],
          maxCount: 2,
        },
        { type: 'joinGroups', groupUrls: ['https://x.test/g/1', 'https://x.test/g/2'] },
        { type: 'likePosts', count: 12 },
      ],
      dailyCaps: { friendRequest: 15, likePosts: 0 },
      workingHours: { start: '22:00', end: '06:00' },
      gapSeconds: { min: 30, max: 90 },
    });
    const checked = validateCampaignForm(campaignToForm(campaign));
    expect(checked.ok && checked.body).toEqual({
      name: campaign.name,
      collectionId: campaign.collectionId,
      profileIds: campaign.profileIds,
      steps: campaign.steps,
      dailyCaps: campaign.dailyCaps,
      workingHours: campaign.workingHours,
      gapSeconds: campaign.gapSeconds,
    });
  });

  it('leaves empty caps and empty intents out, and reads a group collect step', () => {
    const form = emptyCampaignForm();
    form.steps = [{ ...newStep('collect'), groupUrl: 'https://x.test/g/9' }, { ...newStep('aiReply') }];
    form.steps[1] = {
      ...newStep('aiReply'),
      intents: { ...newStep('aiReply').intents, question: 'Ask away' },
    };
    const payload = formToPayload(form);
    expect(payload.dailyCaps).toEqual({});
    expect(payload.steps).toEqual([
      { type: 'collect', from: { kind: 'group', groupUrl: 'https://x.test/g/9' }, maxCount: 100 },
      { type: 'aiReply', intents: { question: 'Ask away' } },
    ]);
  });

  it('puts each schema message on its field, without the path zod writes in front', () => {
    const form = { ...emptyCampaignForm(), name: 'A', collectionId: '3', profileIds: [7] };
    form.steps = [
      { ...newStep('likePosts'), count: 'abc' },
      { ...newStep('welcomeMessage'), template: 'Hi {frist' },
    ];
    form.gapSeconds = { min: '500', max: '100' };
    form.dailyCaps.followUp = '5000';
    const checked = validateCampaignForm(form);
    expect(checked.ok).toBe(false);
    const messages = checked.ok ? new Map() : checked.messages;
    expect(messages.get('steps.0.count')).toBe('Enter a whole number');
    // The template's syntax is checked here; its variables by the server, which knows the
    // collection's columns ({frist} may be one): its 400 lands on the same field.
    expect(messages.get('steps.1.template')).toBe('Unclosed { at character 4');
    expect(messages.get('gapSeconds.min')).toBe('Minimum gap must not exceed maximum gap');
    expect(messages.get('dailyCaps.followUp')).toMatch(/^Too big/);
    expect(createCampaignBodySchema.safeParse(formToPayload(form)).success).toBe(false);

    // A second step of a type is the step's own message.
    form.steps = [newStep('likePosts'), newStep('friendRequest'), newStep('likePosts')];
    const twice = validateCampaignForm(form);
    expect(twice.ok ? null : twice.messages.get('steps.2.type')).toBe('Only one likePosts step is allowed');
  });

  it('reads a friend request without withdrawal and with slow-down off, and sends it back so', () => {
    const form = campaignToForm(makeCampaign(1, { steps: [{ type: 'friendRequest', slowDown: false }] }));
    expect(form.steps[0]).toMatchObject({ withdrawRequests: false, slowDown: false });
    expect(formToPayload(form).steps).toEqual([{ type: 'friendRequest', slowDown: false }]);
    const plain = campaignToForm(makeCampaign(1, { steps: [{ type: 'friendRequest' }] }));
    expect(plain.steps[0]).toMatchObject({
      slowDown: true,
      slowDownLastRequests: '30',
      slowDownMinRate: '20',
    });
    expect(formToPayload(plain).steps).toEqual([{ type: 'friendRequest' }]);
  });

  it('round-trips visit and follow steps and what follows a withdrawal', () => {
    const steps = [
      { type: 'visitProfile' as const },
      { type: 'followPerson' as const },
      {
        type: 'friendRequest' as const,
        withdrawAfterDays: 5,
        afterWithdrawal: { action: 'message' as const, template: 'Hi {firstName}' },
      },
    ];
    const form = campaignToForm(makeCampaign(1, { steps }));
    expect(form.steps[2]).toMatchObject({
      afterWithdrawal: 'message',
      afterWithdrawalTemplate: 'Hi {firstName}',
    });
    expect(formToPayload(form).steps).toEqual(steps);
    // Withdrawing turned off: nothing follows a withdrawal either.
    const off = { ...form, steps: form.steps.map((s) => ({ ...s, withdrawRequests: false })) };
    expect(formToPayload(off).steps).toEqual([
      { type: 'visitProfile' },
      { type: 'followPerson' },
      { type: 'friendRequest' },
    ]);
    // An empty message after the withdrawal is named at its field.
    const empty = { ...form, steps: form.steps.map((s) => ({ ...s, afterWithdrawalTemplate: '' })) };
    const checked = validateCampaignForm(empty);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect([...checked.messages.keys()]).toEqual(['steps.2.afterWithdrawalTemplate']);
  });

  it('maps body paths to the form fields', () => {
    expect(fieldOfPath(['steps', 1, 'afterWithdrawal'])).toBe('steps.1.afterWithdrawal');
    expect(fieldOfPath(['steps', 1, 'afterWithdrawal', 'template'])).toBe('steps.1.afterWithdrawalTemplate');
    expect(fieldOfPath(['steps', 0, 'from', 'groupUrl'])).toBe('steps.0.groupUrl');
    expect(fieldOfPath(['steps', 1, 'filters', 'includeKeywords', 2])).toBe('steps.1.includeKeywords');
    expect(fieldOfPath(['steps', 2, 'intents', 'booked'])).toBe('steps.2.intents.booked');
    expect(fieldOfPath(['steps', 2, 'intents'])).toBe('steps.2.type');
    expect(fieldOfPath(['steps', 3, 'groupUrls', 0])).toBe('steps.3.groupUrls');
    expect(fieldOfPath(['steps', 0, 'withdrawAfterDays'])).toBe('steps.0.withdrawAfterDays');
    expect(fieldOfPath(['steps', 0, 'slowDown', 'minAcceptanceRate'])).toBe('steps.0.slowDownMinRate');
    expect(fieldOfPath(['steps', 0, 'slowDown', 'lastRequests'])).toBe('steps.0.slowDownLastRequests');
    expect(fieldOfPath(['steps', 4, 'abVariants', 1])).toBe('steps.4.abVariants.1.text');
    expect(fieldOfPath(['steps'])).toBe('root.steps');
    expect(fieldOfPath(['workingHours'])).toBe('workingHours.end');
    expect(fieldOfPath(['profileIds', 1])).toBe('profileIds');
    expect(fieldOfPath([])).toBe('root.schema');
  });
});

describe('run view helpers', () => {
  it('fills the quiet days between the first and last, keeping the latest ones', () => {
    const day = (date: string, requests: number) => ({
      date,
      requests,
      accepted: 0,
      messages: 0,
      replies: 0,
    });
    expect(fillDays([day('2026-02-27', 1), day('2026-03-02', 2)]).map((d) => [d.date, d.requests])).toEqual([
      ['2026-02-27', 1],
      ['2026-02-28', 0],
      ['2026-03-01', 0],
      ['2026-03-02', 2],
    ]);
    expect(fillDays([day('2026-01-01', 1), day('2026-03-01', 2)], 3).map((d) => d.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(fillDays([])).toEqual([]);
    expect([formatPercent(0), formatPercent(0.4), formatPercent(0.125), formatPercent(1)]).toEqual([
      '0%',
      '40%',
      '12.5%',
      '100%',
    ]);
  });

  it('prepends a pushed log row once, in id order, and leaves a log not yet loaded alone', () => {
    const data: LogPages = {
      pages: [
        { logs: [makeLog(10), makeLog(9)], hasMore: true },
        { logs: [makeLog(8)], hasMore: false },
      ],
      pageParams: [-1, 9],
    };
    const once = prependLog(data, makeLog(11));
    expect(once?.pages.map((p) => p.logs.map((l) => l.id))).toEqual([[11, 10, 9], [8]]);
    expect(prependLog(once, makeLog(11))).toBe(once);
    expect(prependLog(once, makeLog(8))).toBe(once);
    expect(prependLog(undefined, makeLog(1))).toBeUndefined();
  });
});
