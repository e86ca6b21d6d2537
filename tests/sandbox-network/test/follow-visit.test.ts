import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personId } from '../facebook/state.ts';
import { type Sandbox, startSandbox } from '../server.ts';
import { browser } from './browser.ts';

/**
 * Visits and follows (issue 17) on both skins: every opening of a person's page by an account is
 * recorded as a visit with its time; Follow (the sandbox's form, the replica's mutation) records a
 * follow once, and the page then shows Following instead of the button.
 */

const PASSWORD = 'pw-123456';

describe('the sandbox pages', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, people: 30 });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.admin.reset());

  it('records each visit of a person page, and one follow that the page then shows', async () => {
    await sandbox.admin.createAccount({ login: 'alice', password: PASSWORD });
    const b = browser(sandbox.url);
    expect((await b.logIn('alice', PASSWORD)).status).toBe(303);
    const [person, other] = await sandbox.admin.people();
    if (!person || !other) throw new Error('seed too small');
    const { now } = await sandbox.admin.clock();
    const page = (await b.get(person.url)).html;
    expect(page).toContain('data-action="follow"');
    expect((await sandbox.admin.receivedBy(person.slug)).visits).toEqual([
      { from: 'alice', at: expect.any(Number) },
    ]);
    expect((await sandbox.admin.receivedBy(person.slug)).visits[0]?.at).toBeGreaterThanOrEqual(now);

    expect((await b.post(`/people/${person.slug}/follow`)).location).toBe(person.url);
    const followed = (await b.get(person.url)).html;
    expect(followed).toContain('data-testid="follow-status"');
    expect(followed).not.toContain('data-action="follow"');
    // Following again changes nothing; the other person was neither visited nor followed.
    await b.post(`/people/${person.slug}/follow`);
    const received = await sandbox.admin.receivedBy(person.slug);
    expect(received.follows).toEqual([{ from: 'alice', at: expect.any(Number) }]);
    expect(received.visits).toHaveLength(2);
    expect(received.requests).toEqual([]);
    expect(await sandbox.admin.receivedBy(other.slug)).toMatchObject({ visits: [], follows: [] });
  });
});

describe('the Facebook replica', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7, people: 30, skin: 'facebook' });
  });
  afterAll(() => sandbox.close());

  it('records the visit of a profile page and the follow mutation, shown as Following', async () => {
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
    const [person] = await sandbox.admin.people();
    if (!person) throw new Error('seed too small');
    const page = async () => (await fetch(`${sandbox.url}/${person.slug}/`, { headers: { cookie } })).text();
    expect(await page()).toContain('aria-label="Follow"');
    const res = await fetch(`${sandbox.url}/api/graphql/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        fb_api_req_friendly_name: 'CometUserFollowMutation',
        variables: JSON.stringify({ id: String(personId(sandbox.context, person.slug)) }),
      }).toString(),
    });
    expect(((await res.json()) as { data?: { button?: { label: string } } }).data?.button?.label).toBe(
      'Following',
    );
    expect(await page()).toContain('aria-label="Following"');
    const received = await sandbox.admin.receivedBy(person.slug);
    expect(received.follows).toEqual([{ from: 'bob', at: expect.any(Number) }]);
    expect(received.visits).toHaveLength(2);
  });
});
