import { contract } from '@reachly/shared/contract';
import type { ExecutorTask } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { ScriptedExecutor } from './helpers/executor.ts';
import { collect, nextEvent } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * What outcomes and events change (docs/design.md §4): AI replies and card moves, calls to action,
 * restrictions, repeated texts, collecting, groups and likes. Executors are scripted over real
 * HTTP on a controlled clock. A restart mid-task, edits to a running campaign and the protocol's
 * refusals are in campaign-outcomes-protocol.test.ts.
 */
const clock = new ManualClock('2026-06-01T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };

async function cardOf(leadId: number) {
  return (await db()('conversations').where({ lead_id: leadId }).first('id', 'status')) as {
    id: number;
    status: string;
  };
}

describe('AI replies', () => {
  it('classifies a reply, moves the card, answers from the intent template, only within working hours', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'ai',
    );
    const [lead, other] = await seedLeads(server, account.organizationId, collectionId, 2);
    if (!lead || !other) throw new Error('no leads');
    await startCampaign(account, {
      name: 'AI',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        {
          type: 'aiReply',
          intents: {
            interested: 'Great, {firstName}! Here is our deck.',
            question: 'Good question: it costs $10.',
            'not-interested': 'No problem, thanks!',
          },
        },
        { type: 'followUp', afterDays: 3, template: 'Still there?' },
      ],
      gapSeconds: gap,
    });
    expect((await runUntilIdle([executor], clock)).tasks).toHaveLength(2);

    // After hours (20:00 UTC): the reply is stored and classified now, answered at 09:00.
    clock.set('2026-06-01T20:00:00Z');
    const notices = collect(socket, 'campaign-notice');
    await executor.events([
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'sounds interesting, tell me more',
        // The network's own clock may be far off the server's (the sandbox's starts in January).
        sentAt: '2026-01-05T09:00:00.000Z',
      },
    ]);
    expect((await cardOf(lead.id)).status).toBe('interested');
    const waiting = await executor.claim();
    expect(waiting).toMatchObject({
      task: null,
      reason: 'outside-working-hours',
      retryAfterSeconds: 13 * 3600,
    });
    clock.set('2026-06-02T09:00:00Z');
    const answered = await runUntilIdle([executor], clock);
    expect(answered.tasks.map((t) => t.action)).toEqual(['aiReply']);
    expect(network.messagesTo(lead.url)).toEqual(['Hello Lead1', 'Great, Lead1! Here is our deck.']);
    const logs = await db()('campaign_logs').where({ lead_id: lead.id, type: 'SENT_AI_REPLY' });
    expect(logs).toHaveLength(1);

    // A hand-off word: a notice for a person, no automatic reply.
    await executor.events([
      {
        kind: 'message',
        profileUrl: other.url,
        text: 'Stop or I will call my lawyer',
        sentAt: clock.now().toISOString(),
      },
    ]);
    await expect.poll(() => notices.length).toBe(1);
    expect(notices[0]).toMatchObject({ level: 'warning', type: 'SIGNAL', profileId: profileIds[0] });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(network.messagesTo(other.url)).toEqual(['Hello Lead2']);
    expect((await cardOf(other.id)).status).toBe('replied');
    // Replies stopped both leads' follow-ups.
    clock.advance({ days: 4 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    socket.close();
  });
});

describe('AI reply guardrails', () => {
  it('keep the daily cap of AI replies per profile; the rest wait for the next day', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'ai-cap',
    );
    const leads = await seedLeads(server, account.organizationId, collectionId, 3);
    await startCampaign(account, {
      name: 'AI cap',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello' },
        { type: 'aiReply', intents: { interested: 'Here is the deck.' } },
      ],
      dailyCaps: { aiReply: 2 },
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    for (const lead of leads) {
      await executor.events([
        {
          kind: 'message',
          profileUrl: lead.url,
          text: 'yes I am interested',
          sentAt: clock.now().toISOString(),
        },
      ]);
    }
    // Warm-up day 1: 20 % of 2 rounds to 1 reply today (never 0).
    const today = await runUntilIdle([executor], clock);
    expect(today.tasks.map((t) => t.action)).toEqual(['aiReply']);
    expect(today.stopped.get(profileIds[0] as number)?.reason).toBe('daily-cap');
    clock.set('2026-06-02T10:00:00Z');
    const tomorrow = await runUntilIdle([executor], clock);
    expect(tomorrow.tasks.map((t) => t.action)).toEqual(['aiReply']);
    clock.set('2026-06-03T10:00:00Z');
    await runUntilIdle([executor], clock);
    for (const lead of leads) expect(network.messagesTo(lead.url)).toEqual(['Hello', 'Here is the deck.']);
    socket.close();
  });
});

