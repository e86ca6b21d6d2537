import { type ClientInput, contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLeads } from './helpers/campaign-run.ts';
import { campaignSetup, createCampaign, expectRawRejected } from './helpers/campaign-setup.ts';
import { collect, connectSocket, nextEvent } from './helpers/socket.ts';
import { expectRefused, startTestServer, strict, type TestServer } from './helpers/test-server.ts';

/**
 * A campaign's commands and results: start (the licence), pause and stop with their pushes, the
 * log's pages, the stats, and the template preview. Its creation and editing are in
 * campaigns.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const setup = (prefix: string) => campaignSetup(server, prefix);
const create = createCampaign;

/** A query string's fields, as the typed client takes them. */
const fields = (query: string) => Object.fromEntries(new URLSearchParams(query));

const expireLicence = (organizationId: number) =>
  server.database
    .db('licences')
    .where({ organization_id: organizationId })
    .update({ license_till: new Date(Date.now() - 60_000) });

describe('start, pause and stop', () => {
  it('refuses to start without a valid licence (402) and changes nothing', async () => {
    const s = await setup('camp-nolicence');
    const campaign = await create(s);
    await expireLicence(s.account.organizationId);
    const params = { id: campaign.id };
    const start = () => s.account.call(contract.campaigns.start, { params });
    const error = await expectRefused(server, 'start', start, 402);
    expect(error.code).toBe('PAYMENT_REQUIRED');
    expect(error.message).toMatch(/licence/i);
    await expectRefused(
      server,
      'update to running',
      () => s.account.call(contract.campaigns.update, { params, body: { status: 'running' } }),
      402,
    );
    await server.database.db('licences').where({ organization_id: s.account.organizationId }).delete();
    await expectRefused(server, 'start without a licence row', start, 402);
  });

  it('moves through the allowed transitions with realtime pushes, and 409 for the others', async () => {
    const s = await setup('camp-run');
    const campaign = await create(s);
    const id = campaign.id;
    const { socket } = await connectSocket(server.url, {
      token: s.account.accessToken,
      organizationId: s.account.organizationId,
    });
    try {
      const statuses = collect(socket, 'campaign-status-update');
      const { call } = s.account;
      const params = { id };
      const start = () => call(contract.campaigns.start, { params });
      const pause = () => call(contract.campaigns.pause, { params });
      const stop = () => call(contract.campaigns.stop, { params });
      await expectRefused(server, 'pause a draft', pause, 409);
      await expectRefused(server, 'stop a draft', stop, 409);

      const started = nextEvent(socket, 'campaign-start');
      expect((await start()).status).toBe('running');
      expect(await started).toEqual({ campaignId: id, profileIds: [...s.profileIds].sort((a, b) => a - b) });

      const error = await expectRefused(server, 'start a running one', start, 409);
      expect(error.code).toBe('CONFLICT');
      expect(await pause()).toMatchObject({ status: 'paused' });
      await expectRefused(server, 'pause a paused one', pause, 409);
      expect(await stop()).toMatchObject({ status: 'stopped' });
      await expectRefused(server, 'stop a stopped one', stop, 409);
      await expectRefused(
        server,
        'update a stopped one to paused',
        () => call(contract.campaigns.update, { params, body: { status: 'paused' } }),
        409,
      );
      // PATCH status follows the same rules; other fields change in the same request.
      const patched = await call(contract.campaigns.update, {
        params,
        body: { status: 'running', name: 'Again' },
      });
      expect(patched).toMatchObject({ status: 'running', name: 'Again' });

      await new Promise((r) => setTimeout(r, 200));
      expect(statuses).toEqual([
        { campaignId: id, status: 'running' },
        { campaignId: id, status: 'paused' },
        { campaignId: id, status: 'stopped' },
        { campaignId: id, status: 'running' },
      ]);
      expect((await server.database.db('campaigns').where({ id }).first()).status).toBe('running');
    } finally {
      socket.close();
    }
  });
});

