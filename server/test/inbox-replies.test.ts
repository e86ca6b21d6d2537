import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { MANUAL_MESSAGE_ATTEMPTS } from '../src/engine/manual-messages.ts';
import { INBOX_NO_LICENCE_MESSAGE, INBOX_NO_TRAFFIC_MESSAGE } from '../src/services/inbox/inbox-service.ts';
import {
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { expectCallError, expectError } from './helpers/conversations.ts';
import { seedConversation } from './helpers/seed-conversations.ts';
import type { TestAccount, TestServer } from './helpers/test-server.ts';

/**
 * The replies people write in the inbox (issue 17): handed to the profile's browser before any
 * campaign work and shown queued → sending → sent or failed; tried again after a failure; held by
 * the working hours, the licence and the traffic; and the AI pause they start.
 * 2026-06-01 is a Monday; 09:30 UTC is inside the default working hours.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const { list, get, update, send, retry } = contract.inbox;

/** A claim of the profile's browser, as the extension makes it. */
const claim = (account: TestAccount, profileId: number) =>
  account.call(contract.executor.claim, { body: { profileId } });

describe('POST /api/inbox/:id/messages and the profile browser', () => {
  it('queues the reply, pauses AI replies, and the browser sends it before campaign work', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const org = await setupCampaignOrg(server, 'inbox-send');
    const { account, collectionId, profileIds, executor, network } = org;
    const profileId = profileIds[0] as number;
    const [lead, next] = await seedLeads(server, account.organizationId, collectionId, 2);
    await startCampaign(account, {
      name: 'Friends',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: { min: 10, max: 10 },
      workingHours: { start: '00:00', end: '23:59' },
    });
    // The first friend request opens no conversation; seed one with this lead.
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1,
      profileId,
      name: 'Someone',
      messages: [{ direction: 'in', text: 'Hi, who are you?', sentAt: '2026-06-01T09:00:00Z' }],
    });
    const leadId = (await db()('conversations').where({ id: conversation }).first('lead_id')).lead_id;
    expect([lead?.id, next?.id]).not.toContain(leadId);

    await expectCallError(account.call(send, { params: { id: conversation }, body: { text: '  ' } }), 400);
    const queued = await account.call(send, {
      params: { id: conversation },
      body: { text: 'Happy to explain!' },
    });
    expect(queued).toMatchObject({ status: 'queued', text: 'Happy to explain!', createdBy: account.id });
    const thread = await account.call(get, { params: { id: conversation } });
    expect(thread).toMatchObject({ aiPaused: true, unread: false });
    expect(thread.outbox.map((m) => m.status)).toEqual(['queued']);

    // The manual message comes first, with campaign work due.
    const first = await executor.step();
    expect(first.task).toMatchObject({ action: 'manualMessage', text: 'Happy to explain!', campaignId: 0 });
    const url = (await db()('leads').where({ id: leadId }).first('profile_url')).profile_url;
    expect(network.messagesTo(url)).toEqual(['Happy to explain!']);
    const sent = await account.call(get, { params: { id: conversation } });
    expect(sent.outbox).toMatchObject([{ status: 'sent', error: null }]);
    expect(sent.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Happy to explain!' });
    expect(sent.outbox[0]?.messageId).toBe(sent.messages.at(-1)?.id);
    expect(sent.lastMessage).toBe('Happy to explain!');
    // Then the campaign's work.
    clock.advance({ seconds: 11 });
    expect((await executor.step()).task).toMatchObject({ action: 'friendRequest' });
  });

  it('reports failures with the reason; a stale or foreign report is refused', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'inbox-fail');
    const profileId = profileIds[0] as number;
    const other = await setupCampaignOrg(server, 'inbox-fail-other');
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1,
      profileId,
    });
    await account.call(send, { params: { id: conversation }, body: { text: 'One' } });
    const { task } = await claim(account, profileId);
    if (task?.action !== 'manualMessage') throw new Error('expected the manual message');
    const report = { profileId, attempt: task.attempt };
    await expectCallError(
      other.account.call(contract.executor.manualOutcome, {
        params: { id: task.id },
        body: { ...report, profileId: other.profileIds[0] as number, status: 'done', data: {} },
      }),
      404,
    );
    await expectCallError(
      account.call(contract.executor.manualStarted, {
        params: { id: task.id },
        body: { ...report, attempt: 2 },
      }),
      409,
    );
    await account.call(contract.executor.manualStarted, { params: { id: task.id }, body: report });
    const answer = await account.call(contract.executor.manualOutcome, {
      params: { id: task.id },
      body: { ...report, status: 'skipped', reason: 'no-message-button' },
    });
    expect(answer).toMatchObject({ id: task.id, status: 'failed' });
    const thread = await account.call(get, { params: { id: conversation } });
    expect(thread.outbox).toMatchObject([{ status: 'failed', error: 'no-message-button' }]);
    await expectCallError(
      account.call(contract.executor.manualOutcome, {
        params: { id: task.id },
        body: { ...report, status: 'done', data: {} },
      }),
      409,
    );
  });

  it('a restriction met while sending pauses the profile as a campaign task does, shown on the profiles list until a person lifts it', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'inbox-restricted');
    const profileId = profileIds[0] as number;
    await db()('profiles').where({ id: profileId }).update({ name: 'Anna' });
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1,
      profileId,
    });
    await account.call(send, { params: { id: conversation }, body: { text: 'Hello' } });
    const { task } = await claim(account, profileId);
    if (task?.action !== 'manualMessage') throw new Error('expected the manual message');
    // The network's end time has already passed: before, that paused nothing.
    const answer = await account.call(contract.executor.manualOutcome, {
      params: { id: task.id },
      body: {
        profileId,
        attempt: task.attempt,
        status: 'restricted',
        signal: 'RESTRICTION',
        message: 'You are going too fast',
        until: '2026-06-01T09:00:00Z',
      },
    });
    expect(answer).toMatchObject({ status: 'failed', retryAfterSeconds: 3600 });
    const reason =
      'Anna paused until Mon 1 Jun, 10:30 (UTC) after a RESTRICTION: You are going too fast (the end time the network gave had already passed)';
    expect((await account.call(get, { params: { id: conversation } })).outbox).toMatchObject([
      { status: 'failed', error: reason },
    ]);
    expect(await claim(account, profileId)).toMatchObject({ task: null, reason: 'paused' });
    const listed = async () =>
      (await account.call(contract.profiles.list, { query: {} })).profiles.find((p) => p.id === profileId);
    expect(await listed()).toMatchObject({
      pausedUntil: '2026-06-01T10:30:00.000Z',
      pauseReason: 'RESTRICTION: You are going too fast',
    });
    // A person lifts it: the list shows it working again.
    await account.call(contract.profiles.resume, { params: { id: profileId } });
    expect(await listed()).toMatchObject({ pausedUntil: null, pauseReason: null });
    // A pause that has run out is not shown either.
    await db()('profiles')
      .where({ id: profileId })
      .update({ paused_until: new Date('2026-06-01T09:29:00Z'), pause_reason: 'RESTRICTION: earlier' });
    expect(await listed()).toMatchObject({ pausedUntil: null, pauseReason: null });
  });

  it('a failure goes again, looked at first, up to MANUAL_MESSAGE_ATTEMPTS; then "Send again" queues it once more', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'inbox-retry');
    const other = await setupCampaignOrg(server, 'inbox-retry-other');
    const profileId = profileIds[0] as number;
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1,
      profileId,
    });
    const queued = await account.call(send, { params: { id: conversation }, body: { text: 'Hello' } });
    // Only a failed message can go again.
    await expectCallError(account.call(retry, { params: { id: queued.id } }), 409);
    const fail = async (attempt: number) => {
      const { task } = await claim(account, profileId);
      expect(task).toMatchObject({ action: 'manualMessage', attempt, recheck: attempt > 1 });
      return account.call(contract.executor.manualOutcome, {
        params: { id: task?.id as number },
        body: { profileId, attempt, status: 'failed', error: `The chat box did not open (${attempt})` },
      });
    };
    for (let attempt = 1; attempt < MANUAL_MESSAGE_ATTEMPTS; attempt++) {
      await fail(attempt);
      const thread = await account.call(get, { params: { id: conversation } });
      expect(thread.outbox).toMatchObject([
        { status: 'queued', error: `The chat box did not open (${attempt})` },
      ]);
    }
    await fail(MANUAL_MESSAGE_ATTEMPTS);
    const failed = await account.call(get, { params: { id: conversation } });
    expect(failed.outbox).toMatchObject([
      { status: 'failed', error: `The chat box did not open (${MANUAL_MESSAGE_ATTEMPTS})` },
    ]);
    expect((await claim(account, profileId)).task).toBeNull();

    // Another organisation cannot send it again; its owner can, once more.
    await expectCallError(other.account.call(retry, { params: { id: queued.id } }), 404);
    expect((await account.call(get, { params: { id: conversation } })).outbox[0]?.status).toBe('failed');
    expect(await account.call(retry, { params: { id: queued.id } })).toMatchObject({
      status: 'queued',
      error: null,
    });
    const again = await claim(account, profileId);
    expect(again.task).toMatchObject({ text: 'Hello', attempt: MANUAL_MESSAGE_ATTEMPTS + 1, recheck: true });
    await account.call(contract.executor.manualOutcome, {
      params: { id: again.task?.id as number },
      body: { profileId, attempt: MANUAL_MESSAGE_ATTEMPTS + 1, status: 'done', data: {} },
    });
    expect((await account.call(get, { params: { id: conversation } })).outbox).toMatchObject([
      { status: 'sent' },
    ]);
  });

  it("sends nothing without a licence or, on Reachly's proxy, without traffic: 402 and a queued reply waits", async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'inbox-licence');
    const org = account.organizationId;
    const profileId = profileIds[0] as number;
    const conversation = await seedConversation(server, org, { collectionId, order: 1, profileId });
    await account.call(send, { params: { id: conversation }, body: { text: 'Queued before' } });
    const licence = await db()('licences').where({ organization_id: org }).first('license_till');
    await db()('licences').where({ organization_id: org }).update({ license_till: '2026-05-31T00:00:00Z' });

    const refused = expectError(
      await account.api.request('POST', `/api/inbox/${conversation}/messages`, { json: { text: 'After' } }),
      402,
    );
    expect(refused.message).toBe(INBOX_NO_LICENCE_MESSAGE);
    // The one queued before waits: the browser is told the licence has expired.
    expect(await claim(account, profileId)).toMatchObject({ task: null, reason: 'licence-expired' });
    expect((await account.call(get, { params: { id: conversation } })).outbox.map((m) => m.text)).toEqual([
      'Queued before',
    ]);

    await db()('licences').where({ organization_id: org }).update({ license_till: licence.license_till });
    await db()('profiles').where({ id: profileId }).update({ proxy_source: 'REACHLY' });
    await db()('traffic_allowances')
      .insert({ organization_id: org, traffic_limit: '1000', used_traffic: '1000' })
      .onConflict('organization_id')
      .merge();
    const noTraffic = expectError(
      await account.api.request('POST', `/api/inbox/${conversation}/messages`, { json: { text: 'After' } }),
      402,
    );
    expect(noTraffic.message).toBe(INBOX_NO_TRAFFIC_MESSAGE);
    expect(await claim(account, profileId)).toMatchObject({ task: null, reason: 'traffic-ended' });

    await db()('traffic_allowances').where({ organization_id: org }).update({ traffic_limit: '1000000000' });
    expect((await claim(account, profileId)).task).toMatchObject({
      action: 'manualMessage',
      text: 'Queued before',
    });
  });

  it('waits for working hours unless the person said to send now; a lapsed lease is handed out again', async () => {
    clock.set('2026-06-01T22:00:00Z');
    const { account, collectionId, profileIds } = await setupCampaignOrg(server, 'inbox-hours');
    const profileId = profileIds[0] as number;
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId,
      order: 1,
      profileId,
    });
    await account.call(send, { params: { id: conversation }, body: { text: 'Later' } });
    expect((await claim(account, profileId)).task).toBeNull();
    await account.call(send, {
      params: { id: conversation },
      body: { text: 'Now', outsideWorkingHours: true },
    });
    const now = await claim(account, profileId);
    expect(now.task).toMatchObject({ action: 'manualMessage', text: 'Now', attempt: 1, recheck: false });
    // The next message waits while this one is being typed…
    expect((await claim(account, profileId)).task).toBeNull();
    // …and a lapsed claim is handed out again, to be checked on the page first.
    clock.advance({ minutes: 10 });
    expect((await claim(account, profileId)).task).toMatchObject({ text: 'Now', attempt: 2, recheck: true });
    clock.set('2026-06-02T09:30:00Z');
    expect((await claim(account, profileId)).task).toMatchObject({ text: 'Later' });
  });
});

