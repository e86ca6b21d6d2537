import { CAMPAIGN_NOTICE_TYPES } from '@reachly/shared/constants';
import {
  type CampaignLog,
  campaignFunnelResponseSchema,
  campaignLogsResponseSchema,
  campaignProfilesResponseSchema,
  campaignSchema,
  campaignStatsResponseSchema,
  campaignsListResponseSchema,
  conversationWithMessagesSchema,
  deletedIdResponseSchema,
  previewTemplateResponseSchema,
  profileCookiesStateSchema,
} from '@reachly/shared/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, ApiRequest } from '../../lib/api.ts';
import { demoDataset, handleDemoRequest, resetDemoBackend } from './demo-backend.ts';
import { createDemoDataset } from './demo-dataset.ts';

const call = (path: string, request: ApiRequest = {}) => handleDemoRequest(path, request);

/** The ApiError a call is refused with (the test fails when it is answered). */
async function refusal(path: string, request: ApiRequest = {}): Promise<ApiError> {
  try {
    await call(path, request);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`${request.method ?? 'GET'} ${path} was answered`);
}

/** A snapshot of everything a campaign route may change. */
const snapshot = () => {
  const { campaigns, campaignTasks, campaignLogs, profileCookies, profilePauses } = demoDataset();
  return structuredClone({ campaigns, campaignTasks, campaignLogs, profileCookies, profilePauses });
};

const validBody = {
  name: 'Dentists in Dallas',
  collectionId: 2,
  profileIds: [8, 3],
  steps: [
    { type: 'friendRequest' },
    { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}, how is the practice going?' },
  ],
};

/** Every log row of a campaign, read page by page through the keyset. */
async function allLogPages(id: number, query: ApiRequest['query'] = {}): Promise<CampaignLog[][]> {
  const pages: CampaignLog[][] = [];
  let lastId = -1;
  for (;;) {
    const page = campaignLogsResponseSchema.parse(
      await call(`/api/campaigns/${id}/logs`, { query: { ...query, lastId } }),
    );
    pages.push(page.logs);
    const last = page.logs.at(-1);
    if (!page.hasMore || !last) return pages;
    lastId = last.id;
  }
}

beforeEach(() => resetDemoBackend({ latencyMs: 0 }));

describe('demo campaigns: the sample data', () => {
  it('has a running, a paused and a draft campaign over the sample collections and profiles', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const data = createDemoDataset(now);
    expect(createDemoDataset(now).campaignLogs).toEqual(data.campaignLogs);
    const campaigns = campaignsListResponseSchema.parse(data.campaigns);
    expect(campaigns.map((c) => c.status)).toEqual(['running', 'paused', 'draft']);
    for (const c of campaigns) {
      expect(data.collections.some((col) => col.id === c.collectionId)).toBe(true);
      expect(c.profileIds.every((id) => data.profiles.find((p) => p.id === id)?.isReady)).toBe(true);
    }
    // The running campaign's log: every kind of work it does, a restriction, all in the past.
    const running = data.campaignLogs.filter((l) => l.campaignId === 1);
    expect(new Set(running.map((l) => l.type))).toEqual(
      new Set([
        'COLLECTING_STARTED',
        'COLLECTING_FINISHED',
        'TARGETING_FINISHED',
        'SENT_FRIEND_REQUEST',
        'STATUS_CHANGE',
        'SENT_WELCOME_MESSAGE',
        'SENT_AI_REPLY',
        'SENT_CALL_TO_ACTION',
        'SENT_FOLLOW_UP',
        'LIKED_POST',
        'RESTRICTION',
      ]),
    );
    expect(data.campaignLogs.every((l) => Date.parse(l.createdAt) <= now.getTime())).toBe(true);
    const ids = data.campaignLogs.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(data.campaignLogs.filter((l) => l.campaignId === 3)).toEqual([]);
    expect(data.profilePauses).toHaveLength(1);
    // The welcome of a worked lead is the first message of its conversation, from the campaign's profile.
    const welcome = running.find((l) => l.type === 'SENT_WELCOME_MESSAGE');
    const thread = data.conversations.find((c) => c.leadId === welcome?.leadId);
    expect(thread?.messages.find((m) => m.direction === 'out')?.text).toBe(welcome?.message);
    expect(thread?.profileId).toBe(welcome?.profileId);
  });
});

