import { type ClientInput, contract, type EndpointSpec, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema, type Campaign } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewCampaign, seedLeads } from './helpers/campaign-run.ts';
import type { RequestOptions } from './helpers/http-client.ts';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import { collect, connectSocket, nextEvent } from './helpers/socket.ts';
import {
  countRows,
  expectRefused,
  registerAccount,
  startTestServer,
  strict,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A raw answer (a request the typed client cannot send) is the API's error with this status. */
function expectError(res: { status: number; body: unknown; text: string }, status: number) {
  expect(res.status, res.text).toBe(status);
  return apiErrorSchema.parse(res.body).error;
}

interface Setup {
  account: TestAccount;
  collectionId: number;
  profileIds: number[];
}

async function setup(prefix: string): Promise<Setup> {
  const account = await registerAccount(server, prefix);
  const collectionId = await seedCollection(server, account.organizationId, `${prefix} collection`);
  const profileIds = [
    await seedProfile(server, account.organizationId),
    await seedProfile(server, account.organizationId),
  ];
  return { account, collectionId, profileIds };
}

const steps: NewCampaign['steps'] = [
  { type: 'friendRequest' },
  { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}!' },
  { type: 'followUp', afterDays: 3, template: 'Any news, {firstName}?' },
];

function validBody(s: Setup, extra: Partial<NewCampaign> = {}): NewCampaign {
  return { name: 'Spring outreach', collectionId: s.collectionId, profileIds: s.profileIds, steps, ...extra };
}

/** Creates a campaign; its answer is parsed strictly (no field beyond the schema). */
function create(s: Setup, extra: Partial<NewCampaign> = {}): Promise<Campaign> {
  return s.account.call(strict(contract.campaigns.create), { body: validBody(s, extra) });
}

/**
 * Asserts that a raw request (a body the typed client cannot send: wrongly typed, not JSON) answers
 * `status` with the error body and writes nothing; typed calls go through expectRefused.
 */
async function expectRawRejected(
  account: TestAccount,
  endpoint: EndpointSpec,
  params: { id: number } | undefined,
  options: RequestOptions,
  status: number,
) {
  const before = await writeSignature(server.database.db);
  const res = await account.api.request(endpoint.method, urlOf(endpoint, { params }), options);
  const error = expectError(res, status);
  expect(await writeSignature(server.database.db), `${endpoint.method} ${endpoint.path} wrote`).toBe(before);
  return error;
}

/** A query string's fields, as the typed client takes them. */
const fields = (query: string) => Object.fromEntries(new URLSearchParams(query));

const expireLicence = (organizationId: number) =>
  server.database
    .db('licences')
    .where({ organization_id: organizationId })
    .update({ license_till: new Date(Date.now() - 60_000) });

describe('authentication', () => {
  it('answers 401 to every campaigns route without a session or token', async () => {
    // Raw: no token, and bodies (not all of the contract's form) the routes never read.
    const client = server.client();
    const c = contract.campaigns;
    const params = { id: 1 };
    const routes: [EndpointSpec, RequestOptions][] = [
      [c.list, {}],
      [c.create, { json: { name: 'x' } }],
      [c.previewTemplate, { json: { template: 'Hi' } }],
      [c.get, {}],
      [c.update, { json: { name: 'x' } }],
      [c.remove, {}],
      [c.start, {}],
      [c.pause, {}],
      [c.stop, {}],
      [c.logs, {}],
      [c.stats, {}],
    ];
    for (const [endpoint, options] of routes) {
      const res = await client.request(endpoint.method, urlOf(endpoint, { params }), options);
      expect(expectError(res, 401).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('POST /api/campaigns and reading', () => {
  it('creates a draft with defaults, stores settings and profiles, lists newest first', async () => {
    const s = await setup('camp-create');
    const first = await create(s);
    expect(first).toMatchObject({
      name: 'Spring outreach',
      collectionId: s.collectionId,
      profileIds: [...s.profileIds].sort((a, b) => a - b),
      status: 'draft',
      dailyCaps: {},
      workingHours: { start: '09:00', end: '18:00' },
      gapSeconds: { min: 60, max: 300 },
    });
    expect(first.steps[2]).toEqual({
      type: 'followUp',
      afterDays: 3,
      template: 'Any news, {firstName}?',
      maxCount: 1,
    });
    expect(await countRows(server, 'campaign_profiles', { campaign_id: first.id })).toBe(2);
    const row = await server.database.db('campaigns').where({ id: first.id }).first();
    expect(row.organization_id).toBe(s.account.organizationId);
    expect(row.settings.steps).toHaveLength(3);

    const second = await create(s, {
      name: 'Second',
      profileIds: [s.profileIds[0]],
      dailyCaps: { friendRequest: 10 },
      workingHours: { start: '22:00', end: '06:00' },
      gapSeconds: { min: 5, max: 10 },
    });
    expect(second).toMatchObject({ dailyCaps: { friendRequest: 10 }, workingHours: { start: '22:00' } });

    const list = await s.account.call(contract.campaigns.list);
    expect(list.map((c) => c.id)).toEqual([second.id, first.id]);

    const one = await s.account.call(strict(contract.campaigns.get), { params: { id: first.id } });
    expect(one).toEqual(first);
  });

  it('answers 400 to every bad input and writes nothing', async () => {
    const s = await setup('camp-bad');
    const bad: Record<string, unknown>[] = [
      {},
      { ...validBody(s), name: '' },
      { ...validBody(s), name: 'x'.repeat(101) },
      { ...validBody(s), collectionId: 'abc' },
      { ...validBody(s), profileIds: [] },
      { ...validBody(s), profileIds: [s.profileIds[0], s.profileIds[0]] },
      { ...validBody(s), steps: [] },
      { ...validBody(s), steps: [{ type: 'nope' }] },
      { ...validBody(s), steps: [{ type: 'friendRequest' }, { type: 'friendRequest' }] },
      { ...validBody(s), steps: [{ type: 'welcomeMessage', template: 'Hi {compnay}' }] },
      { ...validBody(s), steps: [{ type: 'welcomeMessage', template: 'Hi {firstName' }] },
      { ...validBody(s), workingHours: { start: '09:00', end: '09:00' } },
      { ...validBody(s), gapSeconds: { min: 10, max: 5 } },
      { ...validBody(s), dailyCaps: { friendRequest: -1 } },
      { ...validBody(s), name: 'a\u0000b' },
    ];
    // Raw: some of these bodies are wrongly typed.
    for (const json of bad) {
      const error = await expectRawRejected(s.account, contract.campaigns.create, undefined, { json }, 400);
      expect(error.code).toBe('BAD_REQUEST');
    }
    const unknown = await expectRefused(
      server,
      'unknown variable',
      () =>
        s.account.call(contract.campaigns.create, {
          body: { ...validBody(s), steps: [{ type: 'welcomeMessage', template: 'Hi {compnay}' }] },
        }),
      400,
    );
    expect(unknown.message).toContain('{compnay}');
    await expectRawRejected(
      s.account,
      contract.campaigns.create,
      undefined,
      { raw: '{"name":', headers: { 'content-type': 'application/json' } },
      400,
    );
    expect(await countRows(server, 'campaigns', { organization_id: s.account.organizationId })).toBe(0);
  });

  it("answers 404 for another organisation's collection or profile, writing nothing", async () => {
    const s = await setup('camp-own');
    const other = await setup('camp-other');
    const createWith = (extra: Partial<NewCampaign>) => () =>
      s.account.call(contract.campaigns.create, { body: validBody(s, extra) });
    await expectRefused(server, 'their collection', createWith({ collectionId: other.collectionId }), 404);
    const error = await expectRefused(
      server,
      'their profile',
      createWith({ profileIds: [s.profileIds[0] as number, other.profileIds[1] as number] }),
      404,
    );
    expect(error.message).toBe(`Profile ${other.profileIds[1]} not found.`);
    await expectRefused(server, 'a missing collection', createWith({ collectionId: 999999 }), 404);
  });
});

describe('tenancy', () => {
  it("answers 404 to every route naming another organisation's campaign, writing nothing", async () => {
    const s = await setup('camp-t-owner');
    const stranger = await setup('camp-t-stranger');
    const campaign = await create(s);
    const params = { id: campaign.id };
    const c = contract.campaigns;
    const call = stranger.account.call;
    for (const [label, request] of [
      ['get', () => call(c.get, { params })],
      ['update', () => call(c.update, { params, body: { name: 'Taken' } })],
      ['remove', () => call(c.remove, { params })],
      ['start', () => call(c.start, { params })],
      ['pause', () => call(c.pause, { params })],
      ['stop', () => call(c.stop, { params })],
      ['logs', () => call(c.logs, { params })],
      ['stats', () => call(c.stats, { params })],
      ['a missing id', () => call(c.get, { params: { id: 999999 } })],
    ] as const) {
      const error = await expectRefused(server, label, request, 404);
      expect(error.code).toBe('NOT_FOUND');
    }
    expect(await call(c.list)).toEqual([]);
    // The owner may not attach the stranger's collection or profiles by PATCH either.
    await expectRefused(
      server,
      'their collection',
      () => s.account.call(c.update, { params, body: { collectionId: stranger.collectionId } }),
      404,
    );
    await expectRefused(
      server,
      'their profiles',
      () => s.account.call(c.update, { params, body: { profileIds: stranger.profileIds } }),
      404,
    );
  });
});

describe('PATCH and DELETE /api/campaigns/:id', () => {
  it('changes any subset and replaces the profiles', async () => {
    const s = await setup('camp-patch');
    const campaign = await create(s);
    const updated = await s.account.call(strict(contract.campaigns.update), {
      params: { id: campaign.id },
      body: { name: 'Renamed', profileIds: [s.profileIds[1] as number], dailyCaps: { likePosts: 5 } },
    });
    expect(updated).toMatchObject({
      name: 'Renamed',
      profileIds: [s.profileIds[1]],
      dailyCaps: { likePosts: 5 },
      steps: campaign.steps,
      status: 'draft',
      collectionId: s.collectionId,
    });
    expect(await countRows(server, 'campaign_profiles', { campaign_id: campaign.id })).toBe(1);
  });

  it('answers 400 to bad bodies and ids, writing nothing', async () => {
    const s = await setup('camp-patch-bad');
    const campaign = await create(s);
    // Raw: some of these bodies are wrongly typed.
    for (const json of [{}, { name: '' }, { status: 'draft' }, { status: 'finished' }, { steps: [] }, []]) {
      await expectRawRejected(s.account, contract.campaigns.update, { id: campaign.id }, { json }, 400);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      await expectRefused(
        server,
        `get ${id}`,
        () => s.account.call(contract.campaigns.get, { params: { id } }),
        400,
      );
      await expectRefused(
        server,
        `start ${id}`,
        () => s.account.call(contract.campaigns.start, { params: { id } }),
        400,
      );
    }
  });

  it('deletes a campaign with its profiles list, tasks and logs', async () => {
    const s = await setup('camp-delete');
    const campaign = await create(s);
    const db = server.database.db;
    const org = s.account.organizationId;
    await db('campaign_tasks').insert({
      organization_id: org,
      campaign_id: campaign.id,
      step_key: 'friendRequest',
    });
    await db('campaign_logs').insert({ organization_id: org, campaign_id: campaign.id, type: 'SIGNAL' });
    const params = { id: campaign.id };
    expect(await s.account.call(contract.campaigns.remove, { params })).toEqual({ id: campaign.id });
    for (const table of ['campaign_profiles', 'campaign_tasks', 'campaign_logs']) {
      expect(await countRows(server, table, { campaign_id: campaign.id }), table).toBe(0);
    }
    expect(await countRows(server, 'campaigns', { id: campaign.id })).toBe(0);
    await expect(s.account.call(contract.campaigns.remove, { params })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

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
      await expectRawRejected(s.account, contract.campaigns.previewTemplate, undefined, { json }, 400);
    }
  });
});
