import { type ClientInput, contract, urlOf } from '@reachly/shared/contract';
import {
  apiErrorSchema,
  PROXY_ADDRESS_FORBIDDEN_MESSAGE,
  PROXY_ADDRESS_MESSAGE,
  PROXY_ADDRESS_REQUIRED_MESSAGE,
  PROXY_PORT_MESSAGE,
  PROXY_TIMEZONE_MESSAGE,
  type Profile,
  profileSchema,
  profilesListResponseSchema,
} from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from '../src/services/tenancy.ts';
import { seedCollection, seedConversation } from './helpers/seed-conversations.ts';
import { collect, connectSocket, nextEvent } from './helpers/socket.ts';
import {
  countRows,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PASSWORD = 'Pr0xy-pa55word!';

/** A raw answer (a body the typed client cannot send) is the API's error with this status (and message). */
function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

/*
 * create, patch and list call their endpoints with typed inputs but read the answer raw: its text
 * must never hold the password, and a profile must have no field beyond the schema (parsed
 * strictly), which the typed client's parse would strip unseen.
 */
async function create(
  account: TestAccount,
  body: ClientInput<typeof contract.profiles.create>['body'],
): Promise<Profile> {
  const res = await account.api.send(contract.profiles.create, { body });
  expect(res.status, res.text).toBe(201);
  expect(res.text).not.toContain(PASSWORD);
  return profileSchema.strict().parse(res.body);
}

async function patch(
  account: TestAccount,
  body: ClientInput<typeof contract.profiles.update>['body'],
): Promise<Profile> {
  const res = await account.api.send(contract.profiles.update, { body });
  expect(res.status, res.text).toBe(200);
  expect(res.text).not.toContain(PASSWORD);
  return profileSchema.strict().parse(res.body);
}

async function list(account: TestAccount, query: ClientInput<typeof contract.profiles.list>['query'] = {}) {
  const res = await account.api.send(contract.profiles.list, { query });
  expect(res.status, res.text).toBe(200);
  expect(res.text).not.toContain(PASSWORD);
  return profilesListResponseSchema.parse(res.body);
}

const storedRow = (id: number) => server.database.db('profiles').where({ id }).first();
/** The clear password as the server's own code reads it (decrypting the stored column). */
const reveal = (account: TestAccount, id: number) =>
  server.running.ctx.profiles.revealProxyPassword(tenant(server.database.db, account.organizationId), id);

const manual = {
  name: 'Anna work',
  proxySource: 'MANUAL',
  HTTPProxyAddress: 'http://10.0.0.1:8080',
  proxyLogin: 'bob',
  proxyPassword: PASSWORD,
  proxyTimezone: 'europe/berlin',
} as const;

describe('authentication', () => {
  it('answers 401 to every profiles route without a session or token', async () => {
    const unauthorized = { status: 401, code: 'UNAUTHORIZED' };
    await expect(server.call(contract.profiles.list)).rejects.toMatchObject(unauthorized);
    await expect(server.call(contract.profiles.create, { body: { name: 'x' } })).rejects.toMatchObject(
      unauthorized,
    );
    await expect(server.call(contract.profiles.update, { body: { id: 1, name: 'x' } })).rejects.toMatchObject(
      unauthorized,
    );
    await expect(server.call(contract.profiles.remove, { query: { id: 1 } })).rejects.toMatchObject(
      unauthorized,
    );
  });
});

describe('POST /api/profiles', () => {
  it('creates a profile with a manual proxy; the password is encrypted at rest and never sent', async () => {
    const account = await registerAccount(server, 'prof');
    const { socket } = await connectSocket(server.url, {
      token: account.accessToken,
      organizationId: account.organizationId,
    });
    try {
      // A person's own profile is announced as data-changed (its tab skips the echo), not as
      // PROFILES_ATTACHED, which every tab applies (only npm run admin's attach-profiles sends it).
      const attached = collect(socket, 'PROFILES_ATTACHED');
      const changed = nextEvent(socket, 'data-changed');
      const profile = await create(account, manual);
      expect(profile).toMatchObject({
        name: 'Anna work',
        loginStatus: 'unknown',
        proxySource: 'MANUAL',
        proxyType: 'manual',
        HTTPProxyAddress: 'http://10.0.0.1:8080',
        proxyLogin: 'bob',
        hasProxyPassword: true,
        proxyTimezone: 'Europe/Berlin',
        isReady: false,
      });
      expect(await changed).toEqual({ areas: ['profiles'], origin: null });
      expect(attached).toEqual([]);

      const row = await storedRow(profile.id);
      expect(row.organization_id).toBe(account.organizationId);
      expect(typeof row.proxy_password_encrypted).toBe('string');
      expect(row.proxy_password_encrypted).not.toContain(PASSWORD);
      expect(
        Buffer.from(row.proxy_password_encrypted.split(':')[2], 'base64').toString('utf8'),
      ).not.toContain(PASSWORD);
      expect(JSON.stringify(row)).not.toContain(PASSWORD);
      expect(await reveal(account, profile.id)).toBe(PASSWORD);
    } finally {
      socket.close();
    }
  });

  it('fills defaults, and is ready once logged in with its proxy settled', async () => {
    const account = await registerAccount(server, 'prof');
    const bare = await create(account, { name: ' Plain ' });
    expect(bare).toMatchObject({
      name: 'Plain',
      loginStatus: 'unknown',
      proxySource: 'NOT_USE',
      proxyType: null,
      HTTPProxyAddress: null,
      proxyLogin: null,
      hasProxyPassword: false,
      proxyTimezone: null,
      isReady: false,
    });
    expect((await storedRow(bare.id)).proxy_password_encrypted).toBeNull();
    expect((await create(account, { name: 'No proxy', loginStatus: 'logged-in' })).isReady).toBe(true);
    expect((await create(account, { ...manual, loginStatus: 'logged-in' })).isReady).toBe(true);
    const noZone = await create(account, { ...manual, loginStatus: 'logged-in', proxyTimezone: null });
    expect(noZone.isReady).toBe(false);
    const reachly = await create(account, { name: 'R', proxySource: 'REACHLY', loginStatus: 'logged-in' });
    expect(reachly).toMatchObject({ proxyType: 'residential', isReady: false });
  });

  it('infers a manual proxy from an address and credentials sent without proxySource', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, {
      name: 'Inferred',
      HTTPProxyAddress: 'http://10.0.0.9:3128',
      proxyLogin: 'dave',
      proxyPassword: PASSWORD,
    });
    expect(profile).toMatchObject({
      proxySource: 'MANUAL',
      proxyType: 'manual',
      HTTPProxyAddress: 'http://10.0.0.9:3128',
      proxyLogin: 'dave',
      hasProxyPassword: true,
    });
    expect(await reveal(account, profile.id)).toBe(PASSWORD);
    const plain = await create(account, { name: 'Plain' });
    const changed = await patch(account, { id: plain.id, HTTPProxyAddress: 'h:1', proxyLogin: 'erin' });
    expect(changed).toMatchObject({ proxySource: 'MANUAL', proxyType: 'manual', HTTPProxyAddress: 'h:1' });
  });

  it('moves credentials written into the address to the login and the encrypted password', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, {
      name: 'Creds',
      proxySource: 'MANUAL',
      HTTPProxyAddress: `https://carol:${encodeURIComponent(PASSWORD)}@Proxy.Example.com:8443/`,
    });
    expect(profile).toMatchObject({
      HTTPProxyAddress: 'https://proxy.example.com:8443',
      proxyLogin: 'carol',
      hasProxyPassword: true,
    });
    const row = await storedRow(profile.id);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(encodeURIComponent(PASSWORD));
    expect(await reveal(account, profile.id)).toBe(PASSWORD);
  });

  it('refuses bad payloads with the message the page shows, and writes nothing', async () => {
    const account = await registerAccount(server, 'prof');
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ ...manual, HTTPProxyAddress: 'not a proxy' }, PROXY_ADDRESS_MESSAGE],
      [{ ...manual, HTTPProxyAddress: 'host:99999' }, PROXY_PORT_MESSAGE],
      [{ ...manual, HTTPProxyAddress: null }, PROXY_ADDRESS_REQUIRED_MESSAGE],
      [{ name: 'A', proxySource: 'MANUAL' }, PROXY_ADDRESS_REQUIRED_MESSAGE],
      [{ name: 'A', proxySource: 'NOT_USE', HTTPProxyAddress: 'h:1' }, PROXY_ADDRESS_FORBIDDEN_MESSAGE],
      [{ ...manual, proxyTimezone: 'Mars/Olympus' }, PROXY_TIMEZONE_MESSAGE],
      [{ ...manual, proxyType: 'residential' }, 'Proxy type must be manual for proxy source MANUAL'],
      [{ name: '' }, 'Profile name must not be empty'],
      [{ name: 'A', loginStatus: 'online' }, undefined],
      [{ name: 'A', proxySource: 'OTHER' }, undefined],
      [{ ...manual, proxyPassword: 'x'.repeat(201) }, 'Proxy password must be at most 200 characters'],
      [{}, undefined],
    ];
    // Raw: some bodies are wrongly typed, and the whole error is read for the password.
    const url = urlOf(contract.profiles.create, {});
    for (const [json, message] of cases) {
      const error = expectError(await account.api.post(url, { json }), 400, message);
      expect(JSON.stringify(error)).not.toContain(PASSWORD);
    }
    expectError(
      await account.api.post(url, { raw: 'name=A', headers: { 'content-type': 'text/plain' } }),
      415,
    );
    expect(await countRows(server, 'profiles', { organization_id: account.organizationId })).toBe(0);
  });
});

