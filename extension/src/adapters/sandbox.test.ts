// @vitest-environment node
// Node's own fetch (the sandbox's admin client and the cookie-keeping client below use it); each
// page is parsed into its own happy-dom Window at the page's URL.
import type { AdapterStep, StepResult } from '@reachly/shared/extension';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../../tests/sandbox-network/server.ts';
import { adapterFor } from './index.ts';
import { SELECTORS, sandboxAdapter } from './sandbox.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'pw-123456';

let sandbox: Sandbox;
let windows: Window[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await Promise.all(windows.map((w) => w.happyDOM.close()));
  windows = [];
});

/** A page's HTML as a Document at its URL (relative URLs resolve, doc.URL is the page's). */
function load(url: string, html: string): Document {
  const window = new Window({
    url,
    settings: { navigation: { disableMainFrameNavigation: true }, disableJavaScriptFileLoading: true },
  });
  windows.push(window);
  window.document.write(html);
  return window.document as unknown as Document;
}

interface Submission {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** A logged-in (or not) browser on the sandbox: keeps the session cookie, follows 303s on GET. */
function browser() {
  let cookie = '';
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      cookie = /expires=Thu, 01 Jan 1970/i.test(line) || pair.endsWith('=') ? '' : pair;
    }
  };
  async function request(method: 'GET' | 'POST', url: string, form?: URLSearchParams) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? form.toString() : null,
    });
    keep(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
  /** GET, following redirects like a browser; the document at the final URL. */
  async function open(url: string): Promise<Document> {
    let at = new URL(url, sandbox.url).href;
    for (let hop = 0; hop < 5; hop += 1) {
      const res = await request('GET', at);
      if (res.status >= 300 && res.status < 400 && res.location) {
        at = new URL(res.location, at).href;
        continue;
      }
      return load(at, res.html);
    }
    throw new Error(`too many redirects from ${url}`);
  }
  /** What the browser does with a submitted form: POST its fields, show the answer. */
  async function submit({ form, submitter }: Submission): Promise<{ status: number; doc: Document }> {
    const view = form.ownerDocument.defaultView as unknown as { FormData: typeof FormData };
    const fields = new URLSearchParams();
    for (const [k, v] of new view.FormData(form, submitter ?? undefined)) fields.append(k, String(v));
    expect(form.method.toLowerCase()).toBe('post');
    const action = new URL(form.getAttribute('action') ?? '', form.ownerDocument.URL).href;
    const res = await request('POST', action, fields);
    if (res.status === 303 && res.location) return { status: res.status, doc: await open(res.location) };
    return { status: res.status, doc: load(action, res.html) };
  }
  return {
    open,
    submit,
    async logIn(login: string) {
      return request('POST', `${sandbox.url}/login`, new URLSearchParams({ login, password: PASSWORD }));
    },
  };
}
type Browser = ReturnType<typeof browser>;

async function signedIn(login = 'agent'): Promise<Browser> {
  await sandbox.admin.createAccount({ login, password: PASSWORD, name: 'Agent Smith' });
  const b = browser();
  expect(await b.logIn(login)).toMatchObject({ status: 303, location: '/feed' });
  return b;
}

/** Runs the step once on the document; records every form it submits (and stops the submit). */
function runOnce(doc: Document, step: AdapterStep): { result: StepResult; submissions: Submission[] } {
  const submissions: Submission[] = [];
  const listener = (event: Event) => {
    const e = event as SubmitEvent;
    submissions.push({ form: e.target as HTMLFormElement, submitter: e.submitter as HTMLElement | null });
    e.preventDefault();
  };
  doc.addEventListener('submit', listener);
  try {
    const result = sandboxAdapter.run(doc, step);
    expect(submissions.length).toBeLessThanOrEqual(1);
    expect(submissions.length === 1).toBe(result.status === 'acted');
    return { result, submissions };
  } finally {
    doc.removeEventListener('submit', listener);
  }
}