describe('demo campaigns: reading', () => {
  it('lists newest first and reads one; a bad id is a 400, an unknown one a 404', async () => {
    const list = campaignsListResponseSchema.parse(await call('/api/campaigns'));
    expect(list.map((c) => c.id)).toEqual([3, 2, 1]);
    const one = campaignSchema.strict().parse(await call('/api/campaigns/1'));
    expect(one).toEqual(list[2]);
    expect(one.name).toBe('Austin realtors: intro and follow-up');
    expect(await refusal('/api/campaigns/abc')).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await refusal('/api/campaigns/99')).toMatchObject({
      status: 404,
      message: 'Campaign 99 not found.',
    });
  });

  it('pages the log newest first by id, and filters it by type', async () => {
    const rows = demoDataset().campaignLogs.filter((l) => l.campaignId === 1);
    const pages = await allLogPages(1, { limit: 20 });
    expect(pages.length).toBe(Math.ceil(rows.length / 20));
    expect(pages.slice(0, -1).every((p) => p.length === 20)).toBe(true);
    const read = pages.flat();
    expect(read.map((l) => l.id)).toEqual(rows.map((l) => l.id).sort((a, b) => b - a));
    expect(read[0]).toEqual(rows.at(-1));

    const first = campaignLogsResponseSchema.parse(await call('/api/campaigns/1/logs'));
    expect(first.logs).toHaveLength(50);
    expect(first.hasMore).toBe(true);

    const notices = campaignLogsResponseSchema.parse(
      await call('/api/campaigns/1/logs', { query: { types: CAMPAIGN_NOTICE_TYPES.join(','), limit: 50 } }),
    );
    expect(notices).toEqual({ logs: [expect.objectContaining({ type: 'RESTRICTION' })], hasMore: false });
    const requests = (
      await allLogPages(1, { types: 'SENT_FRIEND_REQUEST, SENT_FOLLOW_UP', limit: 7 })
    ).flat();
    expect(requests.length).toBe(
      rows.filter((l) => l.type === 'SENT_FRIEND_REQUEST' || l.type === 'SENT_FOLLOW_UP').length,
    );
    expect(new Set(requests.map((l) => l.type))).toEqual(new Set(['SENT_FRIEND_REQUEST', 'SENT_FOLLOW_UP']));
    const paused = campaignLogsResponseSchema.parse(
      await call('/api/campaigns/2/logs', { query: { types: 'LAUNCH_FAILED' } }),
    );
    expect(paused.logs[0]?.message).toMatch(/^Profile "Chloe Martin" could not start: /);

    expect(await refusal('/api/campaigns/1/logs', { query: { types: 'NOPE' } })).toMatchObject({
      status: 400,
      message: 'Unknown log type',
    });
    for (const query of [{ limit: 0 }, { limit: 201 }, { lastId: 'x' }, { lastId: -2 }]) {
      expect(await refusal('/api/campaigns/1/logs', { query })).toMatchObject({ status: 400 });
    }
  });

  it('answers stats, the funnel and the profiles, counted from the same runs', async () => {
    const logs = demoDataset().campaignLogs.filter((l) => l.campaignId === 1);
    const count = (type: CampaignLog['type']) => logs.filter((l) => l.type === type).length;

    const stats = campaignStatsResponseSchema.parse(await call('/api/campaigns/1/stats'));
    expect(stats.byStep.find((s) => s.stepKey === 'friendRequest')?.count).toBe(count('SENT_FRIEND_REQUEST'));
    expect(stats.byStep.find((s) => s.stepKey === 'welcomeMessage')?.count).toBe(
      count('SENT_WELCOME_MESSAGE'),
    );
    const keys = stats.byStep.map((s) => s.stepKey);
    expect(keys).toEqual([...keys].sort());
    expect(stats.byDay.reduce((n, d) => n + d.count, 0)).toBe(stats.byStep.reduce((n, s) => n + s.count, 0));

    const funnel = campaignFunnelResponseSchema.parse(await call('/api/campaigns/1/funnel'));
    expect(funnel.totals.requests).toBe(count('SENT_FRIEND_REQUEST'));
    expect(funnel.totals.accepted).toBe(
      logs.filter((l) => l.message?.endsWith('accepted the friend request')).length,
    );
    expect(funnel.totals.messages).toBe(
      count('SENT_WELCOME_MESSAGE') +
        count('SENT_AI_REPLY') +
        count('SENT_CALL_TO_ACTION') +
        count('SENT_FOLLOW_UP'),
    );
    expect(funnel.totals.replies).toBeGreaterThan(0);
    expect(funnel.days.length).toBeGreaterThan(7);
    expect(funnel.acceptanceRate).toBeGreaterThan(0);
    expect(funnel.replyRate).toBeGreaterThan(0);
    expect(funnel.replyRate).toBeLessThan(1);

    const profiles = campaignProfilesResponseSchema.parse(await call('/api/campaigns/1/profiles'));
    expect(profiles.map((p) => p.name)).toEqual(['Emma Carter', 'Liam Brooks', 'Sofia Ramirez']);
    const paused = profiles.filter((p) => p.pausedUntil !== null);
    expect(paused).toHaveLength(1);
    expect(Date.parse(paused[0]?.pausedUntil ?? '')).toBeGreaterThan(Date.now());
    expect(paused[0]?.pauseReason).toMatch(/^RESTRICTION: /);

    // A draft has done nothing.
    expect(campaignStatsResponseSchema.parse(await call('/api/campaigns/3/stats'))).toEqual({
      byStep: [],
      byDay: [],
    });
    expect(campaignFunnelResponseSchema.parse(await call('/api/campaigns/3/funnel'))).toEqual({
      days: [],
      totals: { requests: 0, accepted: 0, messages: 0, replies: 0 },
      acceptanceRate: 0,
      replyRate: 0,
    });
    const draftProfiles = campaignProfilesResponseSchema.parse(await call('/api/campaigns/3/profiles'));
    expect(draftProfiles.every((p) => Object.keys(p.today).length === 0 && p.pausedUntil === null)).toBe(
      true,
    );
    for (const route of ['stats', 'funnel', 'profiles', 'logs']) {
      expect(await refusal(`/api/campaigns/42/${route}`)).toMatchObject({ status: 404 });
    }
  });
});

