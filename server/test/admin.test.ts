import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, parseByteAmount, UsageError } from '../src/admin/cli.ts';
import { isLoopback } from '../src/http/endpoints.ts';
import { HttpClient } from './helpers/http-client.ts';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.ts';
import {
  callAs,
  registerAccount,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './helpers/test-server.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: TestServer;
let admin: HttpClient;
/** The typed client with the admin token (raw `admin` stays for the bad bodies). */
let adminCall: ApiClient['call'];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
  adminCall = callAs(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

async function socketOf(account: { accessToken: string; organizationId: number }) {
  const { socket, error } = await connectSocket(server.url, {
    token: account.accessToken,
    organizationId: account.organizationId,
  });
  sockets.push(socket);
  expect(error).toBeUndefined();
  return socket;
}

/** `npm run admin -- ...args` against the test server. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      ADMIN_URL: server.url,
      ADMIN_TOKEN: server.config.ADMIN_TOKEN,
      DATA_DIR: server.config.DATA_DIR,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('admin API', () => {
  it('refuses a request without the admin token, changing nothing', async () => {
    const account = await registerAccount(server);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-admin-token': 'wrong' },
      { authorization: account.accessToken },
    ];
    for (const headers of attempts) {
      await expect(
        callAs(server.url, headers)(contract.admin.ban, { body: { email: account.email, banned: true } }),
      ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    // Not banned: the typed client refuses any status but 200.
    await account.call(contract.user.get);
  });

  it('accepts only loopback addresses', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '192.168.1.2', '::ffff:8.8.8.8', '', undefined].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('grants a licence and pushes LICENSE_UPDATE to the organisation', async () => {
    const account = await registerAccount(server);
    const socket = await socketOf(account);
    const push = nextEvent(socket, 'LICENSE_UPDATE');
    await adminCall(contract.admin.grantLicence, {
      body: { email: account.email, plan: 'pro', licenseTill: '2031-02-03T04:05:06.000Z' },
    });
    expect(await push).toEqual({ licenseTill: '2031-02-03T04:05:06.000Z' });
    const user = await account.call(contract.user.get);
    expect(user.license).toEqual({ plan: 'pro', isTrial: false, licenseTill: '2031-02-03T04:05:06.000Z' });
  });

  it('adds and sets traffic and pushes PROXY_TRAFFIC_UPDATE with what remains', async () => {
    const account = await registerAccount(server);
    await server.database
      .db('traffic_allowances')
      .where({ organization_id: account.organizationId })
      .update({ used_traffic: '100' });
    const socket = await socketOf(account);
    let push = nextEvent(socket, 'PROXY_TRAFFIC_UPDATE');
    await adminCall(contract.admin.grantTraffic, { body: { email: account.email, bytes: '1000' } });
    expect(await push).toEqual({ remainingTraffic: String(1073741824 + 1000 - 100) });
    push = nextEvent(socket, 'PROXY_TRAFFIC_UPDATE');
    await adminCall(contract.admin.grantTraffic, {
      body: { email: account.email, bytes: '50', mode: 'set' },
    });
    expect(await push).toEqual({ remainingTraffic: '-50' });
    expect(await account.call(contract.user.traffic)).toEqual({
      trafficLimit: '50',
      usedTraffic: '100',
      remainingTraffic: '-50',
    });
  });

  it("bans (closing the user's sockets in each of their organisations) and unbans", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server, 'admin-other-org');
    const { inviteToken } = await other.call(contract.team.get);
    await account.call(contract.team.join, { body: { organizationToken: inviteToken } });
    const open = [
      await socketOf(account),
      await socketOf({ ...account, organizationId: other.organizationId }),
    ];
    const closed = open.map((socket) => new Promise((resolve) => socket.once('disconnect', resolve)));
    await adminCall(contract.admin.ban, { body: { email: account.email, banned: true } });
    await Promise.all(closed);
    await expect(account.call(contract.user.get)).rejects.toMatchObject({ status: 403 });
    await adminCall(contract.admin.ban, { body: { email: account.email, banned: false } });
    await account.call(contract.user.get);
  });

  it('creates a user who can sign in, and sets the offered desktop version', async () => {
    const email = uniqueEmail('admin-made');
    await adminCall(contract.admin.createUser, { body: { email, password: 'password-9' } });
    expect((await server.client().signIn(email, 'password-9')).error).toBeNull();
    await adminCall(contract.admin.desktopVersion, { body: { version: '3.1.4' } });
    const account = await registerAccount(server);
    expect((await account.call(contract.user.get)).offeredDesktopVersion).toBe('3.1.4');
  });

  it('attaches ready profiles in one go and pushes PROFILES_ATTACHED once', async () => {
    const account = await registerAccount(server);
    const socket = await socketOf(account);
    const push = nextEvent(socket, 'PROFILES_ATTACHED');
    const res = await adminCall(contract.admin.attachProfiles, {
      body: {
        email: account.email,
        profiles: [
          {
            name: 'Given 1',
            loginStatus: 'logged-in',
            proxySource: 'REACHLY',
            proxyType: 'residential',
            HTTPProxyAddress: 'proxy.example.com:8000',
            proxyLogin: 'u1',
            proxyPassword: 'secret-1',
            proxyTimezone: 'Europe/Berlin',
          },
          { name: 'Given 2', loginStatus: 'logged-out' },
        ],
      },
    });
    expect(res.message).toBe(`${account.email}: attached 2 profiles (1 ready).`);
    expect(await push).toEqual({ count: 2 });
    const list = await account.call(contract.profiles.list, { query: {} });
    expect(list.total).toBe(2);
    expect(list.profiles.map((p) => [p.name, p.hasProxyPassword])).toEqual([
      ['Given 1', true],
      ['Given 2', false],
    ]);
    const user = await account.call(contract.user.get);
    expect(user.areProfilesGiven).toBe(true);
    await expect(
      adminCall(contract.admin.attachProfiles, {
        body: { email: account.email, profiles: [{ name: 'x', proxySource: 'MANUAL' }] },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await account.call(contract.profiles.list, { query: {} })).total).toBe(2);
  });

  it('answers 404 for an unknown email and 400 for bad bodies, changing nothing', async () => {
    await expect(
      adminCall(contract.admin.grantLicence, {
        body: { email: uniqueEmail('ghost'), plan: 'pro', licenseTill: '2031-01-01T00:00:00Z' },
      }),
    ).rejects.toMatchObject({ status: 404 });
    const account = await registerAccount(server);
    const { grantLicence, grantTraffic, desktopVersion, ban } = contract.admin;
    // Raw: some of these bodies are wrongly typed (a number of bytes, no banned flag).
    for (const [endpoint, body] of [
      [grantLicence, { email: account.email, plan: '', licenseTill: '2031-01-01T00:00:00Z' }],
      [grantLicence, { email: account.email, plan: 'pro', licenseTill: 'tomorrow' }],
      [grantTraffic, { email: account.email, bytes: '-5' }],
      [grantTraffic, { email: account.email, bytes: 12 }],
      // Past a PostgreSQL bigint, alone or added to the current limit (found by the fuzz: was a 500).
      [grantTraffic, { email: account.email, bytes: '9223372036854775808' }],
      [grantTraffic, { email: account.email, bytes: '9223372036854775807', mode: 'add' }],
      [desktopVersion, { version: 'latest' }],
      [ban, { email: account.email }],
    ] as const) {
      const res = await admin.post(urlOf(endpoint, {}), { json: body });
      expect(res.status, `${endpoint.path} ${JSON.stringify(body)}`).toBe(400);
    }
    const user = await account.call(contract.user.get);
    expect(user.license.plan).toBe('trial');
    expect(await account.call(contract.user.traffic)).toMatchObject({ trafficLimit: '1073741824' });
  });
});

describe('npm run admin', () => {
  it('parses byte amounts', () => {
    expect(parseByteAmount('10GB')).toBe(String(10 * 1073741824));
    expect(parseByteAmount('1.5GB')).toBe(String(1.5 * 1073741824));
    expect(parseByteAmount('512mb')).toBe(String(512 * 1048576));
    expect(parseByteAmount('1234')).toBe('1234');
    expect(() => parseByteAmount('ten')).toThrow(UsageError);
  });

  it('builds each command', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(buildRequest(['grant-licence', 'a@b.c', '--plan', 'pro', '--days', '30'], now)).toEqual({
      path: contract.admin.grantLicence.path,
      body: { email: 'a@b.c', plan: 'pro', licenseTill: '2026-01-31T00:00:00.000Z', isTrial: false },
    });
    expect(buildRequest(['grant-traffic', 'a@b.c', '2GB', '--set'])).toEqual({
      path: contract.admin.grantTraffic.path,
      body: { email: 'a@b.c', bytes: '2147483648', mode: 'set' },
    });
    expect(buildRequest(['unban', 'a@b.c']).body).toEqual({ email: 'a@b.c', banned: false });
    expect(() => buildRequest(['grant-licence', 'a@b.c', '--plan', 'pro'])).toThrow('needs --days or --till');
    expect(() => buildRequest(['launch'])).toThrow('Unknown command "launch"');
  });

  it('reset-link prints a fresh one-time reset link (the log gets no token)', async () => {
    const account = await registerAccount(server);
    expect(buildRequest(['reset-link', account.email])).toEqual({
      path: contract.admin.resetLink.path,
      body: { email: account.email },
    });
    const result = await runCli(['reset-link', account.email]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}\n$/);
  });

  it('grants a licence through the running server', async () => {
    const account = await registerAccount(server);
    const result = await runCli(['grant-licence', account.email, '--plan', 'agency', '--till', '2032-05-06']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${account.email}: agency licence until 2032-05-06T00:00:00.000Z.`);
    const user = await account.call(contract.user.get);
    expect(user.license.plan).toBe('agency');
  });

  it('says what is wrong: usage (exit 2), a refusal or no server (exit 1)', async () => {
    const usage = await runCli(['grant-traffic', 'a@b.c']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('grant-traffic takes 2 arguments.');
    const refused = await runCli(['ban', uniqueEmail('nobody')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Refused \(404\): No user /);
    const down = await runCli(['ban', 'a@b.c'], { ADMIN_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('No Reachly server answers at http://127.0.0.1:9');
  });
});
