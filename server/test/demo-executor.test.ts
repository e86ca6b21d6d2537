import { randomBytes } from 'node:crypto';
import { type ApiClient, contract, createApiClient } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExecutorOf } from '../src/demo/index.ts';
import { ManualClock } from '../src/engine/index.ts';
import { countRows, startTestServer, type TestServer } from './helpers/test-server.ts';

// 10:00 in Chicago (Emma Carter's proxy), 17:00 in Paris (Chloe Martin's): inside working hours.
const clock = new ManualClock('2026-06-01T15:00:00Z');
let server: TestServer;
// Starting a server on PGlite takes most of a minute on a loaded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({}, { engine: { clock, random: () => 0.5 } });
}, 180_000);
afterAll(() => server?.close());

async function logTypes(call: ApiClient['call'], campaignId: number): Promise<string[]> {
  const { logs } = await call(contract.campaigns.logs, { params: { id: campaignId }, query: { limit: 100 } });
  return logs.map((l) => l.type);
}

/** A new visitor's demo session: the typed client as its demo user. */
async function demoVisitor(): Promise<ApiClient['call']> {
  const visitorId = randomBytes(16).toString('hex');
  const { accessToken } = await createApiClient({ baseUrl: server.url }).call(contract.demo.session, {
    body: { visitorId },
  });
  return createApiClient({ baseUrl: server.url, headers: () => ({ authorization: accessToken }) }).call;
}

describe('the demo campaign runs on the server against the sandbox', () => {
  it("grows the running campaign's history; a started one sends requests, people accept, welcomes are planned", async () => {
    const api = await demoVisitor();
    const campaigns = await api(contract.campaigns.list);
    const running = campaigns.find((c) => c.status === 'running');
    const draft = campaigns.find((c) => c.status === 'draft');
    if (!running || !draft) throw new Error('no running or draft campaign');
    const doneTasks = (campaignId: number) =>
      countRows(server, 'campaign_tasks', { campaign_id: campaignId, status: 'done' });
    const seeded = await doneTasks(running.id);
    const seededLogs = await countRows(server, 'campaign_logs', { campaign_id: running.id });
    expect(await logTypes(api, draft.id)).toEqual([]);
    await api(contract.campaigns.start, { params: { id: draft.id } });

    const executor = demoExecutorOf(server.running.ctx);
    let done = 0;
    // Two hours in five-minute steps, the visitor looking at the campaign's log all along.
    for (let round = 0; round < 24; round += 1) {
      done += await executor.tick();
      await logTypes(api, draft.id);
      clock.advance({ minutes: 5 });
    }
    expect(done).toBeGreaterThan(2);
    expect(await doneTasks(running.id)).toBeGreaterThan(seeded);
    expect(await countRows(server, 'campaign_logs', { campaign_id: running.id })).toBeGreaterThan(seededLogs);

    const types = await logTypes(api, draft.id);
    expect(types).toContain('SENT_FRIEND_REQUEST');
    // The person accepted (an event, as the extension reports it): the welcome is planned.
    expect(types).toContain('STATUS_CHANGE');
    expect(
      await countRows(server, 'campaign_tasks', { campaign_id: draft.id, action: 'welcomeMessage' }),
    ).toBe(1);
  }, 120_000);

  it("types a visitor's reply from the inbox, through the manual message's own reports", async () => {
    const api = await demoVisitor();
    const running = (await api(contract.campaigns.list)).find((c) => c.status === 'running');
    if (!running) throw new Error('no running campaign');
    const { conversations } = await api(contract.inbox.list, { query: { view: 'all', limit: 100 } });
    // The demo seeds one profile restricted (paused): a reply from it would wait.
    const paused = (await server.database
      .db('profiles')
      .whereNotNull('paused_until')
      .pluck('id')) as number[];
    const conversation = conversations.find(
      (c) => c.profileId && running.profileIds.includes(c.profileId) && !paused.includes(c.profileId),
    );
    if (!conversation) throw new Error("no conversation of the running campaign's working profiles");
    const text = 'A reply typed in the demo inbox';
    await api(contract.inbox.send, {
      params: { id: conversation.id },
      body: { text, outsideWorkingHours: true },
    });
    const executor = demoExecutorOf(server.running.ctx);
    clock.advance({ minutes: 5 });
    await executor.tick();
    const thread = await api(contract.inbox.get, { params: { id: conversation.id } });
    expect(thread.outbox).toMatchObject([{ text, status: 'sent', error: null }]);
    expect(thread.messages.at(-1)).toMatchObject({ direction: 'out', text });
  });

  it('leaves a demo no visitor watches alone', async () => {
    const api = await demoVisitor();
    const draft = (await api(contract.campaigns.list)).find((c) => c.status === 'draft');
    if (!draft) throw new Error('no draft campaign');
    await api(contract.campaigns.start, { params: { id: draft.id } });
    clock.advance({ minutes: 16 });
    const executor = demoExecutorOf(server.running.ctx);
    await executor.tick();
    expect(await logTypes(api, draft.id)).not.toContain('SENT_FRIEND_REQUEST');
  });
});