describe('demo campaigns: writing', () => {
  it('creates a draft with the defaults and its profiles in order', async () => {
    const created = campaignSchema
      .strict()
      .parse(await call('/api/campaigns', { method: 'POST', json: validBody }));
    expect(created).toMatchObject({
      id: 4,
      status: 'draft',
      profileIds: [3, 8],
      dailyCaps: {},
      workingHours: { start: '09:00', end: '18:00' },
      gapSeconds: { min: 60, max: 300 },
    });
    expect(campaignsListResponseSchema.parse(await call('/api/campaigns'))[0]).toEqual(created);
  });

  it('answers 400 with the zod issues to bad bodies, 404 to unknown references, and changes nothing', async () => {
    const before = snapshot();
    const unknown = await refusal('/api/campaigns', {
      method: 'POST',
      json: { ...validBody, steps: [{ type: 'welcomeMessage', template: 'Hi {compnay}' }] },
    });
    expect(unknown).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(unknown.message).toContain('{compnay}');
    expect(unknown.details).toEqual([
      expect.objectContaining({ path: ['steps', '0', 'template'], code: 'custom' }),
    ]);
    for (const json of [
      {},
      { ...validBody, name: '' },
      { ...validBody, profileIds: [] },
      { ...validBody, profileIds: [3, 3] },
      { ...validBody, steps: [{ type: 'friendRequest' }, { type: 'friendRequest' }] },
      { ...validBody, workingHours: { start: '09:00', end: '09:00' } },
      { ...validBody, gapSeconds: { min: 10, max: 5 } },
      { ...validBody, name: 'a\u0000b' },
    ]) {
      expect(await refusal('/api/campaigns', { method: 'POST', json })).toMatchObject({ status: 400 });
    }
    expect(
      await refusal('/api/campaigns', { method: 'POST', json: { ...validBody, collectionId: 77 } }),
    ).toMatchObject({ status: 404, message: 'Collection 77 not found.' });
    expect(
      await refusal('/api/campaigns', { method: 'POST', json: { ...validBody, profileIds: [3, 99] } }),
    ).toMatchObject({ status: 404, message: 'Profile 99 not found.' });
    for (const json of [{}, { name: '' }, { status: 'draft' }, { steps: [] }, [], { profileIds: [99] }]) {
      const error = await refusal('/api/campaigns/2', { method: 'PATCH', json });
      expect([400, 404]).toContain(error.status);
    }
    expect(snapshot()).toEqual(before);
  });

  it('changes any subset with PATCH and replaces the profiles', async () => {
    const updated = campaignSchema.parse(
      await call('/api/campaigns/3', {
        method: 'PATCH',
        json: { name: 'Photographers', profileIds: [6], dailyCaps: { likePosts: 5 } },
      }),
    );
    expect(updated).toMatchObject({ name: 'Photographers', profileIds: [6], dailyCaps: { likePosts: 5 } });
    expect(updated.steps).toEqual(demoDataset().campaigns.find((c) => c.id === 3)?.steps);
    expect(campaignSchema.parse(await call('/api/campaigns/3'))).toEqual(updated);
  });

  it('moves through the allowed transitions and answers 409 to the others', async () => {
    const status = async (path: string) =>
      campaignSchema.parse(await call(`/api/campaigns/3/${path}`, { method: 'POST' })).status;
    const before = snapshot();
    expect(await refusal('/api/campaigns/3/pause', { method: 'POST' })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'A draft campaign cannot be paused.',
    });
    expect(await refusal('/api/campaigns/3/stop', { method: 'POST' })).toMatchObject({ status: 409 });
    expect(snapshot()).toEqual(before);
    expect(await status('start')).toBe('running');
    expect(await refusal('/api/campaigns/3/start', { method: 'POST' })).toMatchObject({ status: 409 });
    expect(await status('pause')).toBe('paused');
    expect(await refusal('/api/campaigns/3/pause', { method: 'POST' })).toMatchObject({ status: 409 });
    expect(await status('stop')).toBe('stopped');
    expect(await refusal('/api/campaigns/3/stop', { method: 'POST' })).toMatchObject({ status: 409 });
    expect(await refusal('/api/campaigns/3', { method: 'PATCH', json: { status: 'paused' } })).toMatchObject({
      status: 409,
    });
    const again = campaignSchema.parse(
      await call('/api/campaigns/3', { method: 'PATCH', json: { status: 'running', name: 'Again' } }),
    );
    expect(again).toMatchObject({ status: 'running', name: 'Again' });
    // The sample running and paused campaigns answer the same way.
    expect(await status('pause')).toBe('paused');
    expect(campaignSchema.parse(await call('/api/campaigns/2/start', { method: 'POST' })).status).toBe(
      'running',
    );
    expect(campaignSchema.parse(await call('/api/campaigns/1/stop', { method: 'POST' })).status).toBe(
      'stopped',
    );
    expect(await refusal('/api/campaigns/0/start', { method: 'POST' })).toMatchObject({ status: 400 });
  });

  it('refuses to start without a valid licence (402) and changes nothing', async () => {
    demoDataset().user.license.licenseTill = new Date(Date.now() - 60_000).toISOString();
    const before = snapshot();
    expect(await refusal('/api/campaigns/2/start', { method: 'POST' })).toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
    });
    expect(snapshot()).toEqual(before);
    // Pausing and stopping need no licence.
    expect(campaignSchema.parse(await call('/api/campaigns/1/pause', { method: 'POST' })).status).toBe(
      'paused',
    );
  });

  it('deletes a campaign with its log, and follows deleted profiles and collections', async () => {
    expect(deletedIdResponseSchema.parse(await call('/api/campaigns/2', { method: 'DELETE' }))).toEqual({
      id: 2,
    });
    expect(demoDataset().campaignLogs.some((l) => l.campaignId === 2)).toBe(false);
    expect(await refusal('/api/campaigns/2', { method: 'DELETE' })).toMatchObject({ status: 404 });
    expect(await refusal('/api/campaigns/2/logs')).toMatchObject({ status: 404 });

    // A deleted profile leaves its campaigns, and its pause goes with it.
    const pausedId = demoDataset().profilePauses[0]?.profileId;
    await call('/api/profiles', { method: 'DELETE', query: { id: pausedId } });
    const running = campaignSchema.parse(await call('/api/campaigns/1'));
    expect(running.profileIds).not.toContain(pausedId);
    const states = campaignProfilesResponseSchema.parse(await call('/api/campaigns/1/profiles'));
    expect(states.every((p) => p.pausedUntil === null)).toBe(true);
    const logs = (await allLogPages(1, { limit: 200 })).flat();
    expect(logs.some((l) => l.profileId === pausedId)).toBe(false);

    // Clearing a collection's leads keeps its campaign; deleting the collection takes it.
    await call('/api/leads/clear', { method: 'DELETE', query: { collectionId: 1 } });
    const cleared = (await allLogPages(1, { limit: 200 })).flat();
    expect(cleared.every((l) => l.leadId === null)).toBe(true);
    expect(
      campaignStatsResponseSchema.parse(await call('/api/campaigns/1/stats')).byStep.map((s) => s.stepKey),
    ).not.toContain('friendRequest');
    await call('/api/collections/1', { method: 'DELETE' });
    expect(await refusal('/api/campaigns/1')).toMatchObject({ status: 404 });
    expect(campaignsListResponseSchema.parse(await call('/api/campaigns')).map((c) => c.id)).toEqual([3]);
  });
});

