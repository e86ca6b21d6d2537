import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../clock.ts';
import { isLoopback } from '../routes/admin.ts';
import { type Sandbox, startSandbox } from '../server.ts';
import { browser } from './browser.ts';

let sandbox: Sandbox;
const PASSWORD = 'pw-123456';

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, people: 30 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.admin.reset();
});

async function signedIn(login = 'alice') {
  await sandbox.admin.createAccount({ login, password: PASSWORD, name: 'Alice Agent' });
  const b = browser(sandbox.url);
  const res = await b.logIn(login, PASSWORD);
  expect(res.status).toBe(303);
  return b;
}

describe('determinism', () => {
  it('gives the same people, groups and posts for the same seed, others for another seed', async () => {
    const again = await startSandbox({ seed: 7, people: 30 });
    const other = await startSandbox({ seed: 8, people: 30 });
    try {
      expect(await again.admin.people()).toEqual(await sandbox.admin.people());
      expect(await again.admin.groups()).toEqual(await sandbox.admin.groups());
      expect(await again.admin.posts()).toEqual(await sandbox.admin.posts());
      expect((await other.admin.people()).map((p) => p.slug)).not.toEqual(
        (await sandbox.admin.people()).map((p) => p.slug),
      );
    } finally {
      await again.close();
      await other.close();
    }
    const people = await sandbox.admin.people();
    expect(people).toHaveLength(30);
    expect(people.some((p) => !p.hasMessageButton)).toBe(true);
    expect(people.every((p) => /^\/people\/[a-z0-9-]+-\d+$/.test(p.url))).toBe(true);
  });
});

