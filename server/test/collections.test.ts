import { contract, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  countRows,
  createCollection,
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

interface LeadFlags {
  /** null: not known yet (the lead was never visited). */
  message?: boolean | null;
  skip?: boolean;
  excluded?: boolean;
  requestSent?: boolean;
  messageSent?: boolean;
}

/** Inserts leads straight into the table, one per flag set. */
async function insertLeads(
  account: TestAccount,
  collectionId: number,
  leads: LeadFlags[],
): Promise<number[]> {
  const rows = await server.database
    .db('leads')
    .insert(
      leads.map((flags, i) => ({
        organization_id: account.organizationId,
        collection_id: collectionId,
        profile_url: `https://sandbox.local/people/c${collectionId}-${i}`,
        name: `Person ${i}`,
        has_message_button: flags.message === undefined ? false : flags.message,
        should_skip: flags.skip ?? false,
        is_excluded: flags.excluded ?? false,
        friend_request_sent_at: flags.requestSent ? new Date() : null,
        message_sent_at: flags.messageSent ? new Date() : null,
      })),
    )
    .returning('id');
  return rows.map((r: { id: number }) => r.id);
}

/** A raw answer (a body the typed client cannot send) is the API's error with this status and code. */
function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(apiErrorSchema.parse(res.body).error.code).toBe(code);
}

describe('GET /api/collections', () => {
  it('counts a lead whose Message button is not known yet as one to message (found out on its visit)', async () => {
    const account = await registerAccount(server);
    const florists = await createCollection(account, 'Florists');
    await insertLeads(account, florists, [{ message: true }, { message: false }, { message: null }]);
    expect(await account.call(contract.collections.list)).toEqual([
      expect.objectContaining({ id: florists, profiles: 3, hasMessageButton: 2 }),
    ]);
  });

  it('answers an empty list for a new organisation', async () => {
    const account = await registerAccount(server);
    expect(await account.call(contract.collections.list)).toEqual([]);
  });

  it('counts every number from the leads, per collection, oldest collection first', async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const dentists = await createCollection(account, 'Dentists');
    const bakers = await createCollection(account, 'Bakers');
    const empty = await createCollection(account, 'Empty');
    await insertLeads(account, dentists, [
      { message: true, requestSent: true, messageSent: true },
      { message: true, requestSent: true },
      { message: true, skip: true },
      { requestSent: true, excluded: true },
      { skip: true, messageSent: true },
      {},
    ]);
    await insertLeads(account, bakers, [{ message: true }, { requestSent: true }]);
    // Another organisation's leads count for nobody here.
    const foreign = await createCollection(other, 'Dentists');
    await insertLeads(other, foreign, [{ message: true, skip: true, requestSent: true, messageSent: true }]);

    expect(await account.call(contract.collections.list)).toEqual([
      {
        id: dentists,
        name: 'Dentists',
        profiles: 6,
        hasMessageButton: 3,
        sentFriendRequests: 3,
        sentMessages: 2,
        shouldSkip: 2,
      },
      {
        id: bakers,
        name: 'Bakers',
        profiles: 2,
        hasMessageButton: 1,
        sentFriendRequests: 1,
        sentMessages: 0,
        shouldSkip: 0,
      },
      {
        id: empty,
        name: 'Empty',
        profiles: 0,
        hasMessageButton: 0,
        sentFriendRequests: 0,
        sentMessages: 0,
        shouldSkip: 0,
      },
    ]);
    const theirs = await other.call(contract.collections.list);
    expect(theirs).toEqual([
      {
        id: foreign,
        name: 'Dentists',
        profiles: 1,
        hasMessageButton: 1,
        sentFriendRequests: 1,
        sentMessages: 1,
        shouldSkip: 1,
      },
    ]);
  });

  it('answers 401 without a session or token', async () => {
    const unauthorized = { status: 401, code: 'UNAUTHORIZED' };
    await expect(server.call(contract.collections.list)).rejects.toMatchObject(unauthorized);
    await expect(
      callAs(server.url, { authorization: 'nope' })(contract.collections.list),
    ).rejects.toMatchObject(unauthorized);
  });
});

