import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { seedLeads, setupCampaignOrg, startCampaign, startEngineServer } from './helpers/campaign-run.ts';
import { expectCallError, expectError } from './helpers/conversations.ts';
import { seedCollection, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import { inviteAccount, registerAccount, type TestServer } from './helpers/test-server.ts';

/**
 * The inbox (issue 17): the organisation's conversations newest activity first with unread, done,
 * assignment and the AI pause; filters and search. The replies people write and their way through
 * the profile's browser: inbox-replies.test.ts.
 * 2026-06-01 is a Monday; 09:30 UTC is inside the default working hours.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const { list, get, update, send } = contract.inbox;

/** An organisation with two profiles and conversations of known activity. */
async function inboxOrg(prefix: string) {
  const account = await registerAccount(server, prefix);
  const org = account.organizationId;
  const collectionId = await seedCollection(server, org);
  const [ann, bob] = [await seedProfile(server, org, 'Ann'), await seedProfile(server, org, 'Bob')];
  const old = await seedConversation(server, org, {
    collectionId,
    order: 1,
    name: 'Olga Old',
    profileId: ann,
    messages: [{ direction: 'out', text: 'Hello Olga', sentAt: '2026-05-01T10:00:00Z' }],
  });
  const replied = await seedConversation(server, org, {
    collectionId,
    order: 2,
    name: 'Rita Replied',
    profileId: bob,
    status: 'replied',
    messages: [
      { direction: 'out', text: 'Hello Rita', sentAt: '2026-05-20T10:00:00Z' },
      { direction: 'in', text: 'Tell me about pricing', sentAt: '2026-05-21T10:00:00Z' },
    ],
  });
  const middle = await seedConversation(server, org, {
    collectionId,
    order: 3,
    name: 'Mia Middle',
    profileId: ann,
    messages: [{ direction: 'in', text: 'Hi back', sentAt: '2026-05-10T10:00:00Z' }],
  });
  return { account, org, collectionId, ann, bob, old, replied, middle };
}

const ids = (r: { conversations: { id: number }[] }) => r.conversations.map((c) => c.id);

describe('GET /api/inbox', () => {
  it('lists newest activity first with unread state, across profiles', async () => {
    const { account, old, replied, middle } = await inboxOrg('inbox-list');
    const page = await account.call(list, {});
    expect(ids(page)).toEqual([replied, middle, old]);
    const [first] = page.conversations;
    expect(first).toMatchObject({
      name: 'Rita Replied',
      profileName: 'Bob',
      unread: true,
      done: false,
      aiPaused: false,
      assignedUserId: null,
      lastInboundAt: '2026-05-21T10:00:00.000Z',
    });
    expect(page.conversations.map((c) => c.unread)).toEqual([true, true, false]);
    expect(page.unreadCount).toBe(2);
  });

  it('filters by funnel status, profile, unread and search, and pages by cursor', async () => {
    const { account, ann, old, replied, middle } = await inboxOrg('inbox-filter');
    expect(ids(await account.call(list, { query: { status: 'replied' } }))).toEqual([replied]);
    expect(ids(await account.call(list, { query: { profileId: ann } }))).toEqual([middle, old]);
    expect(ids(await account.call(list, { query: { unread: true } }))).toEqual([replied, middle]);
    expect(ids(await account.call(list, { query: { unread: false } }))).toEqual([old]);
    expect(ids(await account.call(list, { query: { search: 'pricing' } }))).toEqual([replied]);
    expect(ids(await account.call(list, { query: { search: 'olga' } }))).toEqual([old]);
    const first = await account.call(list, { query: { limit: 2 } });
    expect(ids(first)).toEqual([replied, middle]);
    expect(first.nextCursor).not.toBeNull();
    const second = await account.call(list, { query: { limit: 2, cursor: first.nextCursor } });
    expect(ids(second)).toEqual([old]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by campaign: the conversations a campaign worked', async () => {
    const { account, profileIds, collectionId, executor } = await setupCampaignOrg(server, 'inbox-campaign');
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    const campaign = await startCampaign(account, {
      name: 'Welcome',
      collectionId,
      profileIds,
      steps: [{ type: 'welcomeMessage', template: 'Hi {{firstName}}' }],
      workingHours: { start: '00:00', end: '23:59' },
    });
    await executor.step();
    const worked = await account.call(list, { query: { campaignId: campaign.id } });
    expect(worked.conversations).toHaveLength(1);
    expect(worked.conversations[0]).toMatchObject({
      leadId: lead?.id,
      campaignId: campaign.id,
      campaignName: 'Welcome',
    });
  });

  it('answers 400 for a bad query and 404 for another organisation’s campaign or profile', async () => {
    const { account } = await inboxOrg('inbox-bad');
    const other = await inboxOrg('inbox-bad-other');
    expectError(await account.api.request('GET', '/api/inbox?view=later'), 400);
    expectError(await account.api.request('GET', '/api/inbox?cursor=nope'), 400);
    expectError(await account.api.request('GET', '/api/inbox?limit=0'), 400);
    await expectCallError(account.call(list, { query: { profileId: other.ann } }), 404);
    await expectCallError(account.call(list, { query: { campaignId: 2_000_000 } }), 404);
  });
});

describe('GET and PATCH /api/inbox/:id', () => {
  it('answers the thread, marks read and done (done leaves the open view until the lead writes)', async () => {
    const { account, org, replied } = await inboxOrg('inbox-done');
    const thread = await account.call(get, { params: { id: replied } });
    expect(thread.messages.map((m) => m.text)).toEqual(['Hello Rita', 'Tell me about pricing']);
    expect(thread.outbox).toEqual([]);

    const read = await account.call(update, { params: { id: replied }, body: { read: true } });
    expect(read.unread).toBe(false);
    const done = await account.call(update, { params: { id: replied }, body: { done: true } });
    expect(done).toMatchObject({ done: true, unread: false });
    expect(ids(await account.call(list, {}))).not.toContain(replied);
    expect(ids(await account.call(list, { query: { view: 'done' } }))).toEqual([replied]);

    // The lead writes again: open and unread again.
    clock.advance({ minutes: 1 });
    await db()('conversation_messages').insert({
      organization_id: org,
      conversation_id: replied,
      direction: 'in',
      text: 'Still there?',
      sent_at: new Date(Date.now() + 60_000),
    });
    const again = await account.call(get, { params: { id: replied } });
    expect(again).toMatchObject({ done: false, unread: true });
  });

  it('assigns to a member (assigned to me filters), pauses and resumes AI replies', async () => {
    const { account, replied, middle } = await inboxOrg('inbox-assign');
    const member = await inviteAccount(server, account, 'inbox-member');
    const assigned = await account.call(update, {
      params: { id: replied },
      body: { assignedUserId: member.id },
    });
    expect(assigned.assignedUserId).toBe(member.id);
    expect(ids(await member.call(list, { query: { assignedToMe: true } }))).toEqual([replied]);
    expect(ids(await account.call(list, { query: { assignedToMe: true } }))).toEqual([]);
    await account.call(update, { params: { id: middle }, body: { aiPaused: true } });
    expect((await account.call(get, { params: { id: middle } })).aiPaused).toBe(true);
    await account.call(update, { params: { id: middle }, body: { aiPaused: false, assignedUserId: null } });
    expect(await account.call(get, { params: { id: middle } })).toMatchObject({
      aiPaused: false,
      assignedUserId: null,
    });
  });

  it('answers 400 for an empty or wrong body and a non-member, 404 across organisations', async () => {
    const { account, replied } = await inboxOrg('inbox-patch-bad');
    const other = await inboxOrg('inbox-patch-other');
    const path = `/api/inbox/${replied}`;
    expectError(await account.api.request('PATCH', path, { json: {} }), 400);
    expectError(await account.api.request('PATCH', path, { json: { read: 'yes' } }), 400);
    expectError(await account.api.request('PATCH', path, { json: { colour: 'red' } }), 400);
    const notMember = expectError(
      await account.api.request('PATCH', path, { json: { assignedUserId: other.account.id } }),
      400,
    );
    expect(notMember.message).toMatch(/not a member/);
    await expectCallError(account.call(get, { params: { id: other.replied } }), 404);
    await expectCallError(account.call(update, { params: { id: other.replied }, body: { read: true } }), 404);
    await expectCallError(account.call(send, { params: { id: other.replied }, body: { text: 'Hi' } }), 404);
    // The other organisation's conversation is untouched.
    expect((await other.account.call(get, { params: { id: other.replied } })).unread).toBe(true);
  });
});

describe('POST /api/inbox/:id/messages', () => {
  it('answers 400 when the conversation has no profile left to send from', async () => {
    const { account, org, collectionId } = await inboxOrg('inbox-noprofile');
    const orphan = await seedConversation(server, org, { collectionId, order: 9 });
    const error = expectError(
      await account.api.request('POST', `/api/inbox/${orphan}/messages`, { json: { text: 'Hi' } }),
      400,
    );
    expect(error.message).toMatch(/no profile/);
  });
});
