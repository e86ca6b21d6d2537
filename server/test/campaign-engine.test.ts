import { contract } from '@reachly/shared/contract';
import type { ExecutorTask } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  campaignLog,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import type { ScriptedExecutor } from './helpers/executor.ts';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import { collect } from './helpers/socket.ts';
import { callAs, startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The campaign engine over real HTTP (docs/design.md §4), on a controlled clock: scripted executors
 * claim and report tasks as the extension will, against a recording stand-in for the network.
 * 2026-06-01 is a Monday; profiles without a timezone work in UTC.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };

const logsOf = (campaignId: number) => campaignLog(server, campaignId);

const count = (tasks: readonly ExecutorTask[], action: ExecutorTask['action']) =>
  tasks.filter((t) => t.action === action).length;

describe('a whole campaign run by scripted executors', () => {
  it('sends requests, welcomes those who accept, follows up only those who do not reply', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds, network, executors, socket } = await setupCampaignOrg(
      server,
      'whole',
      {
        profiles: 2,
      },
    );
    const leads = await seedLeads(server, account.organizationId, collectionId, 6);
    const pushedLogs = collect(socket, 'campaign-log-created');
    const runUpdates = collect(socket, 'campaign-run-update');
    const handled = collect(socket, 'profile-handled');
    const campaign = await startCampaign(account, {
      name: 'Whole run',
      collectionId,
      profileIds,
      steps: [
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hi {firstName}, thanks for connecting!' },
        { type: 'followUp', afterDays: 2, template: 'Any thoughts, {firstName}?' },
      ],
      gapSeconds: gap,
    });

    // Day 1: six requests, three per profile (under the warm-up cap of 20 % of 20 = 4).
    const day1 = await runUntilIdle(executors, clock);
    expect(count(day1.tasks, 'friendRequest')).toBe(6);
    for (const lead of leads) expect(network.requests.get(lead.url)).toHaveLength(1);
    const flagged = await db()('leads')
      .whereIn(
        'id',
        leads.map((l) => l.id),
      )
      .whereNotNull('friend_request_sent_at');
    expect(flagged).toHaveLength(6);
    // Each lead stays with the profile that first got it.
    const byProfile = new Map(
      day1.tasks.map((t) => [t.action === 'friendRequest' ? t.lead.id : 0, t.profileId]),
    );

    // Four accept; each acceptance reported by the profile whose request it was.
    const accepting = leads.slice(0, 4);
    for (const lead of accepting) {
      const executor = executors.find((e) => e.profileId === byProfile.get(lead.id));
      expect(await executor?.events([{ kind: 'friendAccepted', profileUrl: lead.url }])).toEqual({
        applied: 1,
        ignored: 0,
      });
    }
    const welcomes = await runUntilIdle(executors, clock);
    expect(count(welcomes.tasks, 'welcomeMessage')).toBe(4);
    for (const lead of accepting)
      expect(network.messagesTo(lead.url)).toEqual([`Hi ${lead.name.split(' ')[0]}, thanks for connecting!`]);
    for (const lead of leads.slice(4)) expect(network.messagesTo(lead.url)).toEqual([]);
    const cards = await db()('conversations')
      .whereIn(
        'lead_id',
        accepting.map((l) => l.id),
      )
      .select('status');
    expect(cards.map((c) => c.status)).toEqual(['sent', 'sent', 'sent', 'sent']);

    // Lead 1 answers: the card moves to replied and its follow-up is cancelled.
    const replier = accepting[0];
    if (!replier) throw new Error('no lead');
    const owner = executors.find((e) => e.profileId === byProfile.get(replier.id));
    await owner?.events([
      {
        kind: 'message',
        profileUrl: replier.url,
        text: 'Thanks, who are you?',
        sentAt: clock.now().toISOString(),
      },
    ]);
    // The same message read again from the thread is not stored twice.
    await owner?.events([
      {
        kind: 'message',
        profileUrl: replier.url,
        text: 'Thanks, who are you?',
        sentAt: clock.now().toISOString(),
      },
    ]);
    const replied = await db()('conversations').where({ lead_id: replier.id }).first('id', 'status');
    expect(replied.status).toBe('replied');
    expect(
      await db()('conversation_messages').where({ conversation_id: replied.id, direction: 'in' }),
    ).toHaveLength(1);

    // Nothing is due before two days have passed.
    expect((await runUntilIdle(executors, clock)).tasks).toEqual([]);
    clock.advance({ days: 2 });
    const later = await runUntilIdle(executors, clock);
    expect(count(later.tasks, 'followUp')).toBe(3);
    expect(network.messagesTo(replier.url)).toHaveLength(1);
    for (const lead of accepting.slice(1)) {
      expect(network.messagesTo(lead.url)).toEqual([
        `Hi ${lead.name.split(' ')[0]}, thanks for connecting!`,
        `Any thoughts, ${lead.name.split(' ')[0]}?`,
      ]);
    }

    // Every log row reached the room, and the stats count what was done.
    const logs = await logsOf(campaign.id);
    expect(logs.filter((l) => l.type === 'SENT_FRIEND_REQUEST')).toHaveLength(6);
    expect(logs.filter((l) => l.type === 'SENT_WELCOME_MESSAGE')).toHaveLength(4);
    expect(logs.filter((l) => l.type === 'SENT_FOLLOW_UP')).toHaveLength(3);
    await expect.poll(() => pushedLogs.length).toBe(logs.length);
    expect(logs.slice(0, 2)).toMatchObject([
      { type: 'TARGETING_STARTED' },
      { type: 'TARGETING_FINISHED', message: '6 new lead(s) targeted' },
    ]);
    // One run update and one profile-handled per outcome: 6 requests, 4 welcomes, 3 follow-ups.
    expect(runUpdates).toHaveLength(13);
    expect(runUpdates.at(-1)).toMatchObject({
      campaignId: campaign.id,
      stats: expect.objectContaining({ followUp: expect.any(Number) }),
    });
    expect(handled).toHaveLength(13);
    const params = { id: campaign.id };
    const stats = await account.call(contract.campaigns.stats, { params });
    expect(stats.byStep).toEqual(
      expect.arrayContaining([
        { stepKey: 'friendRequest', count: 6 },
        { stepKey: 'welcomeMessage', count: 4 },
      ]),
    );
    // The run view's charts: per day and in all, with the rates.
    const parsed = await account.call(contract.campaigns.funnel, { params });
    expect(parsed.totals).toEqual({ requests: 6, accepted: 4, messages: 7, replies: 1 });
    expect(parsed.acceptanceRate).toBeCloseTo(4 / 6);
    expect(parsed.replyRate).toBeCloseTo(1 / 4);
    expect(parsed.days.map((d) => d.date)).toEqual(['2026-06-01', '2026-06-03']);
    const states = await account.call(contract.campaigns.profiles, { params });
    expect(states.map((p) => p.profileId)).toEqual(profileIds);
    expect(states.every((p) => p.pausedUntil === null)).toBe(true);
    expect(states.reduce((n, p) => n + (p.today.followUp ?? 0), 0)).toBe(3);
    socket.close();
  });
});

