// @vitest-environment node
// The sandbox adapter acting on pages (sandbox-test-support.ts drives it as the background does):
// friend requests, messages, groups and posts, collecting people.
import type { AdapterStep } from '@reachly/shared/extension';
import { describe, expect, it } from 'vitest';
import { SELECTORS } from './sandbox.ts';
import {
  drive,
  people,
  person,
  runOnce,
  sandbox,
  signedIn,
  startSandboxForFile,
} from './sandbox-test-support.ts';

startSandboxForFile();

describe('friend requests', () => {
  it('clicks Add friend once, then sees the request pending, and never sends it twice', async () => {
    const b = await signedIn();
    const target = await person((p) => !p.sendsRequests);
    const step: AdapterStep = { kind: 'friendRequest', profileUrl: target.url };

    const feed = await b.open('/feed');
    expect(runOnce(feed, step).result).toEqual({ status: 'navigate', url: target.url });

    const run = await drive(b, step);
    expect(run).toMatchObject({ result: { status: 'done' }, acted: 1 });
    const again = await drive(b, step);
    expect(again).toMatchObject({ result: { status: 'done' }, acted: 0 });

    const received = await sandbox.admin.receivedBy(target.slug);
    expect(received.requests).toEqual([expect.objectContaining({ from: 'agent', status: 'pending' })]);
  });

  it("skips, without clicking, someone who already asked us (accepting is the user's call)", async () => {
    const b = await signedIn();
    const sender = await person((p) => p.sendsRequests);
    const page = await b.open(sender.url);
    expect(page.querySelector(SELECTORS.person.friendStatus)?.getAttribute('data-status')).toBe('incoming');
    expect(runOnce(page, { kind: 'friendRequest', profileUrl: sender.url }).result).toMatchObject({
      status: 'skipped',
      reason: 'The lead already sent this profile a friend request',
    });
  });

  it('accepts an incoming request, visits, and withdraws a pending request of ours', async () => {
    const b = await signedIn();
    const sender = await person((p) => p.sendsRequests);
    const friends = await drive(b, { kind: 'readFriends' });
    expect(friends.result).toMatchObject({
      incoming: expect.arrayContaining([expect.objectContaining({ profileUrl: sender.url })]),
    });
    const accept: AdapterStep = { kind: 'acceptRequest', profileUrl: sender.url };
    expect(await drive(b, accept)).toMatchObject({ result: { status: 'done' }, acted: 1 });
    expect(await drive(b, accept)).toMatchObject({ result: { status: 'done' }, acted: 0 });

    const target = await person((p) => !p.sendsRequests && p.hasMessageButton);
    expect((await drive(b, { kind: 'visit', profileUrl: target.url })).result).toEqual({
      status: 'done',
      observed: { hasMessageButton: true },
    });
    // Following: one click, then Following shows (nothing to click again); the network records both.
    const follow: AdapterStep = { kind: 'follow', profileUrl: target.url };
    expect(await drive(b, follow)).toMatchObject({ result: { status: 'done' }, acted: 1 });
    expect(await drive(b, follow)).toMatchObject({ result: { status: 'done' }, acted: 0 });
    expect(await sandbox.admin.receivedBy(target.slug)).toMatchObject({
      follows: [{ from: 'agent' }],
      visits: expect.arrayContaining([expect.objectContaining({ from: 'agent' })]),
    });
    await drive(b, { kind: 'friendRequest', profileUrl: target.url });
    const withdraw: AdapterStep = { kind: 'withdrawRequest', profileUrl: target.url };
    expect(await drive(b, withdraw)).toMatchObject({ result: { status: 'done' }, acted: 1 });
    expect(await drive(b, withdraw)).toMatchObject({ result: { status: 'done' }, acted: 0 });
    // The network's records keep it as withdrawn; a friend's request is not withdrawn.
    expect((await sandbox.admin.receivedBy(target.slug)).requests).toMatchObject([{ status: 'withdrawn' }]);
    expect(await drive(b, { kind: 'withdrawRequest', profileUrl: sender.url })).toMatchObject({
      result: { status: 'skipped', reason: 'No pending friend request to this person' },
      acted: 0,
    });
  });

  it('skips a profile the network does not have', async () => {
    const b = await signedIn();
    const run = await drive(b, { kind: 'friendRequest', profileUrl: `${sandbox.url}/people/nobody-0` });
    expect(run.result).toEqual({ status: 'skipped', reason: 'Profile not found' });
  });
});