/** What the background does: entry URL, run, replay each click, follow navigations. */
async function drive(b: Browser, initial: AdapterStep, maxRounds = 20) {
  let step = initial;
  let doc = await b.open(sandboxAdapter.entryUrl(step, new URL(sandbox.url)));
  let acted = 0;
  const pages: string[] = [doc.URL];
  for (let round = 0; round < maxRounds; round += 1) {
    const { result, submissions } = runOnce(doc, step);
    const [submission] = submissions;
    if (result.status === 'acted' && submission) {
      acted += 1;
      if (step.kind === 'likePosts') step = { ...step, done: step.done + 1 };
      doc = (await b.submit(submission)).doc;
    } else if (result.status === 'navigate') {
      doc = await b.open(result.url);
    } else {
      return { result, acted, doc, pages };
    }
    pages.push(doc.URL);
  }
  throw new Error('the step did not finish');
}

const people = () => sandbox.admin.people();
async function person(filter: (p: Awaited<ReturnType<typeof people>>[number]) => boolean, skip = 0) {
  const found = (await people()).filter(filter)[skip];
  if (!found) throw new Error('the seed has no such person');
  return { ...found, url: new URL(found.url, sandbox.url).href };
}

beforeEach(async () => {
  await sandbox.admin.reset();
});

describe('detect and inspect', () => {
  it('recognises a sandbox page, its layout, the session and the registry picks the adapter', async () => {
    const b = await signedIn();
    const feed = await b.open('/feed');
    expect(sandboxAdapter.detect(feed)).toBe(true);
    expect(adapterFor(feed)).toBe(sandboxAdapter);
    expect(sandboxAdapter.inspect(feed)).toEqual({ network: 'sandbox', healthy: true, loggedIn: true });

    const other = load('https://example.org/', '<!doctype html><html><body><h1>Hello</h1></body></html>');
    expect(sandboxAdapter.detect(other)).toBe(false);
    expect(adapterFor(other)).toBeNull();
    expect(sandboxAdapter.inspect(other)).toMatchObject({ network: null, healthy: false });
  });

  it('sees a logged-out browser on the log-in page and refuses to run steps there', async () => {
    await signedIn();
    const login = await browser().open('/feed');
    expect(new URL(login.URL).pathname).toBe('/login');
    expect(sandboxAdapter.inspect(login)).toEqual({ network: 'sandbox', healthy: true, loggedIn: false });
    const target = await person(() => true);
    for (const step of [
      { kind: 'friendRequest', profileUrl: target.url },
      { kind: 'likePosts', count: 1, done: 0 },
    ] satisfies AdapterStep[]) {
      expect(runOnce(login, step).result).toEqual({
        status: 'failed',
        error: 'Not logged in to the network',
      });
    }
  });

  it('reports the v2 layout as unhealthy and never clicks on it', async () => {
    const b = await signedIn();
    const target = await person(() => true);
    await sandbox.admin.setLayout('v2');
    const page = await b.open(target.url);
    expect(adapterFor(page)).toBe(sandboxAdapter);
    const inspection = sandboxAdapter.inspect(page);
    expect(inspection).toMatchObject({ network: 'sandbox', healthy: false });
    expect(inspection.healthMessage).toBe(
      'Unknown page layout: the sandbox adapter expects layout v1 (data-testid), found v2',
    );
    const { result, submissions } = runOnce(page, { kind: 'friendRequest', profileUrl: target.url });
    expect(result).toEqual({ status: 'failed', error: inspection.healthMessage });
    expect(submissions).toEqual([]);
    expect((await sandbox.admin.receivedBy(target.slug)).requests).toEqual([]);
  });

  it('reports a v1 page whose markup is missing as a broken layout', async () => {
    const b = await signedIn();
    const feed = await b.open('/feed');
    feed.querySelector(SELECTORS.feed.list)?.removeAttribute('data-testid');
    expect(sandboxAdapter.inspect(feed)).toMatchObject({
      healthy: false,
      healthMessage: 'Broken page layout: the feed (/feed) has no [data-testid=feed]',
    });
    expect(runOnce(feed, { kind: 'likePosts', count: 1, done: 0 }).result.status).toBe('failed');
    const header = await b.open('/friends');
    header.querySelector(SELECTORS.shell.header)?.remove();
    expect(sandboxAdapter.inspect(header).healthMessage).toMatch(/^Broken page layout: .*header/);
  });
});

