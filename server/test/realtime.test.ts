import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, connectSocket, nextEvent, type TestSocket } from './helpers/socket.ts';
import { registerAccount, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

async function connected(url: string, options: Parameters<typeof connectSocket>[1]) {
  const { socket, error } = await connectSocket(url, options);
  sockets.push(socket);
  expect(error?.message).toBeUndefined();
  return socket;
}

describe('socket.io handshake', () => {
  it("joins the organisation's room with the access token and receives its pushes only", async () => {
    const a = await registerAccount(server);
    const b = await registerAccount(server);
    const socketA = await connected(server.url, { token: a.accessToken, organizationId: a.organizationId });
    const socketB = await connected(server.url, { token: b.accessToken, organizationId: b.organizationId });
    const seenByB = collect(socketB, 'LICENSE_UPDATE');
    const push = nextEvent(socketA, 'LICENSE_UPDATE');
    server.running.ctx.realtime.emit(a.organizationId, 'LICENSE_UPDATE', {
      licenseTill: '2030-01-01T00:00:00.000Z',
    });
    expect(await push).toEqual({ licenseTill: '2030-01-01T00:00:00.000Z' });
    // B's socket is open on the same server; a later push to B arriving proves A's push was not sent there.
    const pushB = nextEvent(socketB, 'PROXY_TRAFFIC_UPDATE');
    server.running.ctx.realtime.emit(b.organizationId, 'PROXY_TRAFFIC_UPDATE', { remainingTraffic: '5' });
    expect(await pushB).toEqual({ remainingTraffic: '5' });
    expect(seenByB).toEqual([]);
  });

  it('accepts the Auth.js session cookie instead of a token', async () => {
    const a = await registerAccount(server);
    const web = server.client();
    expect((await web.signIn(a.email, a.password)).error).toBeNull();
    const cookie = [...web.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = await connected(server.url, { cookie, organizationId: a.organizationId });
    expect(socket.connected).toBe(true);
  });

  const refusals: [
    string,
    (
      a: { accessToken: string; organizationId: number },
      other: number,
    ) => Parameters<typeof connectSocket>[1],
  ][] = [
    ['no token', (a) => ({ organizationId: a.organizationId })],
    [
      'a token that does not exist',
      (a) => ({ token: randomBytes(32).toString('hex'), organizationId: a.organizationId }),
    ],
    ["another organisation's id", (a, other) => ({ token: a.accessToken, organizationId: other })],
    ['no organizationId', (a) => ({ token: a.accessToken })],
    ['an organizationId that is not a number', (a) => ({ token: a.accessToken, organizationId: 'x' })],
  ];
  for (const [what, options] of refusals) {
    it(`refuses ${what}`, async () => {
      const a = await registerAccount(server);
      const other = await registerAccount(server);
      const { error } = await connectSocket(server.url, options(a, other.organizationId));
      expect(error).toBeDefined();
      expect(['UNAUTHORIZED', 'BAD_REQUEST']).toContain(error?.data?.code);
    });
  }

  it('refuses a banned user', async () => {
    const a = await registerAccount(server);
    await server.database.db('users').where({ id: a.id }).update({ is_banned: true });
    const { error } = await connectSocket(server.url, {
      token: a.accessToken,
      organizationId: a.organizationId,
    });
    expect(error?.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('client events', () => {
  it("relays the desktop agent's profile-handled and processed-finished to the organisation", async () => {
    const a = await registerAccount(server);
    const agent = await connected(server.url, { token: a.accessToken, organizationId: a.organizationId });
    const page = await connected(server.url, { token: a.accessToken, organizationId: a.organizationId });
    const handled = nextEvent(page, 'profile-handled');
    agent.emit('profile-handled', { profileId: 7 });
    expect(await handled).toEqual({ profileId: 7 });
    const finished = nextEvent(page, 'processed-finished');
    agent.emit('processed-finished', { handled: 3 });
    expect(await finished).toEqual({ handled: 3 });
  });

  it('answers ping with the server time', async () => {
    const a = await registerAccount(server);
    const socket = await connected(server.url, { token: a.accessToken, organizationId: a.organizationId });
    const time = await new Promise<string>((resolve) => socket.emit('ping', resolve));
    expect(Number.isNaN(Date.parse(time))).toBe(false);
  });
});

describe('several server processes through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('a push from one server reaches a client of the other', async () => {
    const redisKey = `reachly-test-${randomBytes(6).toString('hex')}`;
    const first = await startTestServer({ REDIS_URL: redisUrl }, { redisKey });
    const second = await startTestServer({ REDIS_URL: redisUrl }, { redisKey, database: first.database });
    try {
      const a = await registerAccount(first);
      const socket = await connected(second.url, { token: a.accessToken, organizationId: a.organizationId });
      const push = nextEvent(socket, 'PROFILES_ATTACHED');
      // The adapter's subscription may land just after connect: repeat until it arrives.
      const timer = setInterval(
        () => first.running.ctx.realtime.emit(a.organizationId, 'PROFILES_ATTACHED', { count: 2 }),
        100,
      );
      try {
        expect(await push).toEqual({ count: 2 });
      } finally {
        clearInterval(timer);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
