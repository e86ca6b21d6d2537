import { describe, expect, it } from 'vitest';
import {
  campaignLogSchema,
  campaignLogsQuerySchema,
  campaignLogsResponseSchema,
} from './campaign-results.ts';
import { type CampaignStep, campaignStepSchema } from './campaign-steps.ts';
import {
  campaignSchema,
  createCampaignBodySchema,
  dailyCapsSchema,
  gapSecondsSchema,
  updateCampaignBodySchema,
  workingHoursSchema,
} from './campaigns.ts';

const steps: CampaignStep[] = [
  {
    type: 'collect',
    from: { kind: 'group', groupUrl: 'https://facebook.com/groups/dentists' },
    maxCount: 500,
  },
  {
    type: 'target',
    filters: { hasMessageButton: true, includeKeywords: ['dr'], excludeKeywords: [], skipContacted: true },
  },
  { type: 'friendRequest' },
  { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}!' },
  { type: 'aiReply', intents: { interested: 'Great, here is the link', notInterested: 'No worries' } },
  { type: 'callToAction', template: 'Book a call: https://cal.example/x' },
  { type: 'followUp', afterDays: 3, template: 'Any thoughts, {firstName}?', maxCount: 1 },
  { type: 'followUp', afterDays: 7, template: 'Last ping', maxCount: 1 },
  { type: 'joinGroups', groupUrls: ['https://facebook.com/groups/a'] },
  { type: 'likePosts', count: 5 },
];

const body = { name: 'Dentists Q3', collectionId: 2, profileIds: [1, 2], steps };

describe('campaign bodies', () => {
  it('parses a full create body with defaults', () => {
    const parsed = createCampaignBodySchema.parse(body);
    expect(parsed.steps).toEqual(steps);
    expect(parsed.dailyCaps).toEqual({});
    expect(parsed.workingHours).toEqual({ start: '09:00', end: '18:00' });
    expect(parsed.gapSeconds).toEqual({ min: 60, max: 300 });
  });

  it('discriminates steps on type', () => {
    expect(
      campaignStepSchema.parse({
        type: 'collect',
        from: { kind: 'search', query: 'dentist berlin' },
        maxCount: 10,
      }),
    ).toEqual({ type: 'collect', from: { kind: 'search', query: 'dentist berlin' }, maxCount: 10 });
    expect(campaignStepSchema.parse({ type: 'target' })).toEqual({
      type: 'target',
      filters: { includeKeywords: [], excludeKeywords: [], skipContacted: true },
    });
    expect(campaignStepSchema.safeParse({ type: 'teleport' }).success).toBe(false);
    expect(campaignStepSchema.safeParse({ type: 'welcomeMessage' }).success).toBe(false);
    expect(campaignStepSchema.safeParse({ type: 'followUp', afterDays: 0, template: 'x' }).success).toBe(
      false,
    );
    expect(campaignStepSchema.safeParse({ type: 'likePosts', count: 101 }).success).toBe(false);
    expect(campaignStepSchema.safeParse({ type: 'aiReply', intents: {} }).error?.issues[0]?.message).toBe(
      'Give at least one intent',
    );
    expect(campaignStepSchema.safeParse({ type: 'joinGroups', groupUrls: ['groups/a'] }).success).toBe(false);
  });

  it('checks templates', () => {
    expect(
      campaignStepSchema.safeParse({ type: 'callToAction', template: '{Hi|Hello} {firstName}' }).success,
    ).toBe(true);
    expect(
      campaignStepSchema.safeParse({ type: 'callToAction', template: 'Hi {firstName' }).error?.issues[0]
        ?.message,
    ).toMatch(/\{/);
    // A variable may name an imported column: the server checks it against the collection's leads
    // (server/test/template-columns.test.ts), the schema only its syntax.
    expect(campaignStepSchema.safeParse({ type: 'callToAction', template: 'Hi {compnay}' }).success).toBe(
      true,
    );
    expect(campaignStepSchema.safeParse({ type: 'callToAction', template: 'x'.repeat(2001) }).success).toBe(
      false,
    );
  });

  it('refuses a repeated step (but allows several follow-ups), no steps and repeated profiles', () => {
    const twice = createCampaignBodySchema.safeParse({
      ...body,
      steps: [{ type: 'friendRequest' }, { type: 'friendRequest' }],
    });
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['steps', 1, 'type'],
      message: 'Only one friendRequest step is allowed',
    });
    expect(createCampaignBodySchema.safeParse({ ...body, steps: [] }).success).toBe(false);
    expect(
      createCampaignBodySchema.safeParse({ ...body, profileIds: [1, 1] }).error?.issues[0]?.message,
    ).toBe('A profile is listed twice');
    expect(createCampaignBodySchema.safeParse({ ...body, profileIds: [] }).success).toBe(false);
  });

  it('takes visit and follow steps, and what a friend request step does after a withdrawal', () => {
    const sequence: CampaignStep[] = [
      { type: 'visitProfile' },
      { type: 'followPerson' },
      { type: 'friendRequest', withdrawAfterDays: 14, afterWithdrawal: { action: 'followPerson' } },
    ];
    expect(createCampaignBodySchema.parse({ ...body, steps: sequence }).steps).toEqual(sequence);
    const message = createCampaignBodySchema.parse({
      ...body,
      steps: [
        {
          type: 'friendRequest',
          withdrawAfterDays: 7,
          afterWithdrawal: { action: 'message', template: 'Hi {firstName}' },
        },
      ],
    });
    expect(message.steps[0]).toMatchObject({ afterWithdrawal: { action: 'message' } });
    // A campaign saved before sequences (no afterWithdrawal) parses unchanged.
    expect(campaignStepSchema.parse({ type: 'friendRequest', withdrawAfterDays: 3 })).toEqual({
      type: 'friendRequest',
      withdrawAfterDays: 3,
    });
    expect(dailyCapsSchema.parse({ visitProfile: 40, followPerson: 10 })).toEqual({
      visitProfile: 40,
      followPerson: 10,
    });
  });

  it('names the step at fault in a bad sequence', () => {
    const issueOf = (steps: unknown[]) => {
      const result = createCampaignBodySchema.safeParse({ ...body, steps });
      if (result.success) throw new Error('expected a refusal');
      return result.error.issues[0];
    };
    const alone = issueOf([
      { type: 'visitProfile' },
      { type: 'friendRequest', afterWithdrawal: { action: 'followPerson' } },
    ]);
    expect(alone?.path).toEqual(['steps', 1, 'afterWithdrawal']);
    expect(alone?.message).toContain('Step 2 (friend request)');
    expect(alone?.message).toContain('withdrawAfterDays');
    expect(
      issueOf([{ type: 'friendRequest', withdrawAfterDays: 5, afterWithdrawal: { action: 'poke' } }])?.path,
    ).toEqual(['steps', 0, 'afterWithdrawal', 'action']);
    expect(
      issueOf([
        {
          type: 'friendRequest',
          withdrawAfterDays: 5,
          afterWithdrawal: { action: 'message', template: 'Hi {name' },
        },
      ])?.path,
    ).toEqual(['steps', 0, 'afterWithdrawal', 'template']);
    expect(issueOf([{ type: 'visitProfile' }, { type: 'visitProfile' }])?.message).toBe(
      'Only one visitProfile step is allowed',
    );
  });

  it('checks caps, working hours and gaps', () => {
    expect(createCampaignBodySchema.parse({ ...body, dailyCaps: { friendRequest: 15 } }).dailyCaps).toEqual({
      friendRequest: 15,
    });
    expect(createCampaignBodySchema.safeParse({ ...body, dailyCaps: { friendRequest: -1 } }).success).toBe(
      false,
    );
    expect(createCampaignBodySchema.safeParse({ ...body, dailyCaps: { friendRequest: 1001 } }).success).toBe(
      false,
    );
    expect(workingHoursSchema.parse({ start: '22:00', end: '06:00' })).toEqual({
      start: '22:00',
      end: '06:00',
    });
    expect(workingHoursSchema.safeParse({ start: '9:00', end: '18:00' }).success).toBe(false);
    expect(workingHoursSchema.safeParse({ start: '24:00', end: '18:00' }).success).toBe(false);
    expect(workingHoursSchema.safeParse({ start: '10:00', end: '10:00' }).success).toBe(false);
    expect(gapSecondsSchema.parse({ min: 30, max: 30 })).toEqual({ min: 30, max: 30 });
    expect(gapSecondsSchema.safeParse({ min: 90, max: 30 }).error?.issues[0]?.message).toBe(
      'Minimum gap must not exceed maximum gap',
    );
  });

  it('updates any subset and a settable status', () => {
    expect(updateCampaignBodySchema.parse({ status: 'paused' })).toEqual({ status: 'paused' });
    expect(updateCampaignBodySchema.parse({ name: 'New', gapSeconds: { min: 5, max: 10 } })).toEqual({
      name: 'New',
      gapSeconds: { min: 5, max: 10 },
    });
    expect(updateCampaignBodySchema.safeParse({}).success).toBe(false);
    expect(updateCampaignBodySchema.safeParse({ status: 'finished' }).success).toBe(false);
  });
});

