import { contract, fillPath, listEndpoints } from '@reachly/shared/contract';
import { apiKeyCan } from '@reachly/shared/logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFigure } from './helpers/figures.ts';
import { HttpClient, type RequestOptions } from './helpers/http-client.ts';
import { seedCollection, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import {
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

/**
 * Tenancy over every route (docs/design.md §3): another organisation's ids answer 404 exactly as ids
 * that do not exist, change nothing and leak nothing; every private route answers 401 without a
 * session or token.
 */
let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
const secretName = 'Owner-only Lead Zebra';
let ids: {
  collection: number;
  lead: number;
  conversation: number;
  profile: number;
  campaign: number;
  task: number;
  manualMessage: number;
  apiKey: number;
  webhook: number;
  webhookDelivery: number;
  doNotContact: number;
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerAccount(server, 'owner');
  stranger = await registerAccount(server, 'stranger');
  const collection = await seedCollection(server, owner.organizationId, 'Owner collection');
  const conversation = await seedConversation(server, owner.organizationId, {
    collectionId: collection,
    order: 1000,
    name: secretName,
    messages: [{ direction: 'in', text: 'owner secret message' }],
  });
  const lead = await server.database.db('conversations').where({ id: conversation }).first('lead_id');
  ids = {
    collection,
    lead: Number(lead.lead_id),
    conversation,
    profile: await seedProfile(server, owner.organizationId, 'Owner profile'),
    campaign: 0,
    task: 0,
    manualMessage: 0,
    apiKey: 0,
    webhook: 0,
    webhookDelivery: 0,
    doNotContact: 0,
  };
  const [campaign] = await server.database
    .db('campaigns')
    .insert({ organization_id: owner.organizationId, collection_id: collection, name: 'Owner campaign' })
    .returning('id');
  ids.campaign = Number(campaign.id);
  await server.database
    .db('campaign_profiles')
    .insert({ organization_id: owner.organizationId, campaign_id: ids.campaign, profile_id: ids.profile });
  const [task] = await server.database
    .db('campaign_tasks')
    .insert({
      organization_id: owner.organizationId,
      campaign_id: ids.campaign,
      profile_id: ids.profile,
      lead_id: ids.lead,
      step_key: 'friendRequest',
      action: 'friendRequest',
      status: 'claimed',
      attempts: 1,
    })
    .returning('id');
  ids.task = Number(task.id);
  // A request the owner's campaign sent in October 2026: the owner's report names the campaign.
  await server.database.db('campaign_tasks').insert({
    organization_id: owner.organizationId,
    campaign_id: ids.campaign,
    profile_id: ids.profile,
    lead_id: ids.lead,
    // Another step of the same kind: a lead has one task per step.
    step_key: 'friendRequest-earlier',
    action: 'friendRequest',
    status: 'done',
    attempts: 1,
    finished_at: '2026-10-10T10:00:00.000Z',
  });
  // A reply the owner wrote in the inbox, being typed by the owner's profile browser.
  const [manual] = await server.database
    .db('manual_messages')
    .insert({
      organization_id: owner.organizationId,
      conversation_id: ids.conversation,
      profile_id: ids.profile,
      text: 'owner secret reply',
      status: 'sending',
      attempts: 1,
    })
    .returning('id');
  ids.manualMessage = Number(manual.id);
  ids.apiKey = (
    await owner.call(contract.team.createApiKey, { body: { name: 'Owner key', scope: 'read' } })
  ).apiKey.id;
  // A public address (no lookup); the endpoint is disabled, so its test delivery is never sent.
  ids.webhook = (
    await owner.call(contract.webhooks.create, {
      body: { url: 'https://93.184.215.14/owner-hook', events: ['lead.replied'], enabled: false },
    })
  ).id;
  ids.webhookDelivery = (await owner.call(contract.webhooks.sendTest, { params: { id: ids.webhook } })).id;
  ids.doNotContact = (
    await owner.call(contract.doNotContact.add, {
      body: { kind: 'name', value: secretName, note: 'owner secret' },
    })
  ).entry.id;
});
afterAll(() => server?.close());

function multipart(collectionId: number): RequestOptions {
  const b = 'tenancyboundary';
  const raw =
    `--${b}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `url,name\nhttps://sandbox.local/people/intruder,Intruder\r\n--${b}--\r\n`;
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

/** Every request naming one of the owner's rows. */
const foreign = (): [string, string, RequestOptions][] => [
  ['PATCH', `/api/collections/${ids.collection}`, { json: { name: 'Taken over' } }],
  ['DELETE', `/api/collections/${ids.collection}`, {}],
  ['GET', `/api/leads?collectionId=${ids.collection}&lastId=-1`, {}],
  ['PATCH', '/api/leads', { json: { id: ids.lead, isExcluded: true } }],
  [
    'POST',
    '/api/leads',
    { json: { collectionId: ids.collection, leads: [{ profileUrl: 'https://sandbox.local/people/x' }] } },
  ],
  ['POST', '/api/leads/import', multipart(ids.collection)],
  ['DELETE', `/api/leads/clear?collectionId=${ids.collection}`, {}],
  ['GET', `/api/conversations?collectionId=${ids.collection}&limit=50&groupByStatus=true`, {}],
  ['GET', `/api/conversations?collectionId=${ids.collection}&status=sent&limit=10`, {}],
  ['GET', `/api/conversations/${ids.conversation}`, {}],
  ['GET', `/api/inbox?campaignId=${ids.campaign}`, {}],
  ['GET', `/api/inbox?profileId=${ids.profile}`, {}],
  ['GET', `/api/inbox/${ids.conversation}`, {}],
  ['PATCH', `/api/inbox/${ids.conversation}`, { json: { done: true, aiPaused: true } }],
  ['POST', `/api/inbox/${ids.conversation}/messages`, { json: { text: 'Taken over' } }],
  ['POST', `/api/inbox/messages/${ids.manualMessage}/retry`, {}],
  ['PATCH', '/api/conversations', { json: { id: ids.conversation, fields: { order: 0, status: 'booked' } } }],
  ['PATCH', '/api/profiles', { json: { id: ids.profile, name: 'Taken over' } }],
  ['DELETE', `/api/profiles?id=${ids.profile}`, {}],
  ['POST', `/api/profiles/${ids.profile}/resume`, {}],
  ['GET', `/api/campaigns/${ids.campaign}`, {}],
  ['PATCH', `/api/campaigns/${ids.campaign}`, { json: { name: 'Taken over' } }],
  ['POST', `/api/campaigns/${ids.campaign}/start`, {}],
  ['POST', `/api/campaigns/${ids.campaign}/pause`, {}],
  ['POST', `/api/campaigns/${ids.campaign}/stop`, {}],
  ['GET', `/api/campaigns/${ids.campaign}/logs?lastId=-1&limit=10`, {}],
  ['GET', `/api/campaigns/${ids.campaign}/stats`, {}],
  ['GET', `/api/campaigns/${ids.campaign}/funnel`, {}],
  ['GET', `/api/campaigns/${ids.campaign}/variants`, {}],
  ['GET', `/api/campaigns/${ids.campaign}/profiles`, {}],
  ['GET', `/api/exports/leads?collectionId=${ids.collection}`, {}],
  ['GET', `/api/exports/conversations?collectionId=${ids.collection}`, {}],
  ['GET', `/api/exports/campaigns/${ids.campaign}`, {}],
  ['DELETE', `/api/campaigns/${ids.campaign}`, {}],
  ['POST', '/api/executor/claim', { json: { profileId: ids.profile } }],
  ['POST', `/api/executor/tasks/${ids.task}/started`, { json: { profileId: ids.profile, attempt: 1 } }],
  [
    'POST',
    `/api/executor/tasks/${ids.task}/outcome`,
    { json: { profileId: ids.profile, attempt: 1, status: 'done', data: {} } },
  ],
  [
    'POST',
    `/api/executor/manual-messages/${ids.manualMessage}/started`,
    { json: { profileId: ids.profile, attempt: 1 } },
  ],
  [
    'POST',
    `/api/executor/manual-messages/${ids.manualMessage}/outcome`,
    { json: { profileId: ids.profile, attempt: 1, status: 'done', data: {} } },
  ],
  [
    'POST',
    '/api/executor/events',
    { json: { profileId: ids.profile, events: [{ kind: 'signal', signal: 'DANGER', message: 'x' }] } },
  ],
  ['POST', '/api/agent/traffic', { json: { reports: [{ profileId: ids.profile, bytes: '1000' }] } }],
  ['POST', '/api/agent/launch-failed', { json: { profileId: ids.profile, message: 'x' } }],
  [
    'PUT',
    `/api/profiles/${ids.profile}/cookies`,
    { json: { cookies: [{ name: 'c_user', value: 'x', domain: '.network.example' }] } },
  ],
  ['GET', `/api/agent/profiles/${ids.profile}/cookies`, {}],
  [
    'POST',
    `/api/agent/profiles/${ids.profile}/cookies-imported`,
    { json: { storedAt: '2026-01-01T00:00:00.000Z', imported: 1 } },
  ],
  [
    'POST',
    '/api/campaigns',
    {
      json: {
        name: 'Intruder',
        collectionId: ids.collection,
        profileIds: [ids.profile],
        steps: [{ type: 'friendRequest' }],
      },
    },
  ],
  // The team: the owner is no member of the stranger's organisation, nor its key the stranger's.
  ['PATCH', `/api/team/members/${owner.id}`, { json: { role: 'member' } }],
  ['DELETE', `/api/team/members/${owner.id}`, {}],
  ['DELETE', `/api/team/api-keys/${ids.apiKey}`, {}],
  ['POST', '/api/team/organizations/current', { json: { organizationId: owner.organizationId } }],
  ['PATCH', `/api/webhooks/${ids.webhook}`, { json: { enabled: true } }],
  ['DELETE', `/api/webhooks/${ids.webhook}`, {}],
  ['POST', `/api/webhooks/${ids.webhook}/rotate-secret`, {}],
  ['GET', `/api/webhooks/${ids.webhook}/deliveries`, {}],
  ['POST', `/api/webhooks/${ids.webhook}/test`, {}],
  ['POST', `/api/webhooks/deliveries/${ids.webhookDelivery}/redeliver`, {}],
  ['DELETE', `/api/do-not-contact/${ids.doNotContact}`, {}],
  ['POST', `/api/do-not-contact/leads/${ids.lead}`, {}],
  // A report filtered by another organisation's campaign or profile: 404, as one that does not exist.
  ['GET', `/api/reports?from=2026-10-01&to=2026-10-31&campaignId=${ids.campaign}`, {}],
  ['GET', `/api/reports?from=2026-10-01&to=2026-10-31&profileId=${ids.profile}`, {}],
  ['GET', `/api/reports/export?from=2026-10-01&to=2026-10-31&campaignId=${ids.campaign}`, {}],
  ['GET', `/api/reports/export?from=2026-10-01&to=2026-10-31&profileId=${ids.profile}`, {}],
];

describe("another organisation's ids", () => {
  it('answer 404 like missing ids, write nothing and leak nothing', async () => {
    const routes = foreign();
    for (const [method, path, options] of routes) {
      const before = await writeSignature(server.database.db);
      const res = await stranger.api.request<{ error: { code: string } }>(method, path, options);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.text).not.toContain(secretName);
      expect(res.text).not.toContain('owner secret');
      expect(await writeSignature(server.database.db), `${method} ${path} wrote`).toBe(before);
    }
    // The table of figures counts routes (method and path with its ids), not requests.
    recordFigure('tenancyRoutes', new Set(routes.map(([m, p]) => `${m} ${p.replace(/\d+/g, ':id')}`)).size);
  });

  it("answer the same to the stranger's API key (read and write): 404, or 403 where keys may not go", async () => {
    const { key } = await stranger.call(contract.team.createApiKey, {
      body: { name: 'Stranger key', scope: 'read_write' },
    });
    const withKey = new HttpClient(server.url, { authorization: `Bearer ${key}` });
    const keyless = new Set(
      listEndpoints(contract)
        .map(({ endpoint }) => endpoint)
        // Keys may not act on the caller's person (apiKey: false) nor where apiKeyCan refuses.
        .filter((e) => e.apiKey === false || (e.permission !== undefined && !apiKeyCan(e.permission)))
        .map((e) => `${e.method} ${e.path}`),
    );
    for (const [method, path, options] of foreign()) {
      const name = `${method} ${path.split('?')[0]?.replace(/\/\d+/g, '/:id')}`;
      const before = await writeSignature(server.database.db);
      const res = await withKey.request<{ error: { code: string } }>(method, path, options);
      expect(res.status, name).toBe(keyless.has(name) ? 403 : 404);
      expect(res.text).not.toContain(secretName);
      expect(res.text).not.toContain('owner secret');
      expect(await writeSignature(server.database.db), `${name} wrote`).toBe(before);
    }
  });

  it('cover every signed-in endpoint of the contract that names a row in its path', () => {
    const tried = foreign().map(
      ([method, path]) => `${method} ${path.split('?')[0]?.replace(/\/\d+/g, '/:id')}`,
    );
    const missing = listEndpoints(contract)
      .map(({ endpoint }) => endpoint)
      .filter((e) => e.access === 'user' && e.params)
      .map((e) => `${e.method} ${e.path}`)
      .filter((name) => !tried.includes(name));
    expect(missing).toEqual([]);
  });

  it('cover every signed-in endpoint of the contract that names a row in its query', () => {
    const tried = new Set(
      foreign().flatMap(([method, path]) => {
        const [route, query = ''] = path.split('?');
        const name = `${method} ${route?.replace(/\/\d+/g, '/:id')}`;
        return [...new URLSearchParams(query).keys()].map((key) => `${name} ${key}`);
      }),
    );
    // A key ending in Id names a row (lastId is a list's cursor, not a filter).
    const missing = listEndpoints(contract)
      .map(({ endpoint }) => endpoint)
      .filter((e) => e.access === 'user' && e.query)
      .flatMap((e) =>
        Object.keys((e.query as { shape?: Record<string, unknown> }).shape ?? {})
          .filter((key) => key.endsWith('Id') && key !== 'lastId')
          .map((key) => `${e.method} ${e.path} ${key}`),
      )
      .filter((name) => !tried.has(name));
    expect(missing).toEqual([]);
  });

  it("never appear in the stranger's lists", async () => {
    for (const path of [
      '/api/collections',
      '/api/leads?collectionId=all&lastId=-1',
      '/api/conversations?limit=50&groupByStatus=true',
      '/api/conversations?limit=50&groupByStatus=true&search=Zebra',
      '/api/conversations?status=sent&limit=10',
      '/api/profiles',
      '/api/campaigns',
      '/api/agent/profiles',
      '/api/exports/leads?collectionId=all',
      '/api/exports/conversations',
      '/api/webhooks',
      '/api/do-not-contact',
      '/api/reports?from=2026-10-01&to=2026-10-31',
      '/api/reports/export?from=2026-10-01&to=2026-10-31',
    ]) {
      const res = await stranger.api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(secretName);
      expect(res.text, path).not.toContain('Owner collection');
      expect(res.text, path).not.toContain('Owner profile');
      expect(res.text, path).not.toContain('Owner campaign');
      expect(res.text, path).not.toContain('owner-hook');
    }
  });

  it('are still there for their owner', async () => {
    expect((await owner.api.get(`/api/conversations/${ids.conversation}`)).status).toBe(200);
    const collections = await owner.api.get<{ name: string }[]>('/api/collections');
    expect(collections.body.map((c) => c.name)).toContain('Owner collection');
    const report = await owner.call(contract.reports.get, {
      query: { from: '2026-10-01', to: '2026-10-31', campaignId: ids.campaign },
    });
    expect(report.campaigns.map((c) => c.name)).toEqual(['Owner campaign']);
  });
});

describe('without a session or token', () => {
  it('every private route answers 401 and writes nothing', async () => {
    const anonymous = server.client();
    // Every signed-in endpoint of the contract (ids that exist nowhere), and every request naming a row.
    const signedIn: [string, string, RequestOptions][] = listEndpoints(contract)
      .map(({ endpoint }) => endpoint)
      .filter((e) => e.access === 'user')
      .map((e) => [e.method, fillPath(e.path, { id: 1 }), e.method === 'GET' ? {} : { json: {} }]);
    const routes: [string, string, RequestOptions][] = [...signedIn, ...foreign()];
    for (const [method, path, options] of routes) {
      const before = await writeSignature(server.database.db);
      const res = await anonymous.request<{ error: { code: string } }>(method, path, options);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      expect(await writeSignature(server.database.db)).toBe(before);
    }
    recordFigure('privateRoutes', new Set(routes.map(([m, p]) => `${m} ${p.replace(/\d+/g, ':id')}`)).size);
  });
});