describe('demo campaigns: template preview', () => {
  it('renders with the lead and the seed, counts variants, and names an unknown variable', async () => {
    const preview = async (json: unknown) =>
      previewTemplateResponseSchema
        .strict()
        .parse(await call('/api/campaigns/preview-template', { method: 'POST', json }));
    const template = '{Hi|Hello|Hey} {firstName}, {nice to meet you|glad to connect}!';
    const a = await preview({ template, lead: { name: 'Anna Berg' }, seed: 7 });
    expect(a.variants).toBe(6);
    expect(a.text).toMatch(/^(Hi|Hello|Hey) Anna, (nice to meet you|glad to connect)!$/);
    expect(await preview({ template, lead: { name: 'Anna Berg' }, seed: 7 })).toEqual(a);
    expect(
      await preview({ template: 'Hi {firstName}, {lastName}', lead: { firstName: 'Bo', lastName: 'Li' } }),
    ).toEqual({ text: 'Hi Bo, Li', variants: 1 });

    const error = await refusal('/api/campaigns/preview-template', {
      method: 'POST',
      json: { template: 'Hello {compnay}' },
    });
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(error.message).toContain('{compnay}');
    expect(error.details).toEqual([expect.objectContaining({ path: ['template'] })]);
    for (const json of [
      {},
      { template: '' },
      { template: 'Hi {' },
      { template: 'Hi', seed: -1 },
      { template: 5 },
    ]) {
      expect(await refusal('/api/campaigns/preview-template', { method: 'POST', json })).toMatchObject({
        status: 400,
      });
    }
  });
});

