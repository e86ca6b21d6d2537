// @vitest-environment node
// The sandbox adapter reading pages (sandbox-test-support.ts drives it as the background does):
// detection, entry URLs, the inbox and friends, warnings, blocks and checkpoints.
import type { AdapterStep } from '@reachly/shared/extension';
import { describe, expect, it } from 'vitest';
import { adapterFor } from './index.ts';
import { SELECTORS, sandboxAdapter } from './sandbox.ts';
import {
  browser,
  DAY,
  drive,
  HOUR,
  load,
  PASSWORD,
  people,
  person,
  runOnce,
  sandbox,
  signedIn,
  startSandboxForFile,
} from './sandbox-test-support.ts';

startSandboxForFile();

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
