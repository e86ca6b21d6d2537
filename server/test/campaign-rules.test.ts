import { contract } from '@reachly/shared/contract';
import type { ExecutorEvent } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  campaignLog,
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import type { ScriptedExecutor } from './helpers/executor.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import { collect } from './helpers/socket.ts';
import type { TestAccount, TestServer } from './helpers/test-server.ts';

/**
 * The engine's rules for campaigns that run for weeks, one test per fault a real-sized campaign
 * showed: due work starving behind capped work, replies answered again and again, restrictions
 * that paused nothing, an expired licence that stopped nothing, do-not-contact per lead row instead
 * of per person, the Message button never learnt, incoming requests ignored, log types never
 * written, noise in the notices, a person's card move undone. 2026-06-01 is a Monday (UTC profiles).
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };

/** A profile out of its warm-up, so that its caps are the campaign's own. */
async function warmedUp(profileIds: number[]) {
  await db()('profiles')
    .whereIn('id', profileIds)
    .update({ warmup_started_at: new Date('2026-01-01') });
}

async function report(account: TestAccount, profileId: number, events: ExecutorEvent[]) {
  return reportEvents(account, profileId, events);
}

/** A claim through the typed client (its answer parsed with the contract's schema). */
function claim(executor: ScriptedExecutor) {
  return executor.claim();
}

const logsOf = (campaignId: number) => campaignLog(server, campaignId);

/** Moves the clock past the profile's gap so that the next claim is not held back by it. */
function pastGap() {
  clock.advance({ seconds: 61 });
}

describe('the claim', () => {
  it('hands out due welcomes while more than a day of friend requests waits on the cap', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'starve');
    await warmedUp(profileIds);
    const leads = await seedLeads(server, account.organizationId, collectionId, 90);
    await startCampaign(account, {
      name: 'Starve',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}!' }],
      dailyCaps: { friendRequest: 20 },
      gapSeconds: gap,
    });
    const day1 = await runUntilIdle([executor], clock);
    expect(day1.tasks).toHaveLength(20);
    expect(day1.stopped.get(profileIds[0] as number)?.reason).toBe('daily-cap');
    // 70 requests wait for tomorrow; five people accept now.
    const accepted = day1.tasks.slice(0, 5).map((t) => ('lead' in t ? t.lead.profileUrl : ''));
    await report(
      account,
      profileIds[0] as number,
      accepted.map((profileUrl) => ({ kind: 'friendAccepted', profileUrl })),
    );
    pastGap();
    const welcomes = await runUntilIdle([executor], clock);
    expect(welcomes.tasks.map((t) => t.action)).toEqual(Array(5).fill('welcomeMessage'));
    expect(leads).toHaveLength(90);
  });

  it('stops handing out work when the licence expires, keeps the tasks, and resumes on renewal', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'licence');
    await seedLeads(server, account.organizationId, collectionId, 3);
    await startCampaign(account, {
      name: 'Licence',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    await db()('licences')
      .where({ organization_id: account.organizationId })
      .update({ license_till: new Date('2026-06-01T09:00:00Z') });
    const refused = await claim(executor);
    expect(refused).toMatchObject({ task: null, reason: 'licence-expired' });
    const pending = await db()('campaign_tasks')
      .where({ organization_id: account.organizationId, status: 'pending' })
      .count({ n: '*' })
      .first();
    expect(Number(pending?.n)).toBe(3);
    await db()('licences')
      .where({ organization_id: account.organizationId })
      .update({ license_till: new Date('2026-07-01T00:00:00Z') });
    expect((await claim(executor)).task?.action).toBe('friendRequest');
  });
});