describe('safety rules of the scheduler', () => {
  it('keeps daily caps with the warm-up ramp, working hours in the proxy timezone, and gaps', async () => {
    // 13:00 UTC = 09:00 in New York (EDT).
    clock.set('2026-06-01T13:00:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'caps', {
      profiles: 1,
      timezone: 'America/New_York',
    });
    await seedLeads(server, account.organizationId, collectionId, 40);
    const executor = executors[0] as ScriptedExecutor;
    await startCampaign(account, {
      name: 'Caps',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      dailyCaps: { friendRequest: 10 },
      gapSeconds: { min: 120, max: 120 },
    });

    // Day 1 of the warm-up: 20 % of 10 = 2 requests, then the cap; the next try is at local midnight.
    const first = await executor.step();
    expect(first.task?.action).toBe('friendRequest');
    expect(first.retryAfterSeconds).toBe(120);
    const tooSoon = await executor.claim();
    expect(tooSoon).toMatchObject({ task: null, reason: 'gap', retryAfterSeconds: 120 });
    const day1 = await runUntilIdle(executors, clock);
    expect(day1.tasks.length + 1).toBe(2);
    const capped = day1.stopped.get(profileIds[0] as number);
    expect(capped?.reason).toBe('daily-cap');
    // The cap resets at midnight in New York (04:00 UTC).
    expect(new Date(clock.now().getTime() + (capped?.retryAfterSeconds ?? 0) * 1000).toISOString()).toBe(
      '2026-06-02T04:00:00.000Z',
    );

    // At 02:00 in New York it is outside the working hours (09:00-18:00): nothing until 09:00 there.
    clock.set('2026-06-02T06:00:00Z');
    const night = await executor.claim();
    expect(night).toMatchObject({ task: null, reason: 'outside-working-hours' });
    expect(night.retryAfterSeconds).toBe(7 * 3600);

    // Day 8 of the warm-up: 20 % + 7/14 of 80 % = 60 % of 10 = 6 a day.
    clock.set('2026-06-08T13:00:00Z');
    expect((await runUntilIdle(executors, clock)).tasks).toHaveLength(6);
    // From day 15 the whole cap.
    clock.set('2026-06-15T13:00:00Z');
    const full = await runUntilIdle(executors, clock);
    expect(full.tasks).toHaveLength(10);
    // Every two actions at least the gap apart.
    const claimed = (await db()('campaign_tasks')
      .where({ profile_id: profileIds[0] })
      .whereNotNull('claimed_at')
      .orderBy('claimed_at')
      .select('claimed_at')) as { claimed_at: Date }[];
    for (let i = 1; i < claimed.length; i += 1) {
      const a = claimed[i - 1] as { claimed_at: Date };
      const b = claimed[i] as { claimed_at: Date };
      expect(new Date(b.claimed_at).getTime() - new Date(a.claimed_at).getTime()).toBeGreaterThanOrEqual(
        120_000,
      );
    }
  });

  it('never contacts excluded leads or people in conversation with another profile', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executors } = await setupCampaignOrg(server, 'dnc', {
      profiles: 2,
    });
    const leads = await seedLeads(server, account.organizationId, collectionId, 6);
    const [excludedAtPlanning, excludedLater, talking] = leads;
    if (!excludedAtPlanning || !excludedLater || !talking) throw new Error('no leads');
    await db()('leads').where({ id: excludedAtPlanning.id }).update({ is_excluded: true });
    // The same person as `talking`, in another collection, already talks with a third profile.
    const other = await seedCollection(server, account.organizationId, 'Other');
    const third = await seedProfile(server, account.organizationId);
    const [twin] = (await db()('leads')
      .insert({
        organization_id: account.organizationId,
        collection_id: other,
        profile_url: talking.url,
        name: 'Twin',
      })
      .returning('id')) as { id: number }[];
    await db()('conversations').insert({
      organization_id: account.organizationId,
      lead_id: twin?.id,
      profile_id: third,
      collection_id: other,
      status: 'replied',
      order: 1000,
    });
    const campaign = await startCampaign(account, {
      name: 'DNC',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const planned = await db()('campaign_tasks').where({ campaign_id: campaign.id }).pluck('lead_id');
    expect(planned).not.toContain(excludedAtPlanning.id);
    expect(planned).not.toContain(talking.id);
    // Excluded after planning: checked again at the claim.
    await db()('leads').where({ id: excludedLater.id }).update({ is_excluded: true });
    const run = await runUntilIdle(executors, clock);
    expect(run.tasks.map((t) => (t.action === 'friendRequest' ? t.lead.id : 0)).sort()).toEqual(
      leads
        .slice(3)
        .map((l) => l.id)
        .sort(),
    );
    for (const lead of leads.slice(0, 3)) expect(network.requests.has(lead.url)).toBe(false);
    expect(
      await db()('campaign_tasks').where({ lead_id: excludedLater.id }).first('status', 'result'),
    ).toMatchObject({
      status: 'skipped',
    });
  });
});

