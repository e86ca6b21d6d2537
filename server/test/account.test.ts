import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  expectRejected,
  registerAccount,
  startTestServer,
  type TestServer,
} from './helpers/test-server.ts';

/** The account page's calls (issue 19): the name and email, the name changed, every session ended. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET and PATCH /api/user/account', () => {
  it('answers the email and no name at first; a new name is kept (trimmed), an empty one clears it', async () => {
    const account = await registerAccount(server, 'named');
    expect(await account.call(contract.user.account)).toEqual({
      id: account.id,
      email: account.email,
      name: null,
    });
    const renamed = await account.call(contract.user.updateAccount, { body: { name: '  Ann Example  ' } });
    expect(renamed).toEqual({ id: account.id, email: account.email, name: 'Ann Example' });
    expect((await account.call(contract.user.account)).name).toBe('Ann Example');
    expect((await account.call(contract.user.updateAccount, { body: { name: '   ' } })).name).toBeNull();
  });

  it("changes only the caller's own name", async () => {
    const [ann, bob] = [await registerAccount(server, 'ann'), await registerAccount(server, 'bob')];
    await ann.call(contract.user.updateAccount, { body: { name: 'Ann' } });
    expect((await bob.call(contract.user.account)).name).toBeNull();
  });

  it.each([
    ['a name too long', { name: 'x'.repeat(101) }],
    ['a name of the wrong type', { name: 5 }],
    ['no name', {}],
  ])('refuses %s with 400 and writes nothing', async (label, json) => {
    const account = await registerAccount(server, 'bad');
    await expectRejected(server, label, () => account.api.patch('/api/user/account', { json }), 400);
  });

  it('answers 401 without a session', async () => {
    await expectRefused(server, 'anonymous', () => server.call(contract.user.account), 401);
  });
});

describe('POST /api/user/sessions/end', () => {
  it('ends every session: the browser cookie, another browser and the access token', async () => {
    const account = await registerAccount(server, 'everywhere');
    const [here, there] = [server.client(), server.client()];
    expect((await here.signIn(account.email, account.password)).error).toBeNull();
    expect((await there.signIn(account.email, account.password)).error).toBeNull();
    expect((await there.get('/api/user')).status).toBe(200);

    const ended = await here.post('/api/user/sessions/end');
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ok: true, signedOut: true });

    expect((await here.get('/api/user')).status).toBe(401);
    expect((await there.get('/api/user')).status).toBe(401);
    expect((await account.api.get('/api/user')).status).toBe(401);
    // The password still works: a new session starts.
    const again = server.client();
    expect((await again.signIn(account.email, account.password)).error).toBeNull();
    expect((await again.get('/api/user')).status).toBe(200);
  });
});