describe('entry URLs', () => {
  it('points each step at its page on the network', () => {
    const base = new URL(sandbox.url);
    const at = (path: string) => `${sandbox.url}${path}`;
    const entry = (step: AdapterStep) => sandboxAdapter.entryUrl(step, base);
    expect(entry({ kind: 'friendRequest', profileUrl: at('/people/ann-lee-3') })).toBe(
      at('/people/ann-lee-3'),
    );
    expect(entry({ kind: 'friendRequest', profileUrl: '/people/ann-lee-3' })).toBe(at('/people/ann-lee-3'));
    expect(entry({ kind: 'message', profileUrl: at('/people/ann-lee-3'), text: 'Hi', sentBefore: 0 })).toBe(
      at('/messages/ann-lee-3'),
    );
    expect(entry({ kind: 'joinGroup', groupUrl: at('/groups/g-1') })).toBe(at('/groups/g-1'));
    expect(entry({ kind: 'likePosts', count: 2, done: 0 })).toBe(at('/feed'));
    expect(
      entry({ kind: 'collect', source: { kind: 'group', groupUrl: at('/groups/g-1') }, maxCount: 5 }),
    ).toBe(at('/groups/g-1'));
    expect(entry({ kind: 'collect', source: { kind: 'search', query: 'Ann & co' }, maxCount: 5 })).toBe(
      at('/search?q=Ann%20%26%20co'),
    );
    expect(entry({ kind: 'readInbox' })).toBe(at('/messages'));
    expect(entry({ kind: 'readThread', threadUrl: at('/messages/ann-lee-3') })).toBe(
      at('/messages/ann-lee-3'),
    );
    expect(entry({ kind: 'readFriends' })).toBe(at('/friends'));
  });
});

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

describe('reading the inbox and the friends', () => {
  it('lists the threads and reads the replies with a network time stable across loads', async () => {
    const b = await signedIn();
    const [first, second] = (await people()).filter((p) => p.hasMessageButton);
    if (!first || !second) throw new Error('seed too small');
    await sandbox.admin.setBehaviour(first.slug, { reply: 'interested', replyAfterMs: HOUR });
    await sandbox.admin.setBehaviour(second.slug, { reply: null });
    for (const p of [first, second]) {
      const run = await drive(b, {
        kind: 'message',
        profileUrl: `${sandbox.url}${p.url}`,
        text: 'Hello!',
        sentBefore: 0,
      });
      expect(run.acted).toBe(1);
    }
    const sent = (await sandbox.admin.receivedBy(first.slug)).messages[0]?.at ?? 0;
    await sandbox.admin.setClock({ advanceMs: 2 * HOUR });

    const inbox = await drive(b, { kind: 'readInbox' });
    expect(inbox.result).toEqual({
      status: 'done',
      threads: [`${sandbox.url}/messages/${first.slug}`, `${sandbox.url}/messages/${second.slug}`],
    });

    const read = async (slug: string) => {
      const run = await drive(b, { kind: 'readThread', threadUrl: `${sandbox.url}/messages/${slug}` });
      expect(run.acted).toBe(0);
      if (run.result.status !== 'done') throw new Error(`not done: ${JSON.stringify(run.result)}`);
      return run.result.messages ?? [];
    };
    const once = await read(first.slug);
    expect(once).toEqual([
      {
        profileUrl: `${sandbox.url}/people/${first.slug}`,
        text: expect.any(String),
        sentAt: expect.any(String),
      },
    ]);
    expect(once[0]?.text).not.toBe('Hello!');
    expect(Date.parse(once[0]?.sentAt ?? '')).toBe(sent + HOUR);
    await sandbox.admin.setClock({ advanceMs: HOUR });
    expect(await read(first.slug)).toEqual(once);
    expect(await read(second.slug)).toEqual([]);
  });

  it('reads which of our requests were accepted (not the ones we accepted)', async () => {
    const b = await signedIn();
    const [accepter, refuser] = (await people()).filter((p) => !p.sendsRequests);
    const sender = await person((p) => p.sendsRequests);
    if (!accepter || !refuser) throw new Error('seed too small');
    await sandbox.admin.setBehaviour(accepter.slug, { acceptAfterMs: HOUR });
    await sandbox.admin.setBehaviour(refuser.slug, { acceptAfterMs: null });
    for (const p of [accepter, refuser]) {
      expect((await drive(b, { kind: 'friendRequest', profileUrl: `${sandbox.url}${p.url}` })).acted).toBe(1);
    }
    // Accept the incoming request of someone who asked us (by hand, as the user would).
    const friends = await b.open('/friends');
    const accept = friends.querySelector(
      `[data-testid=incoming-requests] [data-slug="${sender.slug}"] button[data-action=accept-request]`,
    );
    const form = accept?.closest('form');
    if (!form) throw new Error('no incoming request to accept');
    await b.submit({ form, submitter: accept as HTMLElement });

    expect((await drive(b, { kind: 'readFriends' })).result).toMatchObject({ status: 'done', accepted: [] });
    await sandbox.admin.setClock({ advanceMs: 2 * HOUR });
    expect((await drive(b, { kind: 'readFriends' })).result).toMatchObject({
      status: 'done',
      accepted: [`${sandbox.url}/people/${accepter.slug}`],
    });
  });
});