describe('GET /api/profiles', () => {
  it('pages by number with total and hasMore, in creation order', async () => {
    const account = await registerAccount(server, 'prof');
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push((await create(account, { name: `P${i}` })).id);
    const first = await list(account, { page: 1, limit: 2 });
    expect(first).toMatchObject({ total: 5, hasMore: true, page: 1 });
    expect(first.profiles.map((p) => p.id)).toEqual(ids.slice(0, 2));
    const last = await list(account, { page: 3, limit: 2 });
    expect(last).toMatchObject({ total: 5, hasMore: false, page: 3 });
    expect(last.profiles.map((p) => p.id)).toEqual(ids.slice(4));
    const beyond = await list(account, { page: 9, limit: 2 });
    expect(beyond).toEqual({ profiles: [], total: 5, hasMore: false, page: 9 });
    const all = await list(account);
    expect(all).toMatchObject({ total: 5, hasMore: false, page: 1 });
    expect(all.profiles).toHaveLength(5);
  });

  it('filters by readiness, login status and a search over name and proxy address', async () => {
    const account = await registerAccount(server, 'prof');
    const ready = await create(account, { ...manual, name: 'Ready one', loginStatus: 'logged-in' });
    const checkpoint = await create(account, { name: 'Blocked 50%', loginStatus: 'checkpoint' });
    const other = await create(account, {
      ...manual,
      name: 'Other',
      HTTPProxyAddress: 'socks.example.net:3128',
    });
    const ids = (page: { profiles: Profile[] }) => page.profiles.map((p) => p.id);
    expect(ids(await list(account, { notReadyOnly: true }))).toEqual([checkpoint.id, other.id]);
    expect(ids(await list(account, { notReadyOnly: false }))).toEqual([ready.id, checkpoint.id, other.id]);
    expect(ids(await list(account, { loginStatus: 'checkpoint' }))).toEqual([checkpoint.id]);
    expect(ids(await list(account, { loginStatus: 'logged-in', notReadyOnly: true }))).toEqual([]);
    expect(ids(await list(account, { search: 'READY' }))).toEqual([ready.id]);
    expect(ids(await list(account, { search: 'example.net' }))).toEqual([other.id]);
    expect(ids(await list(account, { search: '0%' }))).toEqual([checkpoint.id]);
    expect((await list(account, { search: '%' })).total).toBe(1);
    const filtered = await list(account, { notReadyOnly: true, limit: 1 });
    expect(filtered).toMatchObject({ total: 2, hasMore: true });
  });

  it("never lists another organisation's profiles", async () => {
    const mine = await registerAccount(server, 'prof');
    const theirs = await registerAccount(server, 'prof');
    await create(theirs, { ...manual, name: 'Theirs' });
    const page = await list(mine);
    expect(page).toEqual({ profiles: [], total: 0, hasMore: false, page: 1 });
  });

  it('refuses bad queries with 400', async () => {
    const account = await registerAccount(server, 'prof');
    for (const query of [
      { page: 0 },
      { page: 'abc' },
      { limit: 101 },
      { limit: 0 },
      { loginStatus: 'online' },
      { notReadyOnly: 'yes' },
      { search: 'x'.repeat(201) },
    ]) {
      await expect(
        account.call(contract.profiles.list, { query }),
        JSON.stringify(query),
      ).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
  });
});

describe('PATCH /api/profiles', () => {
  it('changes the fields sent and recomputes readiness', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, manual);
    const loggedIn = await patch(account, { id: profile.id, loginStatus: 'logged-in', name: 'Renamed' });
    expect(loggedIn).toMatchObject({
      name: 'Renamed',
      loginStatus: 'logged-in',
      isReady: true,
      proxyLogin: 'bob',
      hasProxyPassword: true,
      proxyTimezone: 'Europe/Berlin',
    });
    expect((await storedRow(profile.id)).is_ready).toBe(true);

    // A new address without a timezone: the old timezone belonged to the old proxy.
    const moved = await patch(account, { id: profile.id, HTTPProxyAddress: '10.0.0.2:3128' });
    expect(moved).toMatchObject({ HTTPProxyAddress: '10.0.0.2:3128', proxyTimezone: null, isReady: false });
    const zoned = await patch(account, { id: profile.id, proxyTimezone: 'America/New_York' });
    expect(zoned).toMatchObject({ proxyTimezone: 'America/New_York', isReady: true });
    expect(await reveal(account, profile.id)).toBe(PASSWORD);

    // The same address again keeps the timezone.
    expect((await patch(account, { id: profile.id, HTTPProxyAddress: '10.0.0.2:3128' })).proxyTimezone).toBe(
      'America/New_York',
    );
  });

  it('replaces and clears the encrypted password', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, manual);
    const before = (await storedRow(profile.id)).proxy_password_encrypted;
    const changed = await patch(account, { id: profile.id, proxyPassword: `${PASSWORD}-2` });
    expect(changed.hasProxyPassword).toBe(true);
    const after = (await storedRow(profile.id)).proxy_password_encrypted;
    expect(after).not.toBe(before);
    expect(after).not.toContain(PASSWORD);
    expect(await reveal(account, profile.id)).toBe(`${PASSWORD}-2`);
    const cleared = await patch(account, { id: profile.id, proxyPassword: '' });
    expect(cleared.hasProxyPassword).toBe(false);
    expect((await storedRow(profile.id)).proxy_password_encrypted).toBeNull();
    expect(await reveal(account, profile.id)).toBeNull();
  });

  it('switches proxy sources: NOT_USE drops the proxy, REACHLY takes its default type', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, { ...manual, loginStatus: 'logged-in' });
    const reachly = await patch(account, { id: profile.id, proxySource: 'REACHLY' });
    expect(reachly).toMatchObject({
      proxySource: 'REACHLY',
      proxyType: 'residential',
      HTTPProxyAddress: 'http://10.0.0.1:8080',
      isReady: true,
    });
    const none = await patch(account, { id: profile.id, proxySource: 'NOT_USE' });
    expect(none).toMatchObject({
      proxySource: 'NOT_USE',
      proxyType: null,
      HTTPProxyAddress: null,
      proxyLogin: null,
      hasProxyPassword: false,
      isReady: true,
    });
    expect((await storedRow(profile.id)).proxy_password_encrypted).toBeNull();
  });

  it('refuses bad changes, judging the merged profile, and writes nothing', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, manual);
    const before = await storedRow(profile.id);
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ id: profile.id, HTTPProxyAddress: 'bad address' }, PROXY_ADDRESS_MESSAGE],
      [{ id: profile.id, HTTPProxyAddress: null }, PROXY_ADDRESS_REQUIRED_MESSAGE],
      [{ id: profile.id, proxyType: 'datacenter' }, 'Proxy type must be manual for proxy source MANUAL'],
      [{ id: profile.id, proxySource: 'NOT_USE', HTTPProxyAddress: 'h:1' }, PROXY_ADDRESS_FORBIDDEN_MESSAGE],
      [{ id: profile.id, proxyTimezone: 'Nowhere/City' }, PROXY_TIMEZONE_MESSAGE],
      [{ id: profile.id, name: '' }, 'Profile name must not be empty'],
      [{ id: profile.id, loginStatus: 'online' }, undefined],
      [{ id: profile.id }, 'Send at least one field to change'],
      [{ name: 'no id' }, undefined],
      [{ id: 'abc', name: 'x' }, undefined],
    ];
    // Raw: some of these bodies are wrongly typed.
    for (const [json, message] of cases) {
      expectError(await account.api.patch(urlOf(contract.profiles.update, {}), { json }), 400, message);
    }
    expect(await storedRow(profile.id)).toEqual(before);
  });

  it("answers 404 for a missing profile and another organisation's, changing nothing", async () => {
    const mine = await registerAccount(server, 'prof');
    const theirs = await registerAccount(server, 'prof');
    const foreign = await create(theirs, manual);
    const before = await storedRow(foreign.id);
    // Raw answer: its text is read for the foreign profile's name.
    const res = await mine.api.send(contract.profiles.update, {
      body: { id: foreign.id, name: 'Taken', proxyPassword: 'x' },
    });
    expectError(res, 404, `Profile ${foreign.id} not found.`);
    expect(res.text).not.toContain('Anna');
    await expect(
      mine.call(contract.profiles.update, { body: { id: 999999, name: 'x' } }),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Profile 999999 not found.' });
    expect(await storedRow(foreign.id)).toEqual(before);
  });
});

