import { contract } from '@reachly/shared/contract';
import { WEBHOOK_EVENT_TYPES } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { reportEvents } from './helpers/campaign-run.ts';
import { campaignSetup, createCampaign } from './helpers/campaign-setup.ts';
import { capturedLog } from './helpers/captured-log.ts';
import { seedCollection, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import {
  countRows,
  expectRefused,
  expectRejected,
  inviteAccount,
  registerAccount,
  startTestServer,
  strict,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * The webhooks API (docs/decisions.md "Webhooks"): endpoints registered, changed and deleted, their
 * secrets shown once and never again (not in a list, not in the log), bad input and private
 * addresses refused with a 400 that writes nothing, and each event written where its change
 * happens. Deliveries themselves: webhooks-delivery.test.ts.
 */

const clock = new ManualClock(Date.now());
let server: TestServer;
let strictServer: TestServer;
let receiver: WebhookReceiver;
const log = capturedLog();

beforeAll(async () => {
  server = await startTestServer(
    { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_INTERVAL_MS: '0', LOG_LEVEL: 'debug' },
    { logger: log.logger, engine: { clock, random: () => 0.5 } },
  );
  // The default: private addresses refused.
  strictServer = await startTestServer({ WEBHOOKS_INTERVAL_MS: '0' }, { database: server.database });
  receiver = await new WebhookReceiver().start();
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await strictServer?.close();
  await server?.close();
});

const create = (
  account: TestAccount,
  events = ['lead.status_changed'] as (typeof WEBHOOK_EVENT_TYPES)[number][],
) => account.call(contract.webhooks.create, { body: { url: receiver.url, description: 'CRM', events } });

describe('registering an endpoint', () => {
  it('answers the endpoint with its whsec_ secret once; lists never show it, and it is stored sealed', async () => {
    const account = await registerAccount(server, 'hooks-create');
    const created = await account.call(strict(contract.webhooks.create), {
      body: { url: receiver.url, events: ['lead.replied', 'campaign.started'], description: '  Pipedrive  ' },
    });
    expect(created).toMatchObject({
      url: receiver.url,
      description: 'Pipedrive',
      events: ['lead.replied', 'campaign.started'],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await account.api.get('/api/webhooks');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.secret);
    expect(list.text).not.toContain('whsec_');
    expect(await account.call(strict(contract.webhooks.list), {})).toEqual({
      endpoints: [{ ...created, secret: undefined }].map(({ secret: _, ...rest }) => rest),
    });
    const row = await server.database.db('webhook_endpoints').where({ id: created.id }).first();
    expect(row.secret_sealed).not.toContain(created.secret.slice(6));
    const rotated = await account.call(contract.webhooks.rotateSecret, { params: { id: created.id } });
    const again = await account.api.get('/api/webhooks');
    expect(again.text).not.toContain(rotated.secret);
    expect(JSON.parse(again.text).endpoints[0].previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    // Nothing secret reached the log (debug: the most the server ever writes).
    await account.call(contract.webhooks.sendTest, { params: { id: created.id } });
    await server.running.ctx.webhooks.worker.tick();
    expect(log.text().length).toBeGreaterThan(0);
    for (const secret of [created.secret, rotated.secret]) {
      expect(log.text()).not.toContain(secret);
      expect(log.text()).not.toContain(secret.slice(6));
    }
  });

  it('changes the events, the description and the enabled flag; deletes with its deliveries', async () => {
    const account = await registerAccount(server, 'hooks-edit');
    const created = await create(account);
    const changed = await account.call(contract.webhooks.update, {
      params: { id: created.id },
      body: { events: ['campaign.paused', 'profile.restricted'], enabled: false, description: 'off' },
    });
    expect(changed).toMatchObject({
      events: ['campaign.paused', 'profile.restricted'],
      enabled: false,
      description: 'off',
    });
    await account.call(contract.webhooks.sendTest, { params: { id: created.id } });
    expect(await countRows(server, 'webhook_deliveries', { endpoint_id: created.id })).toBe(1);
    expect(await account.call(contract.webhooks.remove, { params: { id: created.id } })).toEqual({
      id: created.id,
    });
    expect(await countRows(server, 'webhook_deliveries', { endpoint_id: created.id })).toBe(0);
    expect((await account.call(contract.webhooks.list, {})).endpoints).toEqual([]);
  });

  it('refuses bad input with a 400 that names the problem and writes nothing', async () => {
    const account = await registerAccount(server, 'hooks-bad');
    const cases: [string, Record<string, unknown>][] = [
      ['not http', { url: 'ftp://example.com/hook', events: ['lead.replied'] }],
      ['not a URL', { url: 'hook', events: ['lead.replied'] }],
      ['no events', { url: receiver.url, events: [] }],
      ['an unknown event', { url: receiver.url, events: ['lead.deleted'] }],
      ['a repeated event', { url: receiver.url, events: ['lead.replied', 'lead.replied'] }],
      ['a long description', { url: receiver.url, events: ['lead.replied'], description: 'x'.repeat(201) }],
      ['an unknown field', { url: receiver.url, events: ['lead.replied'], secret: 'whsec_mine' }],
      ['a wrong type', { url: receiver.url, events: ['lead.replied'], enabled: 'yes' }],
    ];
    for (const [label, body] of cases) {
      await expectRejected(server, label, () => account.api.post('/api/webhooks', { json: body }), 400);
    }
    const created = await create(account);
    await expectRejected(
      server,
      'an empty change',
      () => account.api.patch(`/api/webhooks/${created.id}`, { json: {} }),
      400,
    );
    await expectRejected(server, 'a bad id', () => account.api.post('/api/webhooks/abc/test'), 400);
  });
});

describe('the address rule (SSRF)', () => {
  it('refuses loopback, link-local, private and unique-local addresses with a clear 400, at creation and change', async () => {
    const account = await registerAccount(strictServer, 'hooks-ssrf');
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.16.5.4/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const error = await expectRefused(
        strictServer,
        url,
        () => account.call(contract.webhooks.create, { body: { url, events: ['lead.replied'] } }),
        400,
      );
      expect(error.message, url).toMatch(/must reach a public address: .* is a/);
    }
    const created = await account.call(contract.webhooks.create, {
      body: { url: 'https://93.184.215.14/hook', events: ['lead.replied'] },
    });
    const error = await expectRefused(
      strictServer,
      'a change to loopback',
      () =>
        account.call(contract.webhooks.update, {
          params: { id: created.id },
          body: { url: 'http://127.0.0.1/hook' },
        }),
      400,
    );
    expect(error.message).toContain('127.0.0.1 is a loopback address');
  });

  it('allows them with WEBHOOKS_ALLOW_PRIVATE=1', async () => {
    const account = await registerAccount(server, 'hooks-private');
    const created = await account.call(contract.webhooks.create, {
      body: { url: 'http://127.0.0.1:9/hook', events: ['lead.replied'] },
    });
    expect(created.url).toBe('http://127.0.0.1:9/hook');
  });
});

describe("another organisation's endpoint", () => {
  it('answers 404 on every route, exactly like a missing one', async () => {
    const owner = await registerAccount(server, 'hooks-owner');
    const stranger = await registerAccount(server, 'hooks-stranger');
    const created = await create(owner);
    const delivery = await owner.call(contract.webhooks.sendTest, { params: { id: created.id } });
    const id = { id: created.id };
    const calls: [string, () => Promise<unknown>][] = [
      ['update', () => stranger.call(contract.webhooks.update, { params: id, body: { enabled: false } })],
      ['remove', () => stranger.call(contract.webhooks.remove, { params: id })],
      ['rotate', () => stranger.call(contract.webhooks.rotateSecret, { params: id })],
      ['deliveries', () => stranger.call(contract.webhooks.deliveries, { params: id })],
      ['test', () => stranger.call(contract.webhooks.sendTest, { params: id })],
    ];
    for (const [label, call] of calls) {
      const error = await expectRefused(server, label, call, 404);
      expect(error.message).toBe(`Webhook endpoint ${created.id} not found.`);
    }
    const error = await expectRefused(
      server,
      'redeliver',
      () => stranger.call(contract.webhooks.redeliver, { params: { id: delivery.id } }),
      404,
    );
    expect(error.message).toBe(`Delivery ${delivery.id} not found.`);
    const own = await create(stranger);
    expect((await stranger.call(contract.webhooks.list, {})).endpoints.map((e) => e.id)).toEqual([own.id]);
  });
});

describe('who may change endpoints', () => {
  it('a member sees the endpoints and their deliveries; only an owner or admin changes, tests or redelivers', async () => {
    const owner = await registerAccount(server, 'hooks-roles');
    const member = await inviteAccount(server, owner, 'hooks-member');
    const created = await create(owner);
    const delivery = await owner.call(contract.webhooks.sendTest, { params: { id: created.id } });
    expect((await member.call(contract.webhooks.list)).endpoints.map((e) => e.id)).toEqual([created.id]);
    const seen = await member.call(contract.webhooks.deliveries, { params: { id: created.id } });
    expect(seen.deliveries.map((d) => d.id)).toEqual([delivery.id]);
    const id = { id: created.id };
    const calls: [string, () => Promise<unknown>][] = [
      ['create', () => create(member)],
      ['update', () => member.call(contract.webhooks.update, { params: id, body: { enabled: false } })],
      ['remove', () => member.call(contract.webhooks.remove, { params: id })],
      ['rotate', () => member.call(contract.webhooks.rotateSecret, { params: id })],
      ['test', () => member.call(contract.webhooks.sendTest, { params: id })],
      ['redeliver', () => member.call(contract.webhooks.redeliver, { params: { id: delivery.id } })],
    ];
    for (const [label, call] of calls) {
      const error = await expectRefused(server, label, call, 403);
      expect(error.message).toMatch(/owner or admin/);
    }
    await owner.call(contract.team.changeRole, { params: { id: member.id }, body: { role: 'admin' } });
    const changed = await member.call(contract.webhooks.update, { params: id, body: { enabled: false } });
    expect(changed.enabled).toBe(false);
  });
});

describe('events written where their change happens', () => {
  /** The events written for the organisation, oldest first: type and data. */
  async function eventsOf(account: TestAccount) {
    return (await server.database
      .db('webhook_events')
      .where({ organization_id: account.organizationId })
      .orderBy('id')
      .select('type', 'data')) as { type: string; data: Record<string, unknown> }[];
  }

  it('writes nothing for an organisation without a subscribed endpoint', async () => {
    const account = await registerAccount(server, 'hooks-none');
    await account.call(contract.webhooks.create, {
      body: { url: receiver.url, events: ['traffic.ran_out'] },
    });
    const collectionId = await seedCollection(server, account.organizationId);
    const id = await seedConversation(server, account.organizationId, { collectionId, order: 1 });
    await account.call(contract.conversations.move, {
      body: { id, fields: { status: 'replied', order: 0 } },
    });
    expect(await eventsOf(account)).toEqual([]);
  });

  it("campaign start, pause and stop; a person's card move; a profile logged out", async () => {
    const s = await campaignSetup(server, 'hooks-campaign');
    await create(s.account, [...WEBHOOK_EVENT_TYPES]);
    const campaign = await createCampaign(s);
    for (const command of ['start', 'pause', 'stop'] as const) {
      await s.account.call(contract.campaigns[command], { params: { id: campaign.id } });
    }
    const id = await seedConversation(server, s.account.organizationId, {
      collectionId: s.collectionId,
      profileId: s.profileIds[0],
      order: 1,
    });
    await s.account.call(contract.conversations.move, {
      body: { id, fields: { status: 'qualified', order: 0 } },
    });
    await s.account.call(contract.profiles.update, {
      body: { id: s.profileIds[1] ?? 0, loginStatus: 'logged-out' },
    });
    const events = await eventsOf(s.account);
    expect(events.map((e) => e.type)).toEqual([
      'campaign.started',
      'campaign.paused',
      'campaign.finished',
      'lead.status_changed',
      'profile.logged_out',
    ]);
    expect(events[0]?.data).toMatchObject({
      campaignId: campaign.id,
      status: 'running',
      previousStatus: 'draft',
    });
    expect(events[3]?.data).toMatchObject({
      conversationId: id,
      profileId: s.profileIds[0],
      from: 'sent',
      to: 'qualified',
      changedBy: 'person',
      lead: { id: expect.any(Number), name: expect.any(String), profileUrl: expect.any(String) },
    });
    expect(events[4]?.data).toMatchObject({ profileId: s.profileIds[1], loginStatus: 'logged-out' });
  });

  it("the engine's: an acceptance, a reply (the card moves), a restriction, traffic running out", async () => {
    const account = await registerAccount(server, 'hooks-engine');
    await create(account, [...WEBHOOK_EVENT_TYPES]);
    const collectionId = await seedCollection(server, account.organizationId);
    const profileId = await seedProfile(server, account.organizationId);
    const conversationId = await seedConversation(server, account.organizationId, {
      collectionId,
      profileId,
      order: 1,
    });
    const { profile_url: profileUrl } = await server.database
      .db('leads')
      .join('conversations', 'conversations.lead_id', 'leads.id')
      .where('conversations.id', conversationId)
      .first('leads.profile_url');
    await reportEvents(account, profileId, [
      { kind: 'friendAccepted', profileUrl },
      { kind: 'message', profileUrl, text: 'Sounds good, tell me more', sentAt: clock.now().toISOString() },
      { kind: 'signal', signal: 'RESTRICTION', message: 'You cannot send requests for a while' },
    ]);
    await server.database.db('profiles').where({ id: profileId }).update({ proxy_source: 'REACHLY' });
    await server.database
      .db('traffic_allowances')
      .where({ organization_id: account.organizationId })
      .update({ traffic_limit: 1000, used_traffic: 900 });
    const report = (bytes: string) =>
      account.call(contract.agent.traffic, { body: { reports: [{ profileId, bytes }] } });
    await report('50');
    await report('60');
    await report('70');
    const events = await eventsOf(account);
    expect(events.map((e) => e.type)).toEqual([
      'friend_request.accepted',
      'lead.status_changed',
      'lead.replied',
      'profile.restricted',
      'traffic.ran_out',
    ]);
    expect(events[0]?.data).toMatchObject({ profileId, conversationId, lead: { profileUrl } });
    expect(events[1]?.data).toMatchObject({
      conversationId,
      from: 'sent',
      to: 'replied',
      changedBy: 'engine',
    });
    expect(events[2]?.data).toMatchObject({
      conversationId,
      text: 'Sounds good, tell me more',
      intent: null,
    });
    expect(events[3]?.data).toMatchObject({ profileId, signal: 'RESTRICTION' });
    expect(events[4]?.data).toEqual({ trafficLimit: '1000', usedTraffic: '1010' });
  });

  it('a licence that ran out, once, from the worker (a time passing writes nothing else)', async () => {
    const account = await registerAccount(server, 'hooks-licence');
    await create(account, ['licence.ran_out']);
    const till = new Date(clock.now().getTime() - 60_000);
    await server.database
      .db('licences')
      .where({ organization_id: account.organizationId })
      .update({ license_till: till });
    const worker = server.running.ctx.webhooks.worker;
    // The worker looks at most once a minute: three ticks two minutes apart look at least twice.
    for (let i = 0; i < 3; i += 1) {
      await worker.tick();
      clock.advance({ minutes: 2 });
    }
    const events = await eventsOf(account);
    expect(events).toEqual([
      { type: 'licence.ran_out', data: expect.objectContaining({ licenseTill: till.toISOString() }) },
    ]);
    expect(receiver.types().filter((t) => t === 'licence.ran_out').length).toBeGreaterThanOrEqual(1);
  });
});