describe('GET /api/campaigns/:id/logs', () => {
  it('pages newest first by id with hasMore', async () => {
    const s = await setup('camp-logs');
    const campaign = await create(s);
    const other = await create(s, { name: 'Other' });
    const db = server.database.db;
    const org = s.account.organizationId;
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const [row] = await db('campaign_logs')
        .insert({
          organization_id: org,
          campaign_id: campaign.id,
          profile_id: s.profileIds[0],
          type: 'SENT_FRIEND_REQUEST',
          message: `log ${i}`,
        })
        .returning('id');
      ids.push(Number(row.id));
    }
    await db('campaign_logs').insert({
      organization_id: org,
      campaign_id: other.id,
      type: 'SIGNAL',
      message: 'other',
    });
    const page = (query: string) =>
      s.account.call(contract.campaigns.logs, { params: { id: campaign.id }, query: fields(query) });
    const first = await page('?limit=2');
    expect(first.logs.map((l) => l.id)).toEqual([ids[4], ids[3]]);
    expect(first.hasMore).toBe(true);
    expect(first.logs[0]).toMatchObject({
      campaignId: campaign.id,
      profileId: s.profileIds[0],
      leadId: null,
      type: 'SENT_FRIEND_REQUEST',
      message: 'log 4',
    });
    const second = await page(`?limit=2&lastId=${ids[3]}`);
    expect(second.logs.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    const third = await page(`?limit=2&lastId=${ids[1]}`);
    expect(third).toMatchObject({ hasMore: false });
    expect(third.logs.map((l) => l.id)).toEqual([ids[0]]);
    expect((await page('?lastId=-1')).logs).toHaveLength(5);
    // Only some types: the run view reads its notices back this way.
    const [danger] = await db('campaign_logs')
      .insert({ organization_id: org, campaign_id: campaign.id, type: 'DANGER', message: 'warning page' })
      .returning('id');
    const notices = await page('?types=RESTRICTION,DANGER,SIGNAL');
    expect(notices.logs.map((l) => [l.id, l.type])).toEqual([[Number(danger.id), 'DANGER']]);
    expect((await page('?types=SENT_FRIEND_REQUEST&limit=1')).logs.map((l) => l.id)).toEqual([ids[4]]);
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?lastId=abc',
      '?lastId=-2',
      '?limit=1.5',
      '?types=NOPE',
      '?types=DANGER,',
    ]) {
      await expectRefused(server, query, () => page(query), 400);
    }
  });
});

describe('GET /api/campaigns/:id/stats', () => {
  it('counts done tasks per step and per day', async () => {
    const s = await setup('camp-stats');
    const campaign = await create(s);
    const db = server.database.db;
    const org = s.account.organizationId;
    const leads = await seedLeads(server, org, s.collectionId, 6);
    let n = 0;
    const task = (step_key: string, status: string, finished_at: string | null) => ({
      organization_id: org,
      campaign_id: campaign.id,
      lead_id: leads[n++]?.id,
      step_key,
      status,
      finished_at,
    });
    await db('campaign_tasks').insert([
      task('friendRequest', 'done', '2026-03-01T10:00:00Z'),
      task('friendRequest', 'done', '2026-03-01T23:30:00Z'),
      task('friendRequest', 'done', '2026-03-02T08:00:00Z'),
      task('welcomeMessage', 'done', '2026-03-02T09:00:00Z'),
      task('welcomeMessage', 'failed', '2026-03-02T09:00:00Z'),
      task('followUp:1', 'pending', null),
    ]);
    const stats = await s.account.call(strict(contract.campaigns.stats), { params: { id: campaign.id } });
    expect(stats).toEqual({
      byStep: [
        { stepKey: 'friendRequest', count: 3 },
        { stepKey: 'welcomeMessage', count: 1 },
      ],
      byDay: [
        { date: '2026-03-01', stepKey: 'friendRequest', count: 2 },
        { date: '2026-03-02', stepKey: 'friendRequest', count: 1 },
        { date: '2026-03-02', stepKey: 'welcomeMessage', count: 1 },
      ],
    });
    const empty = await create(s, { name: 'Empty' });
    expect(await s.account.call(contract.campaigns.stats, { params: { id: empty.id } })).toEqual({
      byStep: [],
      byDay: [],
    });
  });
});

describe('POST /api/campaigns/preview-template', () => {
  it('renders with the lead and seed and counts variants', async () => {
    const s = await setup('camp-preview');
    const preview = (body: ClientInput<typeof contract.campaigns.previewTemplate>['body']) =>
      s.account.call(strict(contract.campaigns.previewTemplate), { body });
    const template = '{Hi|Hello|Hey} {firstName}, {nice to meet you|glad to connect}!';
    const a = await preview({ template, lead: { name: 'Anna Berg' }, seed: 7 });
    expect(a.variants).toBe(6);
    expect(a.text).toMatch(/^(Hi|Hello|Hey) Anna, (nice to meet you|glad to connect)!$/);
    expect(await preview({ template, lead: { name: 'Anna Berg' }, seed: 7 })).toEqual(a);
    expect(
      await preview({ template: 'Hi {firstName}, {lastName}', lead: { firstName: 'Bo', lastName: 'Li' } }),
    ).toEqual({
      text: 'Hi Bo, Li',
      variants: 1,
    });
    expect(await preview({ template: 'Hi {firstName}!' })).toEqual({ text: 'Hi!', variants: 1 });
  });

  it('answers 400 naming an unknown variable, and to other bad input', async () => {
    const s = await setup('camp-preview-bad');
    const error = await expectRefused(
      server,
      'unknown variable',
      () => s.account.call(contract.campaigns.previewTemplate, { body: { template: 'Hello {compnay}' } }),
      400,
    );
    expect(error.message).toContain('{compnay}');
    // Raw: some of these bodies are wrongly typed.
    for (const json of [
      {},
      { template: '' },
      { template: 'Hi {' },
      { template: 'Hi', seed: -1 },
      { template: 'Hi', lead: 'x' },
      { template: 5 },
    ]) {
      await expectRawRejected(
        server,
        s.account,
        contract.campaigns.previewTemplate,
        undefined,
        { json },
        400,
      );
    }
  });
});
