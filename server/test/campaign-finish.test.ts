import { CAMPAIGN_FINISH_IDLE_DAYS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishIfOver } from '../src/engine/campaign-finish.ts';
import { ManualClock } from '../src/engine/index.ts';
import { parseSettings } from '../src/engine/settings.ts';
import {
  campaignLog,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * Campaigns finish by themselves (engine/campaign-finish.ts, docs/decisions.md): once a running
 * campaign has no task waiting, nothing new to plan and nothing in its log for
 * CAMPAIGN_FINISH_IDLE_DAYS, the claim path's planning round sets it `finished`, writes why in its
 * log, pushes the status and records the `campaign.finished` webhook event. Anything that can still
 * come of it keeps it running: a task waiting (a follow-up due later), a lead's answer, a daily step,
 * a collection never worked yet. Executors are scripted over real HTTP on a controlled clock.
 */
const clock = new ManualClock('2026-06-01T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };
const DAY = 24 * 3600 * 1000;

async function statusOf(campaignId: number): Promise<string> {
  const row = (await db()('campaigns').where({ id: campaignId }).first('status')) as { status: string };
  return row.status;
}

describe('a campaign with nothing left to do', () => {
  it(`finishes ${CAMPAIGN_FINISH_IDLE_DAYS} days after its last action, with a log line, a push and a webhook event`, async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'finish',
    );
    const leads = await seedLeads(server, account.organizationId, collectionId, 2);
    const now = new Date().toISOString();
    await db()('webhook_endpoints').insert({
      organization_id: account.organizationId,
      url: 'https://hooks.example/reachly',
      events: JSON.stringify(['campaign.finished']),
      secret_sealed: 'not used here',
      created_at: now,
      updated_at: now,
    });
    const campaign = await startCampaign(account, {
      name: 'Requests only',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const run = await runUntilIdle([executor], clock);
    expect(run.tasks.map((t) => t.action)).toEqual(['friendRequest', 'friendRequest']);
    expect(leads.map((lead) => network.sentRequest(profileIds[0] as number, lead.url))).toEqual([true, true]);
    const lastAction = clock.now().getTime();

    // A day short of the idle days: still running, whoever asks.
    clock.set(new Date(lastAction + (CAMPAIGN_FINISH_IDLE_DAYS - 1) * DAY).toISOString());
    expect(await executor.claim()).toMatchObject({ task: null });
    expect(await statusOf(campaign.id)).toBe('running');

    const pushes = collect(socket, 'campaign-status-update');
    clock.set(new Date(lastAction + (CAMPAIGN_FINISH_IDLE_DAYS * DAY + 60_000)).toISOString());
    expect(await executor.claim()).toMatchObject({ task: null });
    expect(await statusOf(campaign.id)).toBe('finished');
    const viewed = await account.call(contract.campaigns.get, { params: { id: campaign.id } });
    expect(viewed.status).toBe('finished');
    expect((await campaignLog(server, campaign.id)).at(-1)).toEqual({
      type: 'STATUS_CHANGE',
      lead_id: null,
      message: `Campaign finished: every lead has been worked and nothing has happened for ${CAMPAIGN_FINISH_IDLE_DAYS} days`,
    });
    await expect.poll(() => pushes).toEqual([{ campaignId: campaign.id, status: 'finished' }]);
    const events = await db()('webhook_events')
      .where({ organization_id: account.organizationId })
      .select('type', 'data');
    expect(events).toEqual([
      {
        type: 'campaign.finished',
        data: {
          campaignId: campaign.id,
          name: 'Requests only',
          status: 'finished',
          previousStatus: 'running',
        },
      },
    ]);

    // Finished is final: a lead added now is not targeted, and the profile gets no task of it.
    await seedLeads(server, account.organizationId, collectionId, 1, { tag: 'late' });
    clock.advance({ minutes: 2 });
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    await expect(
      account.call(contract.campaigns.start, { params: { id: campaign.id } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    socket.close();
  });
});

describe('a campaign that may still do something', () => {
  it('runs on while a follow-up waits, and while its leads answer; then finishes', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'waits');
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    const campaign = await startCampaign(account, {
      name: 'Slow follow-up',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        { type: 'followUp', afterDays: CAMPAIGN_FINISH_IDLE_DAYS + 6, template: 'Still there?' },
      ],
      gapSeconds: gap,
    });
    expect((await runUntilIdle([executor], clock)).tasks.map((t) => t.action)).toEqual(['welcomeMessage']);
    const welcomed = clock.now().getTime();

    // The follow-up is planned for 20 days later: the campaign is idle but not over.
    clock.set(new Date(welcomed + (CAMPAIGN_FINISH_IDLE_DAYS + 2) * DAY).toISOString());
    expect(await executor.claim()).toMatchObject({ task: null });
    expect(await statusOf(campaign.id)).toBe('running');

    // The lead answers on day 17: its follow-up is cancelled, and the answer is news.
    await executor.events([
      { kind: 'message', profileUrl: lead.url, text: 'Who is this?', sentAt: clock.now().toISOString() },
    ]);
    const answered = clock.now().getTime();
    clock.set(new Date(answered + (CAMPAIGN_FINISH_IDLE_DAYS - 1) * DAY).toISOString());
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(await statusOf(campaign.id)).toBe('running');

    clock.set(new Date(answered + (CAMPAIGN_FINISH_IDLE_DAYS + 1) * DAY).toISOString());
    expect((await runUntilIdle([executor], clock)).tasks).toEqual([]);
    expect(await statusOf(campaign.id)).toBe('finished');
    socket.close();
  });

  it('never finishes with a daily step, nor before it has done anything', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'daily');
    const likes = await startCampaign(account, {
      name: 'Likes',
      collectionId,
      profileIds,
      steps: [{ type: 'likePosts', count: 1 }],
      gapSeconds: gap,
    });
    // An empty collection: nothing to do, nothing done; a user may still fill it.
    const empty = await startCampaign(account, {
      name: 'Empty for now',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    for (let day = 0; day < CAMPAIGN_FINISH_IDLE_DAYS + 3; day += 1) {
      await runUntilIdle([executor], clock);
      clock.advance({ days: 1 });
    }
    await runUntilIdle([executor], clock);
    expect(await statusOf(likes.id)).toBe('running');
    expect(await statusOf(empty.id)).toBe('running');
    socket.close();
  });

  it('a daily step alone keeps it running: the same idle campaign without it finishes', async () => {
    clock.set('2026-07-01T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(
      server,
      'daily-rule',
    );
    await seedLeads(server, account.organizationId, collectionId, 1);
    const likes = await startCampaign(account, {
      name: 'Likes, then silence',
      collectionId,
      profileIds,
      steps: [{ type: 'likePosts', count: 1 }],
      gapSeconds: gap,
    });
    await runUntilIdle([executor], clock);
    // The network stops offering posts: nothing is done or logged for longer than the idle days,
    // and no task waits. Everything but the daily step says the campaign is over.
    clock.advance({ days: CAMPAIGN_FINISH_IDLE_DAYS + 1 });
    await db()('campaign_tasks')
      .where({ campaign_id: likes.id })
      .whereIn('status', ['pending', 'claimed', 'started'])
      .update({ status: 'cancelled' });
    expect(await finishIfOver(db(), likes.id, clock.now())).toBeNull();
    expect(await statusOf(likes.id)).toBe('running');

    const row = (await db()('campaigns').where({ id: likes.id }).first('settings')) as { settings: unknown };
    const settings = parseSettings(row.settings as string);
    await db()('campaigns')
      .where({ id: likes.id })
      .update({ settings: JSON.stringify({ ...settings, steps: [{ type: 'friendRequest' }] }) });
    expect(await finishIfOver(db(), likes.id, clock.now())).toMatchObject({ campaignId: likes.id });
    expect(await statusOf(likes.id)).toBe('finished');
    socket.close();
  });
});