describe('the AI pause', () => {
  it('a lead who writes where a person wrote by hand gets no AI reply until the person resumes them', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds, executor, network } = await setupCampaignOrg(
      server,
      'inbox-ai',
    );
    const profileId = profileIds[0] as number;
    const [paused, other] = await seedLeads(server, account.organizationId, collectionId, 2);
    if (!paused || !other) throw new Error('no leads');
    await startCampaign(account, {
      name: 'Answers',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        {
          type: 'aiReply',
          intents: { interested: 'Thanks for your answer.', question: 'Thanks for your answer.' },
          fallbackTemplate: 'Thanks for your answer.',
        },
      ],
      workingHours: { start: '00:00', end: '23:59' },
      gapSeconds: { min: 10, max: 10 },
    });
    await runUntilIdle([executor], clock);
    const { conversations } = await account.call(list, {});
    const card = conversations.find((c) => c.leadId === paused.id);
    if (!card) throw new Error('no conversation');
    await account.call(send, { params: { id: card.id }, body: { text: 'A person here.' } });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(paused.url)).toEqual(['Hello Lead1', 'A person here.']);

    await reportEvents(account, profileId, [
      {
        kind: 'message',
        profileUrl: paused.url,
        text: 'Sounds interesting, tell me more!',
        sentAt: clock.now().toISOString(),
      },
      {
        kind: 'message',
        profileUrl: other.url,
        text: 'Sounds interesting, tell me more!',
        sentAt: clock.now().toISOString(),
      },
    ]);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(other.url)).toEqual(['Hello Lead2', 'Thanks for your answer.']);
    expect(network.messagesTo(paused.url)).toEqual(['Hello Lead1', 'A person here.']);
    expect(await account.call(get, { params: { id: card.id } })).toMatchObject({
      aiPaused: true,
      unread: true,
    });

    // Resumed: the lead's next message is answered again.
    await account.call(update, { params: { id: card.id }, body: { aiPaused: false } });
    clock.advance({ minutes: 1 });
    await reportEvents(account, profileId, [
      {
        kind: 'message',
        profileUrl: paused.url,
        text: 'I am interested, tell me more!',
        sentAt: clock.now().toISOString(),
      },
    ]);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(paused.url)).toEqual([
      'Hello Lead1',
      'A person here.',
      'Thanks for your answer.',
    ]);
  });
});