describe('campaign answers and logs', () => {
  it('parses a campaign', () => {
    const campaign = {
      id: 1,
      ...createCampaignBodySchema.parse(body),
      status: 'draft',
      createdAt: '2024-05-01T10:00:00Z',
      updatedAt: '2024-05-01T10:00:00Z',
    };
    expect(campaignSchema.parse(campaign)).toEqual(campaign);
    expect(campaignSchema.safeParse({ ...campaign, status: 'archived' }).success).toBe(false);
  });

  it('pages logs from the newest', () => {
    expect(campaignLogsQuerySchema.parse({})).toEqual({ lastId: -1, limit: 50 });
    expect(campaignLogsQuerySchema.parse({ lastId: '-1', limit: '200' })).toEqual({ lastId: -1, limit: 200 });
    expect(campaignLogsQuerySchema.parse({ lastId: '77' }).lastId).toBe(77);
    expect(campaignLogsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    const log = {
      id: 9,
      campaignId: 1,
      profileId: 2,
      leadId: null,
      type: 'SENT_FRIEND_REQUEST',
      message: 'Sent to Anna',
      createdAt: '2024-05-01T10:00:00Z',
    };
    expect(campaignLogsResponseSchema.parse({ logs: [log], hasMore: false })).toEqual({
      logs: [log],
      hasMore: false,
    });
    expect(campaignLogSchema.safeParse({ ...log, type: 'SENT_POSTCARD' }).success).toBe(false);
    expect(campaignLogSchema.parse({ ...log, campaignId: null, message: null })).toMatchObject({
      campaignId: null,
      message: null,
    });
  });
});