describe('AI replies', () => {
  it('answer each inbound message once, never repeat a text, and stop at the daily limit per conversation', async () => {
    clock.set('2026-06-02T10:00:00Z');
    const { account, collectionId, profileIds, executor, network, socket } = await setupCampaignOrg(
      server,
      'replies',
    );
    const notices = collect(socket, 'campaign-notice');
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    const campaign = await startCampaign(account, {
      name: 'Replies',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        {
          type: 'aiReply',
          intents: { interested: 'Great, {firstName}! Here is how we start.', question: 'It costs 10 EUR.' },
          fallbackTemplate: 'Thanks for your answer.',
        },
      ],
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    const profileId = profileIds[0] as number;
    const sentAt = '2026-06-02T10:05:00.000Z';
    // The executor reads the whole thread on every pass; the page shows the time to the minute.
    for (const at of [sentAt, '2026-06-02T10:05:30.000Z', '2026-06-02T10:06:00.000Z']) {
      await report(account, profileId, [
        { kind: 'message', profileUrl: lead.url, text: 'Yes, I am interested!', sentAt: at },
      ]);
    }
    pastGap();
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toEqual(['Hello Lead1', 'Great, Lead1! Here is how we start.']);

    // The same intent again would send the same text: a person answers instead.
    await report(account, profileId, [
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'Really interested, tell me more',
        sentAt: '2026-06-02T11:00:00Z',
      },
    ]);
    pastGap();
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toHaveLength(2);
    // A question gets its own answer (the second of the day)…
    await report(account, profileId, [
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'How much does it cost?',
        sentAt: '2026-06-02T12:00:00Z',
      },
    ]);
    pastGap();
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url).at(-1)).toBe('It costs 10 EUR.');
    // …and a third message that day is past the limit.
    await report(account, profileId, [
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'And is there a discount?',
        sentAt: '2026-06-02T13:00:00Z',
      },
    ]);
    pastGap();
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toHaveLength(3);
    const signals = (await logsOf(campaign.id)).filter((l) => l.type === 'SIGNAL').map((l) => l.message);
    expect(signals).toEqual([
      expect.stringMatching(
        /^Profile \d+'s automatic answer to Lead1 Person would repeat a message they already got: a person should answer/,
      ),
      expect.stringMatching(
        /^Lead1 Person wrote to Profile \d+ again, past today's limit of automatic replies.*a person should answer/,
      ),
    ]);
    await expect.poll(() => notices.length).toBeGreaterThanOrEqual(2);
  });
});

