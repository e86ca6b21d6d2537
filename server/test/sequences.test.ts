import { contract } from '@reachly/shared/contract';
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
import { expectRefused, type TestServer } from './helpers/test-server.ts';

/**
 * Sequences (issue 17): a campaign opens each lead with a visit and a follow before its request
 * (engine/opening.ts), each planned once the one before is done; after a withdrawal the friend
 * request step goes on with its afterWithdrawal (engine/withdrawals.ts): a follow, or a message to
 * a lead who has a Message button. Campaigns without these steps plan as they always did.
 */
const clock = new ManualClock('2026-06-01T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const DAY = 24 * 3600 * 1000;
const leadOf = (t: { action: string; lead?: { profileUrl: string } }) => [t.action, t.lead?.profileUrl];

describe('sequences', () => {
  it('visits, then follows, then sends the request, each lead in turn', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'opening',
    );
    const [first, second] = await seedLeads(server, account.organizationId, collectionId, 2);
    if (!first || !second) throw new Error('two leads');
    const campaign = await startCampaign(account, {
      name: 'Warm up first',
      collectionId,
      profileIds,
      // The order of the steps does not matter: a visit, a follow, then the request.
      steps: [{ type: 'friendRequest' }, { type: 'followPerson' }, { type: 'visitProfile' }],
      gapSeconds: { min: 60, max: 60 },
    });
    const run = await runUntilIdle([executor], clock);
    // Each lead's next action is planned when the one before is done, and goes first (it is further along).
    expect(run.tasks.map(leadOf)).toEqual([
      ['visitProfile', first.url],
      ['followPerson', first.url],
      ['friendRequest', first.url],
      ['visitProfile', second.url],
      ['followPerson', second.url],
      ['friendRequest', second.url],
    ]);
    const me = profileIds[0] as number;
    expect(network.visits).toEqual([
      { from: me, url: first.url },
      { from: me, url: second.url },
    ]);
    expect(network.follows).toEqual([
      { from: me, url: first.url },
      { from: me, url: second.url },
    ]);
    const log = await campaignLog(server, campaign.id);
    expect(log.filter((l) => l.lead_id === first.id).map((l) => [l.type, l.message])).toEqual([
      ['FETCHING', 'Visited their profile'],
      ['STATUS_CHANGE', 'Followed them'],
      ['SENT_FRIEND_REQUEST', 'Friend request sent'],
    ]);
    const [state] = await account.call(contract.campaigns.profiles, { params: { id: campaign.id } });
    expect(state?.today).toMatchObject({ visitProfile: 2, followPerson: 2, friendRequest: 2 });
    socket.close();
  });

  it('stops the sequence when the lead replies: no follow, no request after their message', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'reply-stops',
    );
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('one lead');
    const campaign = await startCampaign(account, {
      name: 'Visit, follow, request',
      collectionId,
      profileIds,
      steps: [{ type: 'visitProfile' }, { type: 'followPerson' }, { type: 'friendRequest' }],
      gapSeconds: { min: 60, max: 60 },
    });
    // The visit goes out; the lead sees it and writes first, before the follow.
    expect(leadOf((await executor.step()).task ?? { action: 'none' })).toEqual(['visitProfile', lead.url]);
    await executor.events([
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'Hi, you looked at my page?',
        sentAt: clock.now().toISOString(),
      },
    ]);
    clock.advance({ hours: 1 });
    expect((await runUntilIdle([executor], clock)).tasks.map(leadOf)).toEqual([]);
    expect(network.follows).toEqual([]);
    const log = await campaignLog(server, campaign.id);
    expect(log.filter((l) => l.lead_id === lead.id).map((l) => l.message)).toContain(
      `${lead.name} replied; card moved to replied; the sequence stopped (1 planned step(s) cancelled)`,
    );
    socket.close();
  });

  it('follows instead of a request, and holds the visits to their own daily cap', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'soft',
    );
    await seedLeads(server, account.organizationId, collectionId, 3);
    await startCampaign(account, {
      name: 'Follow only',
      collectionId,
      profileIds,
      steps: [{ type: 'visitProfile' }, { type: 'followPerson' }],
      dailyCaps: { visitProfile: 1 },
      gapSeconds: { min: 60, max: 60 },
    });
    const run = await runUntilIdle([executor], clock);
    expect(run.tasks.map((t) => t.action)).toEqual(['visitProfile', 'followPerson']);
    expect(run.stopped.get(profileIds[0] as number)?.reason).toBe('daily-cap');
    // The next day, the next lead.
    clock.advance({ hours: 24 });
    const next = await runUntilIdle([executor], clock);
    expect(next.tasks.map((t) => t.action)).toEqual(['visitProfile', 'followPerson']);
    expect(network.visits).toHaveLength(2);
    expect(network.follows).toHaveLength(2);
    expect(network.requests.size).toBe(0);
    socket.close();
  });

  it('follows the person whose unanswered request was withdrawn, not the one who accepted', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'after-follow',
    );
    const [silent, accepts] = await seedLeads(server, account.organizationId, collectionId, 2);
    if (!silent || !accepts) throw new Error('two leads');
    const campaign = await startCampaign(account, {
      name: 'Withdraw, then follow',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest', withdrawAfterDays: 3, afterWithdrawal: { action: 'followPerson' } }],
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    await executor.events([{ kind: 'friendAccepted', profileUrl: accepts.url }]);
    clock.advance({ hours: 24 * 2 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    clock.advance({ hours: 24 + 1 });
    const run = await runUntilIdle([executor], clock);
    expect(run.tasks.map(leadOf)).toEqual([
      ['withdrawRequest', silent.url],
      ['followPerson', silent.url],
    ]);
    expect(run.tasks[1]?.stepKey).toBe('afterWithdrawal');
    expect(network.follows).toEqual([{ from: profileIds[0], url: silent.url }]);
    const log = await campaignLog(server, campaign.id);
    expect(log.filter((l) => l.lead_id === silent.id).map((l) => [l.type, l.message])).toEqual([
      ['SENT_FRIEND_REQUEST', 'Friend request sent'],
      ['STATUS_CHANGE', 'Friend request withdrawn: unanswered after 3 days'],
      ['STATUS_CHANGE', 'Followed them after withdrawing the unanswered request'],
    ]);
    // Once per lead: weeks later nothing more happens.
    clock.advance({ hours: 24 * 20 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(network.follows).toHaveLength(1);
    socket.close();
  });

  it('writes to a withdrawn lead who has a Message button, and skips one who has none', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'after-message',
    );
    const [writable] = await seedLeads(server, account.organizationId, collectionId, 1, { tag: 'w' });
    const [mute] = await seedLeads(server, account.organizationId, collectionId, 1, {
      tag: 'm',
      hasMessageButton: false,
    });
    if (!writable || !mute) throw new Error('two leads');
    const campaign = await startCampaign(account, {
      name: 'Withdraw, then write',
      collectionId,
      profileIds,
      steps: [
        {
          type: 'friendRequest',
          withdrawAfterDays: 1,
          afterWithdrawal: { action: 'message', template: 'No worries {firstName}, happy to talk here.' },
        },
      ],
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    clock.set(new Date(clock.now().getTime() + DAY + 60_000).toISOString());
    const run = await runUntilIdle([executor], clock);
    expect(run.tasks.map(leadOf)).toEqual(
      expect.arrayContaining([
        ['withdrawRequest', writable.url],
        ['withdrawRequest', mute.url],
        ['followUp', writable.url],
      ]),
    );
    expect(run.tasks).toHaveLength(3);
    expect(network.messagesTo(writable.url)).toEqual(['No worries Lead1, happy to talk here.']);
    expect(network.messagesTo(mute.url)).toEqual([]);
    const tasks = await server.database
      .db('campaign_tasks')
      .where({ campaign_id: campaign.id, step_key: 'afterWithdrawal' })
      .orderBy('lead_id')
      .select('lead_id', 'status', 'result');
    expect(tasks.map((t) => [Number(t.lead_id), t.status])).toEqual([
      [writable.id, 'done'],
      [mute.id, 'skipped'],
    ]);
    socket.close();
  });

  it('refuses an afterWithdrawal without withdrawAfterDays with a 400 naming the step, writing nothing', async () => {
    const { account, collectionId, profileIds, socket } = await setupCampaignOrg(server, 'bad-sequence');
    const error = await expectRefused(
      server,
      'afterWithdrawal alone',
      () =>
        account.call(contract.campaigns.create, {
          body: {
            name: 'Never withdrawn',
            collectionId,
            profileIds,
            steps: [
              { type: 'visitProfile' },
              { type: 'friendRequest', afterWithdrawal: { action: 'followPerson' } },
            ],
          },
        }),
      400,
    );
    expect(error.message).toContain('Step 2 (friend request)');
    socket.close();
  });
});