describe('accounts', () => {
  it('logs in with a cookie session, refuses a wrong password, and logs out', async () => {
    await sandbox.admin.createAccount({ login: 'alice', password: PASSWORD });
    const b = browser(sandbox.url);
    expect((await b.get('/feed')).location).toBe('/login?next=%2Ffeed');
    const wrong = await b.logIn('alice', 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('data-testid="login-error"');
    const ok = await b.logIn('alice', PASSWORD);
    expect(ok).toMatchObject({ status: 303, location: '/feed' });
    const feed = await b.get('/feed');
    expect(feed.status).toBe(200);
    expect(feed.html).toContain('data-testid="current-account">alice<');
    expect((await b.post('/logout')).location).toBe('/login');
    expect((await b.get('/feed')).status).toBe(303);
  });

  it('shows a checkpoint instead of a session for a suspicious log-in', async () => {
    await sandbox.admin.createAccount({ login: 'sus', password: PASSWORD, suspicious: true });
    const b = browser(sandbox.url);
    const res = await b.logIn('sus', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-testid="checkpoint"');
    expect((await b.get('/feed')).status).toBe(303);
    await sandbox.admin.setSuspicious('sus', false);
    expect((await b.logIn('sus', PASSWORD)).status).toBe(303);
  });
});

describe('people', () => {
  it('has person pages with avatar, Add friend and (for some) Message, and a search', async () => {
    const b = await signedIn();
    const people = await sandbox.admin.people();
    const withButton = people.find((p) => p.hasMessageButton);
    const without = people.find((p) => !p.hasMessageButton);
    if (!withButton || !without) throw new Error('seed lacks both kinds');
    const page = (await b.get(withButton.url)).html;
    expect(page).toContain(`data-testid="person-name">${withButton.name}<`);
    expect(page).toContain(`src="/avatars/${withButton.slug}.svg"`);
    expect(page).toContain('data-action="add-friend"');
    expect(page).toContain('data-action="message"');
    expect((await b.get(without.url)).html).not.toContain('data-action="message"');
    expect((await b.get(`/messages/${without.slug}`)).status).toBe(404);
    const search = await b.get(`/search?q=${encodeURIComponent(withButton.name.split(' ')[0] ?? '')}`);
    expect(search.html).toContain(`href="${withButton.url}" data-testid="person-link"`);
    expect((await b.get('/search?q=zzzz-nobody')).html).toContain('data-testid="search-empty"');
    expect((await b.get(`/avatars/${withButton.slug}.svg`)).html).toMatch(/^<svg/);
  });

  it('escapes everything it renders', async () => {
    const b = await signedIn();
    const search = await b.get(`/search?q=${encodeURIComponent('<script>"x"</script>')}`);
    expect(search.html).not.toContain('<script>');
    expect(search.html).toContain('value="&lt;script&gt;&quot;x&quot;&lt;/script&gt;"');
  });
});

describe('friend requests', () => {
  it('are accepted after the scripted delay in network time, and never for "never"', async () => {
    const b = await signedIn();
    const [accepter, refuser] = await sandbox.admin.people();
    if (!accepter || !refuser) throw new Error('seed too small');
    await sandbox.admin.setBehaviour(accepter.slug, { acceptAfterMs: 2 * HOUR });
    await sandbox.admin.setBehaviour(refuser.slug, { acceptAfterMs: null });
    for (const p of [accepter, refuser]) {
      expect((await b.post(`/people/${p.slug}/friend-request`)).location).toBe(p.url);
    }
    expect((await b.get(accepter.url)).html).toContain('data-status="pending"');
    const outgoing = (await b.get('/friends')).html;
    expect(outgoing).toContain(`data-testid="request" data-slug="${accepter.slug}" data-status="pending"`);

    await sandbox.admin.setClock({ advanceMs: HOUR });
    expect((await sandbox.admin.receivedBy(accepter.slug)).requests[0]?.status).toBe('pending');
    // Days pass in moments: speed the clock up and wait until the network says so.
    await sandbox.admin.setClock({ speed: DAY / 100 });
    await expect
      .poll(async () => (await sandbox.admin.receivedBy(accepter.slug)).requests[0]?.status)
      .toBe('accepted');
    await sandbox.admin.setClock({ advanceMs: 30 * DAY });
    expect((await b.get(accepter.url)).html).toContain('data-status="friends"');
    expect((await b.get(refuser.url)).html).toContain('data-status="pending"');
    const received = await sandbox.admin.receivedBy(accepter.slug);
    expect(received.requests).toHaveLength(1);
    const [request] = received.requests;
    expect(request?.from).toBe('alice');
    expect((request?.acceptedAt ?? 0) - (request?.sentAt ?? 0)).toBe(2 * HOUR);
  });

  it('lists incoming requests from people who send them, and accepts them', async () => {
    const b = await signedIn();
    const sender = (await sandbox.admin.people()).find((p) => p.sendsRequests);
    if (!sender) throw new Error('seed 7 should have a person who sends requests');
    const friends = await b.get('/friends');
    expect(friends.html).toContain('data-action="accept-request"');
    const id = /action="\/friends\/requests\/(\d+)\/accept"/.exec(friends.html)?.[1];
    expect((await b.post(`/friends/requests/${id}/accept`)).location).toBe('/friends');
    expect((await b.get(sender.url)).html).toContain('data-status="friends"');
  });
});

describe('messenger', () => {
  it('keeps a thread per pair and answers by script after the delay, or never', async () => {
    const b = await signedIn();
    const people = (await sandbox.admin.people()).filter((p) => p.hasMessageButton);
    const scripts = ['interested', 'asks-price', 'not-interested', 'books-call'] as const;
    const expected = [/interesting/, /How much/, /not interested/, /book a call/];
    for (const [i, script] of scripts.entries()) {
      const p = people[i];
      if (!p) throw new Error('seed too small');
      await sandbox.admin.setBehaviour(p.slug, { reply: script, replyAfterMs: 30 * MINUTE });
      expect((await b.post(`/messages/${p.slug}`, { text: `Hello ${i}` })).status).toBe(303);
    }
    const silent = people[4];
    if (!silent) throw new Error('seed too small');
    await sandbox.admin.setBehaviour(silent.slug, { reply: null });
    await b.post(`/messages/${silent.slug}`, { text: 'Anyone there?' });

    const before = (await b.get(`/messages/${people[0]?.slug}`)).html;
    expect(before.match(/data-testid="message"/g)).toHaveLength(1);
    expect(before).toContain('data-from="me">Hello 0<');

    await sandbox.admin.setClock({ advanceMs: 29 * MINUTE });
    expect((await b.get(`/messages/${people[0]?.slug}`)).html).not.toContain('data-from="them"');
    await sandbox.admin.setClock({ advanceMs: 2 * MINUTE });
    for (const [i, pattern] of expected.entries()) {
      const html = (await b.get(`/messages/${people[i]?.slug}`)).html;
      expect(html).toMatch(new RegExp(`data-from="them">[^<]*${pattern.source}`));
    }
    await sandbox.admin.setClock({ advanceMs: 30 * DAY });
    expect((await b.get(`/messages/${silent.slug}`)).html).not.toContain('data-from="them"');
    const threads = (await b.get('/messages')).html;
    expect(threads.match(/data-testid="thread-link"/g)).toHaveLength(5);
    expect((await sandbox.admin.receivedBy(silent.slug)).messages).toEqual([
      expect.objectContaining({ from: 'alice', text: 'Anyone there?' }),
    ]);
  });
});

describe('groups and feed', () => {
  it('joins a group and likes posts, and the admin API reports both', async () => {
    const b = await signedIn();
    const [group] = await sandbox.admin.groups();
    const [post] = await sandbox.admin.posts();
    if (!group || !post) throw new Error('seed too small');
    const page = (await b.get(`/groups/${group.slug}`)).html;
    expect(page.match(/data-testid="group-member"/g)).toHaveLength(group.memberSlugs.length);
    expect(page).toContain('data-action="join-group"');
    expect((await b.post(`/groups/${group.slug}/join`)).location).toBe(`/groups/${group.slug}`);
    expect((await b.get(`/groups/${group.slug}`)).html).toContain('data-testid="group-joined"');

    expect((await b.get('/feed')).html).toContain(`action="/posts/${post.id}/like"`);
    expect((await b.post(`/posts/${post.id}/like`)).status).toBe(303);
    const feed = (await b.get('/feed')).html;
    expect(feed).not.toContain(`action="/posts/${post.id}/like"`);
    expect(feed).toContain('data-testid="liked"');

    const all = await sandbox.admin.received();
    expect(all[group.ownerSlug]?.joins).toEqual([
      expect.objectContaining({ from: 'alice', group: group.slug }),
    ]);
    expect(all[post.authorSlug]?.likes).toEqual([
      expect.objectContaining({ from: 'alice', postId: post.id }),
    ]);
  });
});

describe('rate limits', () => {
  it('warns an account acting too fast, then blocks that action until the block expires', async () => {
    const b = await signedIn();
    await sandbox.admin.setLimits({ 'friend-request': { max: 2, windowMs: HOUR, blockMs: DAY } });
    const people = await sandbox.admin.people();
    const add = (i: number) => b.post(`/people/${people[i]?.slug}/friend-request`);
    expect((await add(0)).status).toBe(303);
    expect((await add(1)).status).toBe(303);
    const warning = await add(2);
    expect(warning.status).toBe(429);
    expect(warning.html).toContain('data-testid="rate-limit-warning"');
    const blocked = await add(3);
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain('data-testid="action-blocked"');
    // Other actions are not blocked.
    const [post] = await sandbox.admin.posts();
    expect((await b.post(`/posts/${post?.id}/like`)).status).toBe(303);
    await sandbox.admin.setClock({ advanceMs: DAY - MINUTE });
    expect((await add(4)).html).toContain('data-testid="action-blocked"');
    await sandbox.admin.setClock({ advanceMs: MINUTE });
    expect((await add(5)).status).toBe(303);
    const sent = Object.values(await sandbox.admin.received()).flatMap((r) => r.requests);
    expect(sent).toHaveLength(3);
  });
});

describe('layout switch', () => {
  it('changes the markup so a health check can notice', async () => {
    const b = await signedIn();
    const before = (await b.get('/feed')).html;
    expect(before).toContain('data-layout="v1"');
    expect(before).toContain('data-testid="nav"');
    expect(before).toContain('data-action="like"');
    await sandbox.admin.setLayout('v2');
    const after = (await b.get('/feed')).html;
    expect(after).toContain('data-layout="v2"');
    expect(after).not.toContain('data-testid=');
    expect(after).not.toContain('data-action=');
    expect(after).not.toContain('class="sn-');
    expect(after).toContain('class="x-shell"');
    expect(after).toContain(`action="/posts/1/like"`); // the network still works
  });
});

describe('admin API', () => {
  it('answers loopback callers only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of [
      '10.0.0.1',
      '192.168.1.5',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      '2001:db8::1',
      '',
      undefined,
    ]) {
      expect(isLoopback(a)).toBe(false);
    }
  });

  it('validates its input and knows the clock', async () => {
    await expect(sandbox.admin.setBehaviour('nobody-0', { acceptAfterMs: 1 })).rejects.toThrow(/404/);
    await expect(sandbox.admin.setLayout('v9' as 'v1')).rejects.toThrow(/400/);
    await expect(sandbox.admin.createAccount({ login: '', password: '' })).rejects.toThrow(/400/);
    const start = await sandbox.admin.clock();
    const later = await sandbox.admin.setClock({ advanceMs: DAY });
    expect(later.now - start.now).toBeGreaterThanOrEqual(DAY);
    const res = await fetch(`${sandbox.url}/admin/reset`, { method: 'POST' });
    expect(res.status).toBe(200);
  });
});
