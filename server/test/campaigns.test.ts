import { contract, type EndpointSpec, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCampaign } from './helpers/campaign-run.ts';
import {
  campaignSetup,
  createCampaign,
  expectRawRejected,
  validCampaignBody,
} from './helpers/campaign-setup.ts';
import type { RequestOptions } from './helpers/http-client.ts';
import { countRows, expectRefused, startTestServer, strict, type TestServer } from './helpers/test-server.ts';

/**
 * The campaign routes: authentication, creating and reading, tenancy, changing and deleting.
 * Starting, pausing and stopping, the log, the stats and the template preview are in
 * campaign-commands.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const setup = (prefix: string) => campaignSetup(server, prefix);
const validBody = validCampaignBody;
const create = createCampaign;

/** A raw answer (a request the typed client cannot send) is the API's error with this status. */
function expectError(res: { status: number; body: unknown; text: string }, status: number) {
  expect(res.status, res.text).toBe(status);
  return apiErrorSchema.parse(res.body).error;
}

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
      const error = await expectRawRejected(
        server,
        s.account,
        contract.campaigns.create,
        undefined,
        { json },
        400,
      );
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
      server,
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
      await expectRawRejected(
        server,
        s.account,
        contract.campaigns.update,
        { id: campaign.id },
        { json },
        400,
      );
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
