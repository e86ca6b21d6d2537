import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../clock.ts';
import { personId } from '../facebook/state.ts';
import { type Sandbox, startSandbox } from '../server.ts';
import { browser } from './browser.ts';

/**
 * Withdrawing a pending friend request on both skins (the sandbox's form, the replica's mutation),
 * recorded as withdrawn with its time; the pending requests counted per account; one request past
 * the pending limit restricts the account's requests with the network's block.
 */

const PASSWORD = 'pw-123456';

describe('the sandbox pages', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, people: 30 });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.admin.reset());

  async function signedIn() {
    await sandbox.admin.createAccount({ login: 'alice', password: PASSWORD });
    const b = browser(sandbox.url);
    expect((await b.logIn('alice', PASSWORD)).status).toBe(303);
    return b;
  }

  it('withdraws a pending request: recorded with its time, Add friend again, never accepted after', async () => {
    const b = await signedIn();
    await sandbox.admin.setClock({ speed: 1e-9 });
    const [person] = await sandbox.admin.people();
    if (!person) throw new Error('seed too small');
    await sandbox.admin.setBehaviour(person.slug, { acceptAfterMs: 2 * DAY });
    await b.post(`/people/${person.slug}/friend-request`);
    const page = (await b.get(person.url)).html;
    expect(page).toContain('data-status="pending"');
    expect(page).toContain('data-action="cancel-request"');
    expect((await sandbox.admin.accounts())[0]?.pendingRequests).toBe(1);

    await sandbox.admin.setClock({ advanceMs: DAY });
    const { now } = await sandbox.admin.clock();
    expect((await b.post(`/people/${person.slug}/friend-request/cancel`)).location).toBe(person.url);
    expect((await b.get(person.url)).html).toContain('data-action="add-friend"');
    expect((await b.get('/friends')).html).not.toContain(`data-slug="${person.slug}"`);
    expect((await sandbox.admin.accounts())[0]?.pendingRequests).toBe(0);
    // The person's scripted acceptance (due on day 2) finds nothing to accept.
    await sandbox.admin.setClock({ advanceMs: 3 * DAY });
    expect((await sandbox.admin.receivedBy(person.slug)).requests).toEqual([
      { from: 'alice', sentAt: now - DAY, status: 'withdrawn', acceptedAt: null, withdrawnAt: now },
    ]);
    // Withdrawing again changes nothing.
    await b.post(`/people/${person.slug}/friend-request/cancel`);
    expect((await sandbox.admin.receivedBy(person.slug)).requests).toHaveLength(1);
  });

  it('restricts an account that sends one request past the pending limit, with the block page', async () => {
    const b = await signedIn();
    await sandbox.admin.setPendingLimit(2);
    const people = await sandbox.admin.people();
    for (const p of people.slice(0, 3)) await sandbox.admin.setBehaviour(p.slug, { acceptAfterMs: null });
    const [one, two, three] = people;
    if (!one || !two || !three) throw new Error('seed too small');
    for (const p of [one, two]) expect((await b.post(`/people/${p.slug}/friend-request`)).status).toBe(303);
    const blocked = await b.post(`/people/${three.slug}/friend-request`);
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain('data-testid="action-blocked" data-kind="friend-request"');
    const [account] = await sandbox.admin.accounts();
    expect(account?.pendingRequests).toBe(2);
    expect(account?.restrictions).toEqual([
      {
        kind: 'friend-request',
        reason: 'too-many-pending',
        at: expect.any(Number),
        until: expect.any(Number),
      },
    ]);
    expect((await sandbox.admin.receivedBy(three.slug)).requests).toEqual([]);
    // Withdrawing does not lift the block: it lasts the rule's blockMs (a day by default).
    await b.post(`/people/${one.slug}/friend-request/cancel`);
    expect((await b.post(`/people/${three.slug}/friend-request`)).status).toBe(429);
    await sandbox.admin.setClock({ advanceMs: DAY + HOUR });
    expect((await b.post(`/people/${three.slug}/friend-request`)).status).toBe(303);
    expect((await sandbox.admin.accounts())[0]?.restrictions).toHaveLength(1);
  });
});

describe('the Facebook replica', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, people: 30, skin: 'facebook' });
  });
  afterAll(() => sandbox.close());

  it('cancels a pending request with its mutation and blocks past the pending limit', async () => {
    await sandbox.admin.createAccount({ login: 'bob', password: PASSWORD });
    const login = await fetch(`${sandbox.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'bob', pass: PASSWORD, next: '/' }).toString(),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const mutation = async (name: string, slug: string) => {
      const res = await fetch(`${sandbox.url}/api/graphql/`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          fb_api_req_friendly_name: name,
          variables: JSON.stringify({ id: String(personId(sandbox.context, slug)) }),
        }).toString(),
      });
      return (await res.json()) as { data?: { button?: { label: string } }; errors?: { kind: string }[] };
    };
    const people = await sandbox.admin.people();
    const [one, two] = people;
    if (!one || !two) throw new Error('seed too small');
    for (const p of [one, two]) await sandbox.admin.setBehaviour(p.slug, { acceptAfterMs: null });
    await sandbox.admin.setPendingLimit(1);
    expect((await mutation('FriendingCometFriendRequestSendMutation', one.slug)).data?.button?.label).toBe(
      'Cancel request',
    );
    expect((await mutation('FriendingCometFriendRequestSendMutation', two.slug)).errors?.[0]?.kind).toBe(
      'blocked',
    );
    expect((await mutation('FriendingCometFriendRequestCancelMutation', one.slug)).data?.button?.label).toBe(
      'Add friend',
    );
    const { requests } = await sandbox.admin.receivedBy(one.slug);
    expect(requests).toMatchObject([{ from: 'bob', status: 'withdrawn', withdrawnAt: expect.any(Number) }]);
    expect(await sandbox.admin.accounts()).toMatchObject([
      { login: 'bob', pendingRequests: 0, restrictions: [{ reason: 'too-many-pending' }] },
    ]);
  });
});