describe('demo profiles: cookie import', () => {
  const cookies = [
    { name: 'c_user', value: '1000', domain: '.facebook.com', secure: true },
    { name: 'xs', value: 'abc', domain: '.facebook.com', httpOnly: true, expirationDate: 1_900_000_000 },
  ];

  it('stores a set as pending and answers its state; a newer set is stamped later', async () => {
    const first = profileCookiesStateSchema
      .strict()
      .parse(await call('/api/profiles/3/cookies', { method: 'PUT', json: { cookies } }));
    expect(first).toMatchObject({ profileId: 3, count: 2 });
    expect(first.pendingCookiesAt).not.toBeNull();
    const second = profileCookiesStateSchema.parse(
      await call('/api/profiles/3/cookies', { method: 'PUT', json: { cookies: cookies.slice(0, 1) } }),
    );
    expect(second.count).toBe(1);
    expect(Date.parse(second.pendingCookiesAt ?? '')).toBeGreaterThan(
      Date.parse(first.pendingCookiesAt ?? ''),
    );
    expect(demoDataset().profileCookies).toEqual([
      { profileId: 3, count: 1, storedAt: second.pendingCookiesAt },
    ]);
  });

  it('answers 400 to a bad body or id and 404 to an unknown profile, storing nothing', async () => {
    const before = snapshot();
    for (const json of [
      {},
      { cookies: [] },
      { cookies: [{ value: 'x', domain: 'a.com' }] },
      { cookies: 'x' },
    ]) {
      const error = await refusal('/api/profiles/3/cookies', { method: 'PUT', json });
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(Array.isArray(error.details)).toBe(true);
    }
    expect(await refusal('/api/profiles/abc/cookies', { method: 'PUT', json: { cookies } })).toMatchObject({
      status: 400,
    });
    expect(await refusal('/api/profiles/99/cookies', { method: 'PUT', json: { cookies } })).toMatchObject({
      status: 404,
      message: 'Profile 99 not found.',
    });
    expect(snapshot()).toEqual(before);
  });
});

describe('demo campaigns and the board', () => {
  it('gives a worked lead one thread whose follow-up is in the log', async () => {
    const followUp = demoDataset().campaignLogs.find((l) => l.type === 'SENT_FOLLOW_UP');
    const conversation = demoDataset().conversations.find((c) => c.leadId === followUp?.leadId);
    const detail = conversationWithMessagesSchema.parse(await call(`/api/conversations/${conversation?.id}`));
    expect(detail.messages.at(-1)?.text).toBe(followUp?.message);
    expect(detail.lastMessage).toBe(followUp?.message);
    expect(detail.status).toBe('sent');
  });
});