describe('restrictions', () => {
  it('pause for a minimum that grows on repeats even when the end time has passed, and a person can lift them', async () => {
    clock.set('2026-06-03T10:00:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'restrict');
    await db()('profiles').where({ id: profileIds[0] }).update({ name: 'Anna (sales)' });
    await seedLeads(server, account.organizationId, collectionId, 5);
    const campaign = await startCampaign(account, {
      name: 'Restrict',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const restrict = async () => {
      const { task } = await claim(executor);
      if (!task) throw new Error('no task');
      return executor.report(task, {
        status: 'restricted',
        signal: 'RESTRICTION',
        message: 'You are going too fast',
        until: '2026-06-03T09:00:00Z',
      });
    };
    const first = await restrict();
    // The network's end time had passed: the pause lasts the minimum hour all the same.
    expect(first.retryAfterSeconds).toBe(3600);
    expect(await claim(executor)).toMatchObject({ task: null, reason: 'paused' });
    const [log] = (await logsOf(campaign.id)).filter((l) => l.type === 'RESTRICTION');
    expect(log?.message).toMatch(
      /^Anna \(sales\) paused until Wed 3 Jun, 11:00 \(UTC\) after a RESTRICTION: You are going too fast \(the end time the network gave had already passed\)$/,
    );

    clock.advance({ minutes: 61 });
    const second = await restrict();
    expect(second.retryAfterSeconds).toBe(7200);

    // A person lifts it: the next claim works.
    const other = await setupCampaignOrg(server, 'restrict-other');
    const resume = contract.profiles.resume;
    const params = { id: profileIds[0] as number };
    await expect(other.account.call(resume, { params })).rejects.toMatchObject({ status: 404 });
    await expect(account.call(resume, { params: { id: 'x' } })).rejects.toMatchObject({ status: 400 });
    await account.call(resume, { params });
    expect((await claim(executor)).task?.action).toBe('friendRequest');
    expect((await logsOf(campaign.id)).at(-1)).toMatchObject({
      type: 'UPDATED',
      message: `Anna (sales)'s pause was lifted by ${account.email}`,
    });
    const states = await account.call(contract.campaigns.profiles, { params: { id: campaign.id } });
    expect(states[0]).toMatchObject({ pausedUntil: null, lastSeenAt: clock.now().toISOString() });
  });
});

describe('one person, one profile', () => {
  it('keeps a person excluded in one collection off every campaign, and never lets two profiles contact one person', async () => {
    clock.set('2026-06-04T10:00:00Z');
    const { account, collectionId, profileIds, executors, network } = await setupCampaignOrg(
      server,
      'person',
      {
        profiles: 2,
      },
    );
    const second = await seedCollection(server, account.organizationId, 'person second');
    const a = await seedLeads(server, account.organizationId, collectionId, 4, { tag: 'shared' });
    const b = await seedLeads(server, account.organizationId, second, 4, { tag: 'shared' });
    // The same four people in both collections; the first is excluded in the first collection.
    expect(b.map((l) => l.url)).toEqual(a.map((l) => l.url));
    await account.call(contract.leads.setExcluded, { body: { id: a[0]?.id as number, isExcluded: true } });
    await startCampaign(account, {
      name: 'First',
      collectionId,
      profileIds: [profileIds[0]],
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    await runUntilIdle([executors[0] as ScriptedExecutor], clock);
    await startCampaign(account, {
      name: 'Second',
      collectionId: second,
      profileIds: [profileIds[1]],
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    pastGap();
    await runUntilIdle([executors[1] as ScriptedExecutor], clock);
    for (const lead of a) expect(network.requests.get(lead.url)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(network.requests.get(a[0]?.url as string)).toBeUndefined();
    expect([...network.requests.values()].flat()).toEqual([profileIds[0], profileIds[0], profileIds[0]]);
  });
});

describe('the Message button', () => {
  it('is unknown for added leads, targeted as "find out on visit", and learnt for every row of the person', async () => {
    clock.set('2026-06-05T10:00:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'button');
    await account.call(contract.leads.create, {
      body: {
        collectionId,
        leads: [
          { profileUrl: 'https://network.example/people/button-1', name: 'Ann One' },
          { profileUrl: 'https://network.example/people/button-2', name: 'Bo Two' },
        ],
      },
    });
    const listed = await account.call(contract.leads.list, { query: { collectionId } });
    expect(listed.leads.map((l) => l.hasMessageButton)).toEqual([null, null]);
    const campaign = await startCampaign(account, {
      name: 'Welcome only',
      collectionId,
      profileIds,
      steps: [{ type: 'welcomeMessage', template: 'Hello {firstName}' }],
      gapSeconds: gap,
    });
    const first = await claim(executor);
    expect(first.task).toMatchObject({ action: 'welcomeMessage', lead: { hasMessageButton: null } });
    if (!first.task) throw new Error('no task');
    await executor.report(first.task, {
      status: 'skipped',
      reason: 'no-message-button',
      hasMessageButton: false,
    });
    // The log says it in words: the step, the lead, and why.
    expect((await logsOf(campaign.id)).map((l) => l.message)).toContain(
      'Welcome message for Ann One not done: the lead has no Message button (only friends can message them)',
    );
    pastGap();
    const secondClaim = await claim(executor);
    if (!secondClaim.task || !('lead' in secondClaim.task)) throw new Error('no task');
    await executor.report(secondClaim.task, {
      status: 'done',
      data: { text: 'Hello Bo', hasMessageButton: true },
    });
    const rows = (await db()('leads')
      .where({ collection_id: collectionId })
      .orderBy('id')
      .select('has_message_button')) as { has_message_button: boolean | null }[];
    expect(rows.map((r) => r.has_message_button)).toEqual([false, true]);
    const collections = await account.call(contract.collections.list);
    expect(collections.find((c) => c.id === collectionId)?.hasMessageButton).toBe(1);
  });
});

describe('incoming friend requests', () => {
  it('are accepted by a campaign that asks, join the funnel and get the welcome', async () => {
    clock.set('2026-06-08T10:00:00Z');
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'incoming');
    const campaign = await startCampaign(account, {
      name: 'Incoming',
      collectionId,
      profileIds,
      steps: [
        { type: 'acceptRequests' },
        { type: 'welcomeMessage', template: 'Thanks for the request, {firstName}' },
      ],
      gapSeconds: gap,
    });
    const url = 'https://network.example/people/incoming-1';
    const applied = await report(account, profileIds[0] as number, [
      { kind: 'friendRequestReceived', profileUrl: url, name: 'Ina Coming' },
    ]);
    expect(applied).toEqual({ applied: 1, ignored: 0 });
    const run = await runUntilIdle([executor], clock);
    expect(run.tasks.map((t) => t.action)).toEqual(['acceptRequest', 'welcomeMessage']);
    const card = await db()('conversations as cv')
      .join('leads as l', 'l.id', 'cv.lead_id')
      .where({ 'l.profile_url': url })
      .first('cv.status', 'l.collection_id');
    expect(card).toMatchObject({ status: 'sent', collection_id: collectionId });
    expect((await logsOf(campaign.id)).map((l) => l.type)).toEqual(
      expect.arrayContaining(['STATUS_CHANGE', 'SENT_WELCOME_MESSAGE', 'FETCHING']),
    );
    // Reported again on the next read of the requests page: nothing more.
    expect(
      await report(account, profileIds[0] as number, [{ kind: 'friendRequestReceived', profileUrl: url }]),
    ).toEqual({ applied: 0, ignored: 1 });
  });
});

describe('the log and the board', () => {
  it('writes daily stats, targeting and settings changes, and leaves a card a person moved where it is', async () => {
    clock.set('2026-06-09T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'log');
    const wakes = collect(socket, 'executor-wake');
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    const campaign = await startCampaign(account, {
      name: 'Log',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        { type: 'aiReply', intents: { interested: 'Great!' }, fallbackTemplate: 'Thanks!' },
      ],
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    const card = (await db()('conversations').where({ lead_id: lead.id }).first('id')) as { id: number };
    // A person moves the card to booked; the lead's answer would move it to interested.
    await account.call(contract.conversations.move, {
      body: { id: card.id, fields: { status: 'booked', order: 1 } },
    });
    await report(account, profileIds[0] as number, [
      { kind: 'message', profileUrl: lead.url, text: 'Yes I am interested', sentAt: '2026-06-09T10:30:00Z' },
    ]);
    expect((await db()('conversations').where({ id: card.id }).first('status'))?.status).toBe('booked');

    await account.call(contract.campaigns.update, {
      params: { id: campaign.id },
      body: { dailyCaps: { welcomeMessage: 5 } },
    });
    await expect
      .poll(() => (wakes as { reason: string }[]).map((w) => w.reason))
      .toContain('settings changed');
    // The next local day's first claim sums up the day before.
    clock.set('2026-06-10T09:15:00Z');
    await claim(executor);
    const types = (await logsOf(campaign.id)).map((l) => l.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'TARGETING_STARTED',
        'TARGETING_FINISHED',
        'UPDATED',
        'FETCHING',
        'DAILY_STATS_COLLECTING_STARTED',
        'DAILY_STATS_COLLECTING_FINISHED',
      ]),
    );
    const summary = (await logsOf(campaign.id)).find((l) => l.type === 'DAILY_STATS_COLLECTING_FINISHED');
    expect(summary?.message).toMatch(
      /^Tue 9 Jun, Profile \d+: 1 welcome message; 0 requests accepted, 1 reply received$/,
    );
  });
});