describe('targeting', () => {
  it('works only the leads the filters let through', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'target');
    const rows = [
      { name: 'Anna Baker', has_message_button: true },
      { name: 'Bob Baker', has_message_button: false },
      { name: 'Carla Smith', has_message_button: true },
      { name: 'Dan Baker-Intern', has_message_button: true },
      {
        name: 'Eve Baker',
        has_message_button: true,
        friend_request_sent_at: new Date('2026-05-01T00:00:00Z'),
      },
    ];
    const leads = (await db()('leads')
      .insert(
        rows.map((r, i) => ({
          ...r,
          organization_id: account.organizationId,
          collection_id: collectionId,
          profile_url: `https://network.example/people/target-${i}`,
        })),
      )
      .returning(['id', 'name'])) as { id: number; name: string }[];
    await startCampaign(account, {
      name: 'Target',
      collectionId,
      profileIds,
      steps: [
        {
          type: 'target',
          filters: {
            hasMessageButton: true,
            includeKeywords: ['baker'],
            excludeKeywords: ['intern'],
            skipContacted: true,
          },
        },
        { type: 'friendRequest' },
      ],
      gapSeconds: gap,
    });
    const run = await runUntilIdle(executors, clock);
    expect(run.tasks.map((t) => (t.action === 'friendRequest' ? t.lead.name : null))).toEqual(['Anna Baker']);
    expect(leads).toHaveLength(5);
  });
});

describe('claims across executors and server processes', () => {
  it('never hands the same task to two executors, through two servers at once', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const second = await startTestServer({}, { database: server.database, engine: { clock } });
    try {
      const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'race', { profiles: 3 });
      await seedLeads(server, account.organizationId, collectionId, 30);
      await startCampaign(account, {
        name: 'Race',
        collectionId,
        profileIds,
        steps: [{ type: 'friendRequest' }],
        dailyCaps: { friendRequest: 100 },
        gapSeconds: { min: 1, max: 1 },
      });
      await db()('profiles')
        .whereIn('id', profileIds)
        .update({ warmup_started_at: new Date('2026-01-01T00:00:00Z') });
      const onSecond = callAs(second.url, { authorization: account.accessToken });
      // Two executors per profile, one on each server, all claiming at the same moment.
      const claimers = profileIds.flatMap((profileId) => [
        { call: account.call, profileId },
        { call: onSecond, profileId },
      ]);
      const seen: number[] = [];
      for (let round = 0; round < 30; round += 1) {
        const answers = await Promise.all(
          claimers.map(({ call, profileId }) => call(contract.executor.claim, { body: { profileId } })),
        );
        for (const a of answers) if (a.task) seen.push(a.task.id);
        clock.advance({ seconds: 1 });
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(30);
    } finally {
      await second.close();
    }
  });
});
