import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, urlOf } from '@reachly/shared/contract';
import { DEFAULT_FACEBOOK_LOCATORS } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_PER_HOUR } from '../src/services/locators-service.ts';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.ts';
import {
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: TestServer;
let a: TestAccount;
let b: TestAccount;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [a, b] = await Promise.all([registerAccount(server, 'loc-a'), registerAccount(server, 'loc-b')]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

function publish(table: unknown): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'locators-')), 'table.json');
  writeFileSync(file, typeof table === 'string' ? table : JSON.stringify(table));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', 'publish-locators', file], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      ADMIN_URL: server.url,
      ADMIN_TOKEN: server.config.ADMIN_TOKEN,
      DATA_DIR: server.config.DATA_DIR,
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
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const signature = (profileId: number, locator = 'buttons.joinGroup') => ({
  profileId,
  network: 'facebook' as const,
  locator,
  tableVersion: 1,
  lang: 'en',
  urlPattern: '/groups/<id>',
  roles: { main: 1, button: 3 },
  buttons: ['Join community', 'Invite'],
  dialogs: [],
});

describe('locator tables', () => {
  it('serves the built-in table to executors until one is published; publishing replaces it and tells every socket', async () => {
    await expect(server.call(contract.locators.current)).rejects.toMatchObject({ status: 401 });
    const first = await a.call(contract.locators.current, { query: { network: 'facebook' } });
    expect(first).toEqual(DEFAULT_FACEBOOK_LOCATORS);

    // A bad file: a clear error, nothing sent, the table unchanged.
    const bad = await publish({
      ...DEFAULT_FACEBOOK_LOCATORS,
      version: 2,
      languages: { en: { buttons: {} } },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not a valid locator table; nothing was changed');
    expect(bad.stderr).toContain('languages.en.buttons.addFriend');
    expect((await publish('{not json')).stderr).toContain('Cannot read a locator table');
    expect((await a.call(contract.locators.current)).version).toBe(1);

    const { socket } = await connectSocket(server.url, {
      token: b.accessToken,
      organizationId: b.organizationId,
    });
    sockets.push(socket);
    const push = nextEvent(socket, 'locators-updated');
    const fixed = structuredClone(DEFAULT_FACEBOOK_LOCATORS);
    fixed.version = 2;
    fixed.languages.en?.buttons.joinGroup.push('Join community');
    const ok = await publish(fixed);
    expect(ok.stdout).toContain('version 2');
    expect(ok.code).toBe(0);
    expect(await push).toEqual({ network: 'facebook', version: 2 });
    expect(await b.call(contract.locators.current)).toEqual(fixed);

    // Never backwards: the same or a lower version is refused.
    const again = await publish(fixed);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('must be higher than 2');
  });
});

describe('diagnostics', () => {
  it('stores redacted signatures per organisation, lists them by locator and count, and limits each profile', async () => {
    const { id } = await a.call(contract.profiles.create, { body: { name: 'Diagnostics' } });
    await expect(
      a.call(contract.locators.report, { body: { ...signature(id), urlPattern: '' } }),
    ).rejects.toMatchObject({ status: 400 });
    // Roles that are not a map: raw.
    const res = await a.api.post(urlOf(contract.locators.report, {}), {
      json: { ...signature(id), roles: 'x' },
    });
    expect(res.status).toBe(400);
    // A table version past the integer column (the fuzz found a 500 for 2^31): refused, not stored.
    await expect(
      a.call(contract.locators.report, { body: { ...signature(id), tableVersion: 2 ** 31 } }),
    ).rejects.toMatchObject({ status: 400 });
    // Another organisation's profile is not found.
    await expect(b.call(contract.locators.report, { body: signature(id) })).rejects.toMatchObject({
      status: 404,
    });

    await a.call(contract.locators.report, { body: signature(id) });
    await a.call(contract.locators.report, { body: signature(id) });
    await a.call(contract.locators.report, { body: signature(id, 'buttons.like') });
    const list = await a.call(contract.locators.diagnostics);
    expect(list.groups.map((g) => [g.locator, g.count, g.profiles])).toEqual([
      ['buttons.joinGroup', 2, 1],
      ['buttons.like', 1, 1],
    ]);
    expect(list.groups[0]?.buttons).toEqual(['Join community', 'Invite']);
    expect((await b.call(contract.locators.diagnostics)).groups).toEqual([]);

    for (let i = 3; i < DIAGNOSTICS_PER_HOUR; i += 1)
      await a.call(contract.locators.report, { body: signature(id) });
    await expect(a.call(contract.locators.report, { body: signature(id) })).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