describe('POST /api/collections', () => {
  it('creates a collection and answers it with its id and zero counts', async () => {
    const account = await registerAccount(server);
    // The typed client parses the answer with the shared schema and refuses any status but 201.
    const created = await account.call(contract.collections.create, { body: { name: '  Dentists  ' } });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Dentists',
      profiles: 0,
      hasMessageButton: 0,
      sentFriendRequests: 0,
      sentMessages: 0,
      shouldSkip: 0,
    });
    const row = await server.database.db('collections').where({ id: created.id }).first();
    expect(row).toMatchObject({ organization_id: account.organizationId, name: 'Dentists' });
    const list = await account.call(contract.collections.list);
    expect(list).toEqual([created]);
  });

  it('refuses an empty, missing, long or mistyped name with 400 and writes nothing', async () => {
    const account = await registerAccount(server);
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      await expect(account.call(contract.collections.create, { body: { name } })).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    // Missing or mistyped names, a body that is not an object, broken JSON and plain text: raw.
    const url = urlOf(contract.collections.create, {});
    for (const json of [{}, { name: 5 }, [], null]) {
      expectError(await account.api.post(url, { json }), 400, 'BAD_REQUEST');
    }
    await expect(account.call(contract.collections.create, { body: { name: ' ' } })).rejects.toMatchObject({
      message: 'Collection name must not be empty',
    });
    expectError(
      await account.api.post(url, {
        raw: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await account.api.post(url, {
        raw: 'name=x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(await countRows(server, 'collections', { organization_id: account.organizationId })).toBe(0);
  });

  it('answers 409 to a name the organisation already uses, and allows it in another organisation', async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    await createCollection(account, 'Dentists');
    await expect(
      account.call(contract.collections.create, { body: { name: ' Dentists ' } }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'A collection named "Dentists" already exists.',
    });
    expect(await countRows(server, 'collections', { organization_id: account.organizationId })).toBe(1);
    await createCollection(other, 'Dentists');
  });

  it('answers 401 without a token and writes nothing', async () => {
    const before = await countRows(server, 'collections');
    await expect(server.call(contract.collections.create, { body: { name: 'X' } })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(await countRows(server, 'collections')).toBe(before);
  });
});

describe('PATCH /api/collections/:id', () => {
  it('renames and answers the collection with its counts', async () => {
    const account = await registerAccount(server);
    const id = await createCollection(account, 'Dentists');
    await insertLeads(account, id, [{ message: true }, { skip: true }]);
    const renamed = await account.call(contract.collections.rename, {
      params: { id },
      body: { name: 'Orthodontists' },
    });
    expect(renamed).toEqual({
      id,
      name: 'Orthodontists',
      profiles: 2,
      hasMessageButton: 1,
      sentFriendRequests: 0,
      sentMessages: 0,
      shouldSkip: 1,
    });
    expect((await server.database.db('collections').where({ id }).first()).name).toBe('Orthodontists');
    // Renaming to its own name is fine.
    await account.call(contract.collections.rename, { params: { id }, body: { name: 'Orthodontists' } });
  });

  it('answers 409 to the name of another collection, 400 to a bad name or id, and changes nothing', async () => {
    const account = await registerAccount(server);
    const id = await createCollection(account, 'Dentists');
    await createCollection(account, 'Bakers');
    const rename = (params: { id: number | string }, name: string) =>
      account.call(contract.collections.rename, { params, body: { name } });
    await expect(rename({ id }, 'Bakers')).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    const badRequest = { status: 400, code: 'BAD_REQUEST' };
    await expect(rename({ id }, '')).rejects.toMatchObject(badRequest);
    // A body without the name: raw.
    expectError(
      await account.api.patch(urlOf(contract.collections.rename, { params: { id } }), { json: {} }),
      400,
      'BAD_REQUEST',
    );
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      await expect(rename({ id: bad }, 'New'), bad).rejects.toMatchObject(badRequest);
    }
    await expect(rename({ id: 2147483000 }, 'New')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const names = await server.database
      .db('collections')
      .where({ organization_id: account.organizationId })
      .orderBy('id')
      .pluck('name');
    expect(names).toEqual(['Dentists', 'Bakers']);
  });

  it("answers 404 to another organisation's collection and leaves it alone", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    await expect(
      account.call(contract.collections.rename, { params: { id: theirs }, body: { name: 'Mine now' } }),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: `Collection ${theirs} not found.` });
    expect((await server.database.db('collections').where({ id: theirs }).first()).name).toBe('Theirs');
    await expect(
      server.call(contract.collections.rename, { params: { id: theirs }, body: { name: 'X' } }),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('DELETE /api/collections/:id', () => {
  it('deletes the collection with its leads and their conversations, nothing else', async () => {
    const account = await registerAccount(server);
    const doomed = await createCollection(account, 'Doomed');
    const kept = await createCollection(account, 'Kept');
    const [doomedLead] = await insertLeads(account, doomed, [{}, { message: true }]);
    const [keptLead] = await insertLeads(account, kept, [{}]);
    await server.database.db('conversations').insert([
      { organization_id: account.organizationId, lead_id: doomedLead, collection_id: doomed, order: 1000 },
      { organization_id: account.organizationId, lead_id: keptLead, collection_id: kept, order: 1000 },
    ]);

    expect(await account.call(contract.collections.remove, { params: { id: doomed } })).toEqual({
      id: doomed,
    });
    expect(await countRows(server, 'collections', { id: doomed })).toBe(0);
    expect(await countRows(server, 'leads', { collection_id: doomed })).toBe(0);
    expect(await countRows(server, 'conversations', { collection_id: doomed })).toBe(0);
    expect(await countRows(server, 'leads', { collection_id: kept })).toBe(1);
    expect(await countRows(server, 'conversations', { collection_id: kept })).toBe(1);
    const list = await account.call(contract.collections.list);
    expect(list.map((c) => c.id)).toEqual([kept]);
    // Deleting it again: it is gone.
    await expect(account.call(contract.collections.remove, { params: { id: doomed } })).rejects.toMatchObject(
      {
        status: 404,
        code: 'NOT_FOUND',
      },
    );
  });

  it("answers 404 to another organisation's collection and deletes nothing; 400 to a bad id; 401 without a token", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const theirs = await createCollection(other, 'Theirs');
    await insertLeads(other, theirs, [{}, {}]);
    const remove = contract.collections.remove;
    await expect(account.call(remove, { params: { id: theirs } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(account.call(remove, { params: { id: 'all' } })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    await expect(server.call(remove, { params: { id: theirs } })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(await countRows(server, 'collections', { id: theirs })).toBe(1);
    expect(await countRows(server, 'leads', { collection_id: theirs })).toBe(2);
  });
});
