import { contract, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema, type ExecutorTask } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { RecordingNetwork, ScriptedExecutor } from './helpers/executor.ts';
import type { HttpResponse } from './helpers/http-client.ts';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import {
  apiErrorOf,
  callAs,
  registerAccount,
  startTestServer,
  type TestServer,
} from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

/**
 * The executor protocol when things go wrong (docs/design.md §4): a server restart between acting
 * and reporting, edits to a running campaign, and the protocol's refusals. Executors are scripted
 * over real HTTP on a controlled clock.
 */
const clock = new ManualClock('2026-06-01T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };

describe('restarts and lapsed claims', () => {
  it('a server killed between acting and reporting sends nothing twice after its restart', async () => {
    clock.set('2026-06-01T10:00:00Z');
    // A server of its own on the shared database, killed mid-task.
    const first = await startTestServer({}, { database: server.database, engine: { clock } });
    const account = await registerAccount(first, 'restart');
    const collectionId = await seedCollection(first, account.organizationId);
    const profileId = await seedProfile(first, account.organizationId);
    const leads = await seedLeads(first, account.organizationId, collectionId, 3);
    const network = new RecordingNetwork();
    await startCampaign(account, {
      name: 'Restart',
      collectionId,
      profileIds: [profileId],
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}' }],
      gapSeconds: gap,
    });
    const executor = new ScriptedExecutor(account.call, profileId, network);
    const claim = await executor.claim();
    const task = claim.task as ExecutorTask;
    expect(executor.act(task)).toBe(true);
    // The server dies before the outcome arrives; the executor's report fails.
    await first.close();
    await expect(executor.report(task, { status: 'done', data: {} })).rejects.toThrow();

    // Restarted (another process on the same database): the executor lost its state too.
    const call = callAs(server.url, { authorization: account.accessToken });
    const restarted = new ScriptedExecutor(call, profileId, network);
    // Before the lease lapses the task is held; afterwards it comes back asking for a check.
    const held = await restarted.claim();
    expect(held.task?.id).not.toBe(task.id);
    clock.advance({ minutes: 6 });
    const run = await runUntilIdle([restarted], clock);
    const again = run.tasks.find((t) => t.id === task.id);
    expect(again).toMatchObject({ recheck: true, attempt: 2 });
    // The run view says so in words, naming the task and the lead (not the step key).
    const lead = leads.find((l) => again?.action === 'friendRequest' && l.url === again.lead.profileUrl);
    const signals = await db()('campaign_logs').where({ type: 'SIGNAL' }).pluck('message');
    expect(signals).toContain(
      `The friend request for ${lead?.name} was not confirmed before its claim lapsed: the browser looks at the page before acting again.`,
    );
    for (const lead of leads) expect(network.requests.get(lead.url)).toHaveLength(1);
    const row = await db()('campaign_tasks').where({ id: task.id }).first('status', 'result');
    expect(row.status).toBe('done');
    expect(JSON.stringify(row.result)).toContain('alreadyDone');
    // Once accepted, each welcome goes out once, whatever else restarts.
    for (const lead of leads) await restarted.events([{ kind: 'friendAccepted', profileUrl: lead.url }]);
    await runUntilIdle([restarted], clock);
    await runUntilIdle([restarted], clock);
    for (const lead of leads) expect(network.messagesTo(lead.url)).toEqual([`Hi ${lead.name.split(' ')[0]}`]);
  });
});

describe('editing a running campaign', () => {
  it('applies to tasks not yet done', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, network, executor, socket } = await setupCampaignOrg(
      server,
      'edit',
    );
    const leads = await seedLeads(server, account.organizationId, collectionId, 2);
    const campaign = await startCampaign(account, {
      name: 'Edit',
      collectionId,
      profileIds,
      steps: [{ type: 'welcomeMessage', template: 'Old text' }],
      gapSeconds: gap,
    });
    await executor.step();
    await account.call(contract.campaigns.update, {
      params: { id: campaign.id },
      body: { steps: [{ type: 'welcomeMessage', template: 'New text for {firstName}' }] },
    });
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    const texts = leads.flatMap((l) => network.messagesTo(l.url));
    expect(texts).toEqual(['Old text', 'New text for Lead2']);
    socket.close();
  });
});

describe('protocol refusals', () => {
  it('answers 404, 409 and 400 with the error format and changes nothing', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'refuse', {
      profiles: 2,
    });
    await seedLeads(server, account.organizationId, collectionId, 2);
    await startCampaign(account, {
      name: 'Refuse',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const task = (await executor.claim()).task as ExecutorTask;
    const stranger = await registerAccount(server, 'stranger');
    const [mine, theirs] = profileIds as [number, number];
    const { claim, outcome, events } = contract.executor;
    const params = { id: task.id };
    // A refusal's status and message: a typed call's ApiError, or (for a wrongly typed body, sent
    // raw) the error body of the answer.
    const raw = async (res: Promise<HttpResponse>) => {
      const { status, body } = await res;
      return { status, message: apiErrorSchema.parse(body).error.message };
    };
    const cases: {
      label: string;
      refusal: () => Promise<{ status: number; message: string }>;
      status: number;
      message: RegExp;
    }[] = [
      {
        label: "a stranger claims the organisation's profile",
        refusal: () => apiErrorOf(stranger.call(claim, { body: { profileId: mine } })),
        status: 404,
        message: /Profile .* not found/,
      },
      {
        label: "a stranger reports the organisation's task",
        refusal: () =>
          apiErrorOf(
            stranger.call(outcome, { params, body: { profileId: mine, attempt: 1, status: 'done' } }),
          ),
        status: 404,
        message: /Task .* not found/,
      },
      {
        label: 'another profile reports the task',
        refusal: () =>
          apiErrorOf(
            account.call(outcome, { params, body: { profileId: theirs, attempt: 1, status: 'done' } }),
          ),
        status: 409,
        message: /belongs to profile/,
      },
      {
        label: 'an attempt that is not the claim',
        refusal: () =>
          apiErrorOf(
            account.call(outcome, { params, body: { profileId: mine, attempt: 7, status: 'done' } }),
          ),
        status: 409,
        message: /claimed again/,
      },
      {
        label: 'an unknown outcome status',
        refusal: () =>
          raw(
            account.api.post(urlOf(outcome, { params }), {
              json: { profileId: mine, attempt: 1, status: 'teleported' },
            }),
          ),
        status: 400,
        message: /status/,
      },
      {
        label: 'a profile id that is not a number',
        refusal: () => raw(account.api.post(urlOf(claim, {}), { json: { profileId: 'me' } })),
        status: 400,
        message: /profileId/,
      },
      {
        label: 'no events',
        refusal: () => apiErrorOf(account.call(events, { body: { profileId: mine, events: [] } })),
        status: 400,
        message: /at least one event/,
      },
    ];
    for (const c of cases) {
      const before = await writeSignature(db());
      const { status, message } = await c.refusal();
      expect(status, `${c.label}: ${message}`).toBe(c.status);
      expect(message).toMatch(c.message);
      expect(await writeSignature(db()), `${c.label} wrote`).toBe(before);
    }
    await expect(server.call(claim, { body: { profileId: mine } })).rejects.toMatchObject({ status: 401 });
    // The same outcome sent twice (a retry after a lost answer) is applied once.
    await executor.report(task, { status: 'done', data: {} });
    await executor.report(task, { status: 'done', data: {} });
    expect(
      await db()('campaign_logs').where({ type: 'SENT_FRIEND_REQUEST', profile_id: profileIds[0] }),
    ).toHaveLength(1);
    socket.close();
  });
});
