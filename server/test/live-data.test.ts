import { TAB_HEADER } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.ts';
import { seedCollection, seedConversation } from './helpers/seed-conversations.ts';
import { collect, connectSocket, nextEvent, type TestSocket } from './helpers/socket.ts';
import {
  callAs,
  inviteAccount,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * Issue 19, "not live between people": a person's change through the API is pushed to the
 * organisation's room as `data-changed` (the areas the contract names, and the tab it came from),
 * so every other open tab fetches it again; a refused call pushes nothing, another organisation
 * hears nothing.
 */
let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

async function socketOf(account: TestAccount): Promise<TestSocket> {
  const { socket, error } = await connectSocket(server.url, {
    token: account.accessToken,
    organizationId: account.organizationId,
  });
  expect(error).toBeUndefined();
  sockets.push(socket);
  return socket;
}

const TAB = 'tab-0f3c2a9e-live';

describe('data-changed pushes', () => {
  it("reach a colleague's tab with the areas changed and the tab they came from", async () => {
    const owner = await registerAccount(server, 'live-owner');
    const colleague = await inviteAccount(server, owner, 'live-colleague');
    const stranger = await registerAccount(server, 'live-stranger');
    const theirs = await socketOf(colleague);
    const strangers = collect(await socketOf(stranger), 'data-changed');

    const collectionId = await seedCollection(server, owner.organizationId, 'Live');
    const id = await seedConversation(server, owner.organizationId, { collectionId, order: 1000 });
    const fromTab = callAs(server.url, { authorization: owner.accessToken, [TAB_HEADER]: TAB });

    let pushed = nextEvent(theirs, 'data-changed');
    await fromTab(contract.conversations.move, {
      body: { id, fields: { order: 500, status: 'replied' } },
    });
    expect(await pushed).toEqual({ areas: ['board'], origin: TAB });

    // Without a tab id (a script, an API key) the push says so; a collection change names its areas.
    pushed = nextEvent(theirs, 'data-changed');
    await owner.call(contract.collections.create, { body: { name: 'Pushed' } });
    expect(await pushed).toEqual({ areas: ['collections'], origin: null });

    // A refused call pushes nothing: the next push the tab gets is the one after it.
    pushed = nextEvent(theirs, 'data-changed');
    const api = new HttpClient(server.url, { authorization: owner.accessToken });
    expect((await api.request('PATCH', '/api/conversations', { json: { id, fields: {} } })).status).toBe(400);
    expect((await api.request('POST', '/api/collections', { json: { name: '' } })).status).toBe(400);
    const otherId = await seedConversation(server, stranger.organizationId, {
      collectionId: await seedCollection(server, stranger.organizationId, 'Theirs'),
      order: 1,
    });
    const foreign = await api.request('PATCH', '/api/conversations', {
      json: { id: otherId, fields: { order: 2 } },
    });
    expect(foreign.status).toBe(404);
    await owner.call(contract.leads.create, {
      body: {
        collectionId,
        leads: [{ profileUrl: 'https://network.example/people/live-1', name: 'Live One' }],
      },
    });
    expect(await pushed).toEqual({ areas: ['leads', 'collections'], origin: null });

    // A reading call pushes nothing, and another organisation heard none of it.
    pushed = nextEvent(theirs, 'data-changed');
    await owner.call(contract.collections.list);
    await owner.call(contract.collections.rename, {
      params: { id: collectionId },
      body: { name: 'Renamed' },
    });
    expect(await pushed).toEqual({ areas: ['collections'], origin: null });
    expect(strangers).toEqual([]);
  });

  it('are sent for profiles, campaigns and the do-not-contact list too', async () => {
    const owner = await registerAccount(server, 'live-areas');
    const colleague = await inviteAccount(server, owner, 'live-areas-colleague');
    const theirs = await socketOf(colleague);
    const fromTab = callAs(server.url, { authorization: owner.accessToken, [TAB_HEADER]: TAB });

    let pushed = nextEvent(theirs, 'data-changed');
    const profile = await fromTab(contract.profiles.create, { body: { name: 'Live profile' } });
    expect(await pushed).toEqual({ areas: ['profiles'], origin: TAB });

    pushed = nextEvent(theirs, 'data-changed');
    const collectionId = await seedCollection(server, owner.organizationId, 'Live campaign leads');
    const campaign = await fromTab(contract.campaigns.create, {
      body: {
        name: 'Live campaign',
        collectionId,
        profileIds: [profile.id],
        steps: [{ type: 'friendRequest' }],
      },
    });
    expect(await pushed).toEqual({ areas: ['campaigns'], origin: TAB });

    pushed = nextEvent(theirs, 'data-changed');
    await fromTab(contract.campaigns.remove, { params: { id: campaign.id } });
    expect(await pushed).toEqual({ areas: ['campaigns'], origin: TAB });

    pushed = nextEvent(theirs, 'data-changed');
    await fromTab(contract.doNotContact.add, { body: { kind: 'keyword', value: 'live-keyword' } });
    expect(await pushed).toEqual({ areas: ['doNotContact'], origin: TAB });
  });

  it('carries no tab id that is not one (the header is checked, never echoed as sent)', async () => {
    const owner = await registerAccount(server, 'live-header');
    const mine = await socketOf(owner);
    const pushed = nextEvent(mine, 'data-changed');
    const odd = callAs(server.url, { authorization: owner.accessToken, [TAB_HEADER]: '<script>' });
    await odd(contract.collections.create, { body: { name: 'Odd tab' } });
    expect(await pushed).toEqual({ areas: ['collections'], origin: null });
  });
});