describe('messages', () => {
  it('sends the text once in the thread and recognises it as sent on the next load', async () => {
    const b = await signedIn();
    const target = await person((p) => p.hasMessageButton);
    await sandbox.admin.setBehaviour(target.slug, { reply: null });
    const text = 'Hi <b>"there"</b> & welcome,\nsee you';
    const step = { kind: 'message' as const, profileUrl: target.url, text, sentBefore: 0 };

    const run = await drive(b, step);
    expect(run).toMatchObject({ result: { status: 'done' }, acted: 1 });
    expect(run.pages[0]).toBe(`${sandbox.url}/messages/${target.slug}`);
    // From their profile, the Message button leads to the thread.
    expect(runOnce(await b.open(target.url), step).result).toEqual({ status: 'navigate', url: run.pages[0] });
    expect((await drive(b, step)).acted).toBe(0);
    // Another text to the same person is another message.
    expect((await drive(b, { ...step, text: 'A follow-up' })).acted).toBe(1);
    // The same text again, sent once before (a follow-up repeating the welcome): sent again, once.
    const again = { ...step, sentBefore: 1 };
    expect((await drive(b, again)).acted).toBe(1);
    expect((await drive(b, again)).acted).toBe(0);

    const received = await sandbox.admin.receivedBy(target.slug);
    expect(received.messages.map((m) => [m.from, m.text])).toEqual([
      ['agent', text],
      ['agent', 'A follow-up'],
      ['agent', text],
    ]);
  });

  it('skips a person without a Message button', async () => {
    const b = await signedIn();
    const target = await person((p) => !p.hasMessageButton);
    const step: AdapterStep = { kind: 'message', profileUrl: target.url, text: 'Hello', sentBefore: 0 };
    expect((await drive(b, step)).result).toEqual({
      status: 'skipped',
      reason: 'no-message-button',
      observed: { hasMessageButton: false },
    });
    // From their profile too.
    const profile = await b.open(target.url);
    expect(runOnce(profile, step).result).toEqual({
      status: 'skipped',
      reason: 'no-message-button',
      observed: { hasMessageButton: false },
    });
    expect((await sandbox.admin.receivedBy(target.slug)).messages).toEqual([]);
  });
});

describe('groups and posts', () => {
  it('joins a group once', async () => {
    const b = await signedIn();
    const [group] = await sandbox.admin.groups();
    if (!group) throw new Error('no group');
    const step: AdapterStep = { kind: 'joinGroup', groupUrl: `${sandbox.url}/groups/${group.slug}` };
    expect(await drive(b, step)).toMatchObject({ result: { status: 'done' }, acted: 1 });
    expect(await drive(b, step)).toMatchObject({ result: { status: 'done' }, acted: 0 });
    expect((await sandbox.admin.receivedBy(group.ownerSlug)).joins).toEqual([
      expect.objectContaining({ from: 'agent', group: group.slug }),
    ]);
  });

  it('likes as many posts as asked, one click per page, back on the feed after a group post', async () => {
    const b = await signedIn();
    const count = 4;
    const run = await drive(b, { kind: 'likePosts', count, done: 0 });
    expect(run).toMatchObject({ result: { status: 'done', liked: count }, acted: count });
    const likes = Object.values(await sandbox.admin.received()).flatMap((r) => r.likes);
    expect(likes).toHaveLength(count);
    expect(new Set(likes.map((l) => l.postId)).size).toBe(count);
    expect(likes.every((l) => l.from === 'agent')).toBe(true);

    const feed = await b.open('/feed');
    expect(runOnce(feed, { kind: 'likePosts', count, done: count }).result).toEqual({
      status: 'done',
      liked: count,
    });
    expect(feed.querySelectorAll(SELECTORS.feed.post).length).toBeGreaterThan(count);
  });

  it('answers done with what it liked when no post is left to like', async () => {
    const b = await signedIn();
    const posts = await sandbox.admin.posts();
    const run = await drive(b, { kind: 'likePosts', count: posts.length + 5, done: 0 }, 200);
    expect(run).toMatchObject({ result: { status: 'done', liked: posts.length }, acted: posts.length });
    // Liking a group's post lands on the group's page: the step goes back to the feed.
    expect(posts.some((p) => p.groupSlug)).toBe(true);
    expect(run.pages.some((url) => new URL(url).pathname.startsWith('/groups/'))).toBe(true);
    expect(run.pages.at(-1)).toBe(`${sandbox.url}/feed`);
  });
});

describe('collect', () => {
  it("reads a group's members with absolute profile URLs and names, up to maxCount", async () => {
    const b = await signedIn();
    const group = (await sandbox.admin.groups()).find((g) => g.memberSlugs.length >= 3);
    if (!group) throw new Error('no group with members');
    const names = new Map((await people()).map((p) => [p.slug, p.name]));
    const groupUrl = `${sandbox.url}/groups/${group.slug}`;
    const all = await drive(b, { kind: 'collect', source: { kind: 'group', groupUrl }, maxCount: 1000 });
    expect(all.acted).toBe(0);
    expect(all.result).toEqual({
      status: 'done',
      collected: group.memberSlugs.map((slug) => ({
        profileUrl: `${sandbox.url}/people/${slug}`,
        name: names.get(slug),
        hasMessageButton: false,
      })),
    });
    const two = await drive(b, { kind: 'collect', source: { kind: 'group', groupUrl }, maxCount: 2 });
    expect(two.result.status === 'done' && two.result.collected?.length).toBe(2);
  });

  it('reads search results the same way', async () => {
    const b = await signedIn();
    const target = await person(() => true, 3);
    const query = target.name.split(' ')[0] ?? '';
    const run = await drive(b, { kind: 'collect', source: { kind: 'search', query }, maxCount: 50 });
    if (run.result.status !== 'done') throw new Error(`not done: ${JSON.stringify(run.result)}`);
    expect(run.result.collected).toContainEqual({
      profileUrl: target.url,
      name: target.name,
      avatarUrl: `${sandbox.url}/avatars/${target.slug}.svg`,
      hasMessageButton: false,
    });
    expect(run.result.collected?.every((p) => p.name?.toLowerCase().includes(query.toLowerCase()) ?? false));
    const none = await drive(b, {
      kind: 'collect',
      source: { kind: 'search', query: 'zzzz-nobody' },
      maxCount: 5,
    });
    expect(none.result).toEqual({ status: 'done', collected: [] });
  });
});