describe('DELETE /api/profiles', () => {
  it('deletes the profile; its conversations stay, without a profile', async () => {
    const account = await registerAccount(server, 'prof');
    const profile = await create(account, manual);
    const keep = await create(account, { name: 'Keep' });
    const collection = await seedCollection(server, account.organizationId);
    const conversation = await seedConversation(server, account.organizationId, {
      collectionId: collection,
      order: 1000,
      profileId: profile.id,
    });
    const remove = (id: number) => account.call(contract.profiles.remove, { query: { id } });
    expect(await remove(profile.id)).toEqual({ id: profile.id });
    expect(await storedRow(profile.id)).toBeUndefined();
    expect((await list(account)).profiles.map((p) => p.id)).toEqual([keep.id]);
    const row = await server.database.db('conversations').where({ id: conversation }).first();
    expect(row.profile_id).toBeNull();
    await expect(remove(profile.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("answers 404 for another organisation's profile and 400 for a bad id, deleting nothing", async () => {
    const mine = await registerAccount(server, 'prof');
    const theirs = await registerAccount(server, 'prof');
    const foreign = await create(theirs, manual);
    await expect(mine.call(contract.profiles.remove, { query: { id: foreign.id } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: `Profile ${foreign.id} not found.`,
    });
    for (const id of [undefined, 'abc', -1]) {
      await expect(mine.call(contract.profiles.remove, { query: { id } }), String(id)).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    expect(await storedRow(foreign.id)).toBeDefined();
    expect(await countRows(server, 'profiles', { organization_id: theirs.organizationId })).toBe(1);
  });
});