describe('calls to action', () => {
  it('go to qualified leads once, and move the card to call-to-action-sent', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'cta',
    );
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    const campaign = await startCampaign(account, {
      name: 'CTA',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello' },
        { type: 'aiReply', intents: { question: 'It costs $10 a month.' } },
        { type: 'callToAction', template: 'Book a call: https://cal.example/{firstName}' },
      ],
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    await executor.events([
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'how much does it cost?',
        sentAt: clock.now().toISOString(),
      },
    ]);
    expect((await cardOf(lead.id)).status).toBe('qualified');
    // The next planning pass (a minute later) adds the call to action.
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toEqual([
      'Hello',
      'It costs $10 a month.',
      'Book a call: https://cal.example/Lead1',
    ]);
    expect((await cardOf(lead.id)).status).toBe('call-to-action-sent');
    expect(
      await db()('campaign_logs').where({ campaign_id: campaign.id, type: 'SENT_CALL_TO_ACTION' }),
    ).toHaveLength(1);
    socket.close();
  });
});

describe('restrictions', () => {
  it('pause the profile until the set time with a notice; the task goes out once afterwards', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'restrict',
    );
    const leads = await seedLeads(server, account.organizationId, collectionId, 3);
    const campaign = await startCampaign(account, {
      name: 'Restricted',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    await executor.step();
    clock.advance({ minutes: 5 });
    const claim = await executor.claim();
    const task = claim.task as ExecutorTask;
    const notice = nextEvent(socket, 'campaign-notice');
    const until = '2026-06-02T10:00:00.000Z';
    const reported = await executor.report(task, {
      status: 'restricted',
      signal: 'RESTRICTION',
      message: 'You are sending requests too fast',
      until,
    });
    expect(reported.status).toBe('pending');
    expect(await notice).toMatchObject({
      campaignId: campaign.id,
      profileId: profileIds[0],
      level: 'danger',
      type: 'RESTRICTION',
    });
    const paused = await executor.claim();
    expect(paused).toMatchObject({ task: null, reason: 'paused', pausedUntil: until });
    const states = await account.call(contract.campaigns.profiles, { params: { id: campaign.id } });
    expect(states[0]).toMatchObject({
      pausedUntil: until,
      pauseReason: 'RESTRICTION: You are sending requests too fast',
    });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(network.requests.size).toBe(1);

    clock.set('2026-06-02T10:00:00Z');
    const after = await runUntilIdle([executor], clock);
    expect(after.tasks.map((t) => t.id)).toContain(task.id);
    for (const lead of leads) expect(network.requests.get(lead.url)).toHaveLength(1);
    expect(await db()('campaign_logs').where({ campaign_id: campaign.id, type: 'RESTRICTION' })).toHaveLength(
      1,
    );
    socket.close();
  });

  it('a warning page reported as an event pauses the profile too', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'danger');
    await seedLeads(server, account.organizationId, collectionId, 2);
    await startCampaign(account, {
      name: 'Danger',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const notice = nextEvent(socket, 'campaign-notice');
    expect(
      await executor.events([
        { kind: 'signal', signal: 'DANGER', message: 'Layout changed: no Add friend button' },
      ]),
    ).toEqual({
      applied: 1,
      ignored: 0,
    });
    expect(await notice).toMatchObject({ type: 'DANGER', level: 'danger' });
    expect(await executor.claim()).toMatchObject({ task: null, reason: 'paused' });
    socket.close();
  });
});

