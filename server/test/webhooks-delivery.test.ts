import { randomBytes } from 'node:crypto';
import { contract } from '@reachly/shared/contract';
import type { WebhookEventType } from '@reachly/shared/schemas';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyProvider } from '../src/ai/index.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';
import { ManualClock } from '../src/engine/index.ts';
import { REPLIED_HOLD_MS } from '../src/services/webhooks/record-event.ts';
import { sendSigned } from '../src/services/webhooks/sender.ts';
import {
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
} from './helpers/campaign-run.ts';
import { seedCollection, seedConversation } from './helpers/seed-conversations.ts';
import {
  callAs,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * Deliveries to a real receiver on loopback (docs/decisions.md "Webhooks"): Standard Webhooks
 * signatures checked with the `standardwebhooks` library, the retry schedule on the injected clock,
 * order within a conversation, and exactly one acknowledged delivery per event across a server
 * stopped mid-send and across two servers on one database. The worker's timer is off: each test
 * ticks it.
 */

const clock = new ManualClock(Date.now());

/** The offline reader of replies, or, while `down`, a provider that fails (a server dying mid-call alike). */
class SwitchableProvider implements ReplyProvider {
  down = false;
  readonly #offline = new OfflineReplyProvider();
  classify(conversation: Parameters<ReplyProvider['classify']>[0]) {
    return this.#offline.classify(conversation);
  }
  understand(...args: Parameters<ReplyProvider['understand']>) {
    return this.#offline.understand(...args);
  }
  reply(input: Parameters<ReplyProvider['reply']>[0]) {
    return this.down ? Promise.reject(new Error('the AI provider is down')) : this.#offline.reply(input);
  }
}
const provider = new SwitchableProvider();
// Both servers of a deployment share the key that seals the endpoints' secrets.
const SHARED_ENV = {
  WEBHOOKS_ALLOW_PRIVATE: '1',
  WEBHOOKS_INTERVAL_MS: '0',
  WEBHOOKS_TIMEOUT_MS: '5000',
  PROXY_SECRET_KEY: randomBytes(32).toString('hex'),
};
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer(SHARED_ENV, {
    engine: { clock, random: () => 0.5, replyProvider: provider },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function newReceiver() {
  await receiver?.close();
  receiver = await new WebhookReceiver().start();
  return receiver;
}
afterAll(() => receiver?.close());

const tick = (s: TestServer = server) => s.running.ctx.webhooks.worker.tick();

async function endpointFor(
  account: TestAccount,
  url: string,
  events: WebhookEventType[] = ['lead.status_changed'],
) {
  return account.call(contract.webhooks.create, { body: { url, events } });
}

async function deliveriesOf(account: TestAccount, id: number) {
  return (await account.call(contract.webhooks.deliveries, { params: { id } })).deliveries;
}

describe('a delivery', () => {
  it('is signed per Standard Webhooks: the library verifies it, with the id, type, time and data', async () => {
    const rx = await newReceiver();
    const account = await registerAccount(server, 'hook-sign');
    const endpoint = await endpointFor(account, rx.url);
    const queued = await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    expect(queued.status).toBe('pending');
    expect(await tick()).toBe(1);
    const [request] = rx.requests;
    if (!request) throw new Error('nothing received');
    const verified = new Webhook(endpoint.secret).verify(request.body, request.headers) as Record<
      string,
      unknown
    >;
    expect(verified).toMatchObject({
      id: queued.eventId,
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
    expect(request.headers['webhook-id']).toBe(queued.eventId);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(request.headers['content-type']).toBe('application/json');
    // Signed with another secret, the same request does not verify.
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(request.body, request.headers),
    ).toThrow();
    const [delivery] = await deliveriesOf(account, endpoint.id);
    expect(delivery).toMatchObject({
      id: queued.id,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseSnippet: `answer 200 to ${queued.eventId}`,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('after a secret rotation carries two signatures, each verifying with its secret', async () => {
    const rx = await newReceiver();
    const account = await registerAccount(server, 'hook-rotate');
    const endpoint = await endpointFor(account, rx.url);
    const rotated = await account.call(contract.webhooks.rotateSecret, { params: { id: endpoint.id } });
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(new Date(rotated.previousSecretExpiresAt).getTime() - clock.now().getTime()).toBe(24 * 3600_000);
    await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    await tick();
    const [request] = rx.requests;
    if (!request) throw new Error('nothing received');
    expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({
        type: 'webhook.test',
      });
    }
  });

  it('is tried again at growing intervals until a 2xx: two failures, then the third attempt is acknowledged', async () => {
    const rx = await newReceiver();
    rx.answer = ({ n }) => (n <= 2 ? 503 : 200);
    const account = await registerAccount(server, 'hook-backoff');
    const endpoint = await endpointFor(account, rx.url);
    const queued = await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const attemptedAt = clock.now().getTime();
      await tick();
      const [delivery] = await deliveriesOf(account, endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: attempt, responseStatus: 503 });
      const next = new Date(delivery?.nextAttemptAt ?? 0).getTime();
      waits.push(next - attemptedAt);
      // Not due yet: a tick sends nothing.
      clock.set(next - 1000);
      await tick();
      expect(rx.requests).toHaveLength(attempt);
      clock.set(next);
    }
    await tick();
    expect(rx.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
    const [delivery] = await deliveriesOf(account, endpoint.id);
    expect(delivery).toMatchObject({ id: queued.id, status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(rx.acknowledged().get(queued.eventId)).toBe(1);
  });

  it('is given up (failed) when the next attempt would fall past 24 hours', async () => {
    const rx = await newReceiver();
    rx.answer = () => 500;
    const account = await registerAccount(server, 'hook-give-up');
    const endpoint = await endpointFor(account, rx.url);
    await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    const firstAttempt = clock.now().getTime();
    for (let i = 0; i < 50; i += 1) {
      await tick();
      const [delivery] = await deliveriesOf(account, endpoint.id);
      if (delivery?.status !== 'pending') break;
      clock.set(delivery.nextAttemptAt ?? 0);
    }
    const [delivery] = await deliveriesOf(account, endpoint.id);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toBe(rx.requests.length);
    expect(rx.requests.length).toBeGreaterThan(8);
    expect(new Date(delivery?.lastAttemptAt ?? 0).getTime() - firstAttempt).toBeLessThanOrEqual(
      24 * 3600_000,
    );
  });

  it('refuses a private address at delivery time unless allowed (DNS may have changed since registration)', async () => {
    const rx = await newReceiver();
    const request = { url: rx.url, messageId: 'msg_x', at: new Date(), body: '{}', secrets: [] };
    const refused = await sendSigned(request, { timeoutMs: 5000, allowPrivate: false });
    expect(refused).toMatchObject({ status: null, error: expect.stringMatching(/loopback/) });
    const byName = await sendSigned(
      { ...request, url: rx.url.replace('127.0.0.1', 'localhost') },
      { timeoutMs: 5000, allowPrivate: false },
    );
    expect(byName).toMatchObject({ status: null, error: expect.stringMatching(/loopback/) });
    expect(rx.requests).toHaveLength(0);
    expect(await sendSigned(request, { timeoutMs: 5000, allowPrivate: true })).toMatchObject({ status: 200 });
  });
});

describe('a receiver that does not answer', () => {
  it('is given up after the timeout, and the attempt counts as failed', async () => {
    const rx = await newReceiver();
    rx.answer = () => 'hold';
    const request = { url: rx.url, messageId: 'msg_slow', at: new Date(), body: '{"type":"x"}', secrets: [] };
    const result = await sendSigned(request, { timeoutMs: 300, allowPrivate: true });
    expect(result).toMatchObject({ status: null, snippet: null, error: 'No answer within 300 ms' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(250);
  });
});

describe('order within a conversation', () => {
  it("never delivers a conversation's later event before its earlier one to the same endpoint", async () => {
    const rx = await newReceiver();
    const account = await registerAccount(server, 'hook-order');
    const endpoint = await endpointFor(account, rx.url);
    const collectionId = await seedCollection(server, account.organizationId);
    const first = await seedConversation(server, account.organizationId, { collectionId, order: 1000 });
    const other = await seedConversation(server, account.organizationId, { collectionId, order: 2000 });
    const move = (id: number, status: 'replied' | 'qualified') =>
      account.call(contract.conversations.move, { body: { id, fields: { status, order: 0 } } });
    await move(first, 'replied');
    await move(first, 'qualified');
    await move(other, 'replied');
    const bodies = () =>
      rx.requests.map((r) => JSON.parse(r.body) as { data: { conversationId: number; to: string } });
    // A person's move is stamped with the wall clock: the worker's clock must have reached it.
    clock.set(Math.max(clock.now().getTime(), Date.now()));
    // The conversation's first event fails: its second waits; the other conversation's goes out.
    rx.answer = ({ n }) => (n === 1 && rx.requests.length === 0 ? 500 : 200);
    await tick();
    expect(bodies().map((b) => [b.data.conversationId, b.data.to])).toEqual([
      [first, 'replied'],
      [other, 'replied'],
    ]);
    const failed = (await deliveriesOf(account, endpoint.id)).find(
      (d) => d.attempts > 0 && d.status === 'pending',
    );
    clock.set(failed?.nextAttemptAt ?? 0);
    await tick();
    expect(bodies().map((b) => [b.data.conversationId, b.data.to])).toEqual([
      [first, 'replied'],
      [other, 'replied'],
      [first, 'replied'],
      [first, 'qualified'],
    ]);
    expect([...rx.acknowledged().values()]).toEqual([1, 1, 1]);
  });
});

describe('at least once, acknowledged once', () => {
  it('a delivery in flight when its server stops goes out again after a restart, and is acknowledged once', async () => {
    const rx = await newReceiver();
    rx.answer = ({ n }) => (n === 1 ? 'hold' : 200);
    const first = await startTestServer(SHARED_ENV, { database: server.database, engine: { clock } });
    const account = await registerAccount(first, 'hook-restart');
    const endpoint = await endpointFor(account, rx.url);
    const queued = await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    const inFlight = tick(first);
    await expect.poll(() => rx.requests.length).toBe(1);
    await first.close();
    await inFlight;
    // The killed attempt counted, and nothing was acknowledged.
    const stored = await server.database.db('webhook_deliveries').where({ id: queued.id }).first();
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    const second = await startTestServer(SHARED_ENV, { database: server.database, engine: { clock } });
    try {
      // Still the stopped server's lease: nothing goes out.
      await tick(second);
      expect(rx.requests).toHaveLength(1);
      clock.advance({ minutes: 2 });
      await tick(second);
      await tick(second);
      expect(rx.requests.map((r) => r.headers['webhook-id'])).toEqual([queued.eventId, queued.eventId]);
      expect(rx.acknowledged().get(queued.eventId)).toBe(1);
      const again = { ...account, call: callAs(second.url, { authorization: account.accessToken }) };
      const [delivery] = await deliveriesOf(again, endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    } finally {
      await second.close();
    }
  });

  it('two servers on one database never both deliver an event', async () => {
    const rx = await newReceiver();
    rx.delayMs = 5;
    const other = await startTestServer(SHARED_ENV, { database: server.database, engine: { clock } });
    try {
      const account = await registerAccount(server, 'hook-two');
      const endpoint = await endpointFor(account, rx.url);
      const events = 40;
      for (let i = 0; i < events; i += 1) {
        await account.call(contract.webhooks.sendTest, { params: { id: endpoint.id } });
      }
      await Promise.all([tick(server), tick(other), tick(server), tick(other)]);
      expect(rx.requests).toHaveLength(events);
      const acknowledged = rx.acknowledged();
      expect(acknowledged.size).toBe(events);
      expect([...acknowledged.values()].every((n) => n === 1)).toBe(true);
      const pending = await server.database
        .db('webhook_deliveries')
        .where({ endpoint_id: endpoint.id })
        .whereNot({ status: 'delivered' });
      expect(pending).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('lead.replied of a campaign whose AI step reads replies', () => {
  it('carries the intent read; when the reading fails it is never lost: it goes out without one after the hold', async () => {
    const rx = await newReceiver();
    const { account, collectionId, profileIds, executor } = await setupCampaignOrg(server, 'hook-replied');
    const profileId = profileIds[0] as number;
    const endpoint = await endpointFor(account, rx.url, ['lead.replied']);
    const [keen, unlucky] = await seedLeads(server, account.organizationId, collectionId, 2);
    if (!keen || !unlucky) throw new Error('no leads');
    await startCampaign(account, {
      name: 'Replies',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hi {firstName}' },
        { type: 'aiReply', intents: { interested: 'Great, {firstName}!' } },
      ],
      gapSeconds: { min: 10, max: 10 },
      workingHours: { start: '00:00', end: '23:59' },
    });
    await runUntilIdle([executor], clock);
    const replied = () =>
      rx.requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

    // Read at once: the event goes out with the intent.
    const sentAt = clock.now().toISOString();
    await reportEvents(account, profileId, [
      { kind: 'message', profileUrl: keen.url, text: 'Yes, I am interested. Tell me more!', sentAt },
    ]);
    await tick();
    expect(replied()).toMatchObject([
      { type: 'lead.replied', data: { text: 'Yes, I am interested. Tell me more!', intent: 'interested' } },
    ]);

    // The reading fails after the message was stored: the event waits for it, then goes out anyway.
    provider.down = true;
    try {
      const failed = await account.api.request('POST', '/api/executor/events', {
        json: {
          profileId,
          events: [{ kind: 'message', profileUrl: unlucky.url, text: 'Who is this?', sentAt }],
        },
      });
      expect(failed.status).toBe(500);
    } finally {
      provider.down = false;
    }
    expect(await tick()).toBe(0);
    clock.advance({ seconds: REPLIED_HOLD_MS / 1000 - 1 });
    expect(await tick()).toBe(0);
    clock.advance({ seconds: 2 });
    expect(await tick()).toBe(1);
    expect(replied()[1]).toMatchObject({
      type: 'lead.replied',
      data: { text: 'Who is this?', intent: null, lead: { profileUrl: unlucky.url } },
    });
    expect((await deliveriesOf(account, endpoint.id)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
    ]);
  });
});