describe('warnings, blocks and checkpoints', () => {
  it('answers restricted on the rate-limit warning (DANGER) and the block (RESTRICTION, until)', async () => {
    const b = await signedIn();
    await sandbox.admin.setLimits({ 'friend-request': { max: 1, windowMs: HOUR, blockMs: DAY } });
    const [p1, p2, p3] = (await people()).filter((p) => !p.sendsRequests);
    if (!p1 || !p2 || !p3) throw new Error('seed too small');
    const step = (p: typeof p1): AdapterStep => ({
      kind: 'friendRequest',
      profileUrl: `${sandbox.url}${p.url}`,
    });

    expect(await drive(b, step(p1))).toMatchObject({ result: { status: 'done' }, acted: 1 });

    const warned = await drive(b, step(p2));
    expect(warned.acted).toBe(1);
    expect(warned.doc.URL).toBe(`${sandbox.url}/people/${p2.slug}/friend-request`);
    expect(warned.result).toEqual({
      status: 'restricted',
      signal: 'DANGER',
      message: expect.stringMatching(/^Slow down: You are doing this too fast\..*\(friend-request\)$/),
    });
    expect(sandboxAdapter.inspect(warned.doc)).toMatchObject({ healthy: true, signal: { signal: 'DANGER' } });

    const now = (await sandbox.admin.clock()).now;
    const blocked = await drive(b, step(p3));
    expect(blocked.acted).toBe(1);
    expect(blocked.result).toEqual({
      status: 'restricted',
      signal: 'RESTRICTION',
      message: expect.stringMatching(
        /^You're temporarily blocked: You can't use this feature until .*\(friend-request\)$/,
      ),
      until: expect.any(String),
    });
    const until = blocked.result.status === 'restricted' ? (blocked.result.until ?? '') : '';
    expect(new Date(until).toISOString()).toBe(until);
    expect(Date.parse(until) - now).toBeGreaterThanOrEqual(DAY);
    expect(Date.parse(until) - now).toBeLessThan(DAY + HOUR);
    // Any step on such a page answers the signal, without clicking.
    expect(runOnce(blocked.doc, { kind: 'likePosts', count: 1, done: 0 }).result.status).toBe('restricted');

    const sent = Object.values(await sandbox.admin.received()).flatMap((r) => r.requests);
    expect(sent).toHaveLength(1);
  });

  it('answers restricted on the checkpoint page of a suspicious log-in', async () => {
    await sandbox.admin.createAccount({ login: 'sus', password: PASSWORD, suspicious: true });
    const b = browser();
    const res = await b.logIn('sus');
    expect(res.status).toBe(200);
    const page = load(`${sandbox.url}/login`, res.html);
    expect(sandboxAdapter.inspect(page)).toEqual({
      network: 'sandbox',
      healthy: true,
      loggedIn: false,
      signal: {
        signal: 'RESTRICTION',
        message: 'Security check: We noticed an unusual log-in to sus. Confirm your identity to continue.',
      },
    });
    expect(runOnce(page, { kind: 'readInbox' }).result).toMatchObject({
      status: 'restricted',
      signal: 'RESTRICTION',
    });
  });
});