describe('repeated texts', () => {
  it('sends a follow-up that repeats an earlier message word for word, once, even when its claim lapses', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'repeat',
    );
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    await startCampaign(account, {
      name: 'Repeat',
      collectionId,
      profileIds,
      steps: [
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hello {firstName}!' },
        { type: 'followUp', afterDays: 1, template: 'Hello {firstName}!' },
      ],
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    await executor.events([{ kind: 'friendAccepted', profileUrl: lead.url }]);
    await runUntilIdle([executor], clock);
    const text = `Hello ${lead.name.split(' ')[0]}!`;
    expect(network.messagesTo(lead.url)).toEqual([text]);

    // A day later the follow-up goes out, but its outcome never arrives (the executor died).
    clock.advance({ days: 1, minutes: 1 });
    const first = (await executor.claim()).task;
    if (!first) throw new Error('no follow-up');
    expect(first).toMatchObject({ action: 'followUp', text, sentBefore: 1, recheck: false });
    expect(executor.act(first)).toBe(true);
    expect(network.messagesTo(lead.url)).toEqual([text, text]);

    // The lease lapses: handed out again with the same baseline, the page shows it sent already.
    clock.advance({ minutes: 6 });
    const again = (await executor.claim()).task;
    if (!again) throw new Error('the lapsed follow-up did not come back');
    expect(again).toMatchObject({ id: first.id, recheck: true, text, sentBefore: 1 });
    expect(executor.act(again)).toBe(false);
    await executor.report(again, { status: 'done', data: { text, alreadyDone: true } });
    expect(network.messagesTo(lead.url)).toEqual([text, text]);
    socket.close();
  });
});

describe('collecting, groups and likes', () => {
  it('turns collected profiles into leads and targets them at once; joins each group once and likes daily', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executors, socket } = await setupCampaignOrg(
      server,
      'collect',
      { profiles: 2 },
    );
    const collectable = Array.from({ length: 5 }, (_, i) => ({
      profileUrl: `https://network.example/people/member-${i}`,
      name: `Member${i} Group`,
      hasMessageButton: i % 2 === 0,
    }));
    const scripted = profileIds.map((id) => new ScriptedExecutor(account.call, id, network, collectable));
    expect(executors).toHaveLength(2);
    const processed = nextEvent(socket, 'processed-finished');
    const campaign = await startCampaign(account, {
      name: 'Collect',
      collectionId,
      profileIds,
      steps: [
        {
          type: 'collect',
          from: { kind: 'group', groupUrl: 'https://network.example/groups/hikers' },
          maxCount: 50,
        },
        { type: 'friendRequest' },
        { type: 'joinGroups', groupUrls: ['https://network.example/groups/hikers'] },
        { type: 'likePosts', count: 3 },
      ],
      gapSeconds: gap,
    });
    const run = await runUntilIdle(scripted, clock);
    expect(await processed).toEqual({ handled: 5 });
    const leads = await db()('leads')
      .where({ collection_id: collectionId })
      .orderBy('profile_url')
      .select('profile_url', 'first_name', 'source');
    expect(leads.map((l) => l.profile_url)).toEqual(collectable.map((c) => c.profileUrl));
    expect(leads[0]).toMatchObject({ first_name: 'Member0', source: 'campaign' });
    expect(run.tasks.filter((t) => t.action === 'friendRequest')).toHaveLength(5);
    expect(network.joins).toHaveLength(2);
    expect(network.likes).toHaveLength(2);
    expect(network.likes).toEqual(expect.arrayContaining(profileIds.map((from) => ({ from, count: 3 }))));
    // The next day: likes again, no second join.
    clock.advance({ days: 1 });
    await runUntilIdle(scripted, clock);
    expect(network.joins).toHaveLength(2);
    expect(network.likes).toHaveLength(4);
    const types = await db()('campaign_logs').where({ campaign_id: campaign.id }).pluck('type');
    expect(types).toEqual(
      expect.arrayContaining(['COLLECTING_FINISHED', 'JOINED_TO_GROUP', 'LIKED_POST', 'SENT_FRIEND_REQUEST']),
    );
    socket.close();
  });
});
