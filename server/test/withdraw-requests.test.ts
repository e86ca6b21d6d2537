import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { planCampaign } from '../src/engine/planner.ts';
import {
  campaignLog,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * Stale friend requests are withdrawn (issue 17, engine/withdrawals.ts): a request of the campaign
 * unanswered withdrawAfterDays after it went out is withdrawn on that day by the profile that sent
 * it, by the engine's clock; an accepted one is not (accepted before the planning, or between the
 * planning and the claim); nothing is withdrawn twice, and the person gets no other request.
 */
const clock = new ManualClock('2026-06-01T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('withdrawAfterDays', () => {
  it('withdraws a request not accepted within N days on day N, never an accepted one, never twice', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const db = server.database.db;
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'withdraw',
    );
    const [silent, early, late] = await seedLeads(server, account.organizationId, collectionId, 3);
    if (!silent || !early || !late) throw new Error('three leads');
    const campaign = await startCampaign(account, {
      name: 'Requests that expire',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest', withdrawAfterDays: 2 }],
      gapSeconds: { min: 60, max: 60 },
    });
    const sent = await runUntilIdle([executor], clock);
    expect(sent.tasks.map((t) => t.action)).toEqual(['friendRequest', 'friendRequest', 'friendRequest']);
    const sentAt = clock.now().getTime();

    // Day 1: one person accepts.
    clock.advance({ hours: 24 });
    await executor.events([{ kind: 'friendAccepted', profileUrl: early.url }]);
    // Just short of two days after the last request: nothing is due yet.
    clock.set(new Date(sentAt + 2 * DAY - HOUR).toISOString());
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);

    // Day 2: both unanswered requests are due; the second person accepts between the planning
    // and the claim, which cancels theirs.
    clock.set(new Date(sentAt + 2 * DAY + 60_000).toISOString());
    await planCampaign(db, campaign.id, clock.now());
    const planned = await db('campaign_tasks')
      .where({ campaign_id: campaign.id, action: 'withdrawRequest' })
      .orderBy('lead_id')
      .select('lead_id', 'status');
    expect(planned.map((t) => [Number(t.lead_id), t.status])).toEqual([
      [silent.id, 'pending'],
      [late.id, 'pending'],
    ]);
    await executor.events([{ kind: 'friendAccepted', profileUrl: late.url }]);
    const withdrawn = await runUntilIdle([executor], clock);
    expect(withdrawn.tasks.map((t) => [t.action, 'lead' in t ? t.lead.profileUrl : null])).toEqual([
      ['withdrawRequest', silent.url],
    ]);
    expect(network.withdrawals).toEqual([{ from: profileIds[0], url: silent.url }]);
    expect(network.sentRequest(profileIds[0] as number, silent.url)).toBe(false);

    const leads = await db('leads')
      .whereIn('id', [silent.id, early.id, late.id])
      .orderBy('id')
      .select('id', 'friend_request_sent_at', 'friend_request_withdrawn_at');
    expect(
      leads.map((l) => [l.friend_request_sent_at !== null, l.friend_request_withdrawn_at !== null]),
    ).toEqual([
      [true, true],
      [true, false],
      [true, false],
    ]);
    expect(new Date(leads[0]?.friend_request_withdrawn_at).getTime()).toBeGreaterThanOrEqual(
      sentAt + 2 * DAY,
    );
    const log = await campaignLog(server, campaign.id);
    expect(log.filter((l) => l.lead_id === silent.id).map((l) => [l.type, l.message])).toEqual([
      ['SENT_FRIEND_REQUEST', 'Friend request sent'],
      ['STATUS_CHANGE', 'Friend request withdrawn: unanswered after 2 days'],
    ]);
    const [state] = await account.call(contract.campaigns.profiles, { params: { id: campaign.id } });
    expect(state?.today).toMatchObject({ withdrawRequest: 1 });
    expect(
      await db('campaign_tasks')
        .where({ campaign_id: campaign.id, lead_id: late.id, action: 'withdrawRequest' })
        .first('status', 'result'),
    ).toMatchObject({ status: 'cancelled' });

    // Weeks later: nothing more is withdrawn, nobody is asked again.
    clock.advance({ hours: 24 * 20 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(network.withdrawals).toHaveLength(1);
    expect([...network.requests.values()].flat()).toHaveLength(2);
    socket.close();
  });

  it('leaves requests alone when the step sets no withdrawAfterDays', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'keep',
    );
    await seedLeads(server, account.organizationId, collectionId, 1);
    await startCampaign(account, {
      name: 'Requests that stay',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    clock.advance({ hours: 24 * 30 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(network.withdrawals).toEqual([]);
    socket.close();
  });

  it('keeps a campaign running past its idle days while a request waits for its withdrawal', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'late',
    );
    await seedLeads(server, account.organizationId, collectionId, 1);
    const campaign = await startCampaign(account, {
      name: 'Requests withdrawn late',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest', withdrawAfterDays: 30 }],
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    clock.advance({ hours: 24 * 20 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    const status = async () =>
      (
        (await server.database.db('campaigns').where({ id: campaign.id }).first('status')) as {
          status: string;
        }
      ).status;
    expect(await status()).toBe('running');
    clock.advance({ hours: 24 * 10 + 1 });
    expect((await runUntilIdle([executor], clock)).tasks.map((t) => t.action)).toEqual(['withdrawRequest']);
    expect(network.withdrawals).toHaveLength(1);
    socket.close();
  });
});
