import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, createApiClient, urlOf } from '@reachly/shared/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../src/config.ts';
import { HttpClient } from './helpers/http-client.ts';
import { killMainProcesses, startMain } from './helpers/main-process.ts';
import { openTestDatabase, testDbKind } from './helpers/test-database.ts';

afterAll(killMainProcesses);

describe('configuration', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRIAL_DAYS: 7,
      AUTH_RATE_LIMIT: 30,
    });
    expect(env.TRIAL_TRAFFIC_BYTES).toBe(1073741824n);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'Invalid environment variable PORT: expected a number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid environment variable PORT: expected at most 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// connection URL (got "mysql://x")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid environment variable LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { AUTH_SECRET: 'short' },
      'Invalid environment variable AUTH_SECRET: expected at least 32 (got "short")',
    ],
  ];
  for (const [env, message] of bad) {
    it(`rejects ${Object.keys(env)[0]}=${Object.values(env)[0]} with one line naming it`, () => {
      expect(() => parseEnv(env)).toThrow(ConfigError);
      expect(() => parseEnv(env)).toThrow(message);
    });
  }

  it('generates AUTH_SECRET once into the data folder and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reachly-cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.AUTH_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it('stops start-up with exit code 1 and one line when a value is bad', async () => {
    const { ready } = startMain({
      PORT: 'not-a-port',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reachly-bad-')),
    });
    const result = await ready;
    expect(result.code).toBe(1);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual(['Invalid environment variable PORT: expected a number (got "not-a-port")']);
  });
});

describe.runIf(testDbKind() === 'pglite')('npm start on the embedded database', () => {
  it('creates a demo account on first start, prints its password once, and it signs in', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reachly-start-'));
    const first = startMain({ DATA_DIR: dataDir });
    const out = await first.ready;
    expect(out.stdout).toContain(`on the embedded database in ${dataDir}`);
    const password = out.stdout.match(/password:\s+(\S+)/)?.[1];
    expect(password).toBeTruthy();
    const client = new HttpClient(out.url as string);
    const signIn = await client.signIn('demo@reachly.local', password as string);
    expect(signIn.error).toBeNull();
    // By the session cookie the sign-in set: a raw request (the typed client sends no cookie).
    const user = await client.get<{ email: string }>(urlOf(contract.user.get, {}));
    expect(user.body.email).toBe('demo@reachly.local');
    await first.stop();

    const second = startMain({ DATA_DIR: dataDir });
    const again = await second.ready;
    expect(again.stdout).not.toMatch(/password:/);
    expect(again.stdout).toContain('demo@reachly.local');
    const client2 = new HttpClient(again.url as string);
    expect((await client2.signIn('demo@reachly.local', password as string)).error).toBeNull();
    await second.stop();
    // Two cold starts of the embedded cluster and two password hashes: ~15 s alone, twice that
    // beside the browser tests on two cores.
  }, 180_000);
});

describe.runIf(testDbKind() === 'postgres')('npm start on PostgreSQL', () => {
  it('never creates a demo account when DATABASE_URL is set', async () => {
    const database = await openTestDatabase();
    try {
      const run = startMain({
        DATABASE_URL: database.url as string,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'r-')),
      });
      const out = await run.ready;
      expect(out.stdout).toContain('on PostgreSQL');
      expect(out.stdout).not.toMatch(/password:|demo account was created/);
      expect(await database.db('users').where({ email: 'demo@reachly.local' }).first()).toBeUndefined();
      const anonymous = createApiClient({ baseUrl: out.url as string });
      expect(await anonymous.call(contract.user.prerender)).toEqual({ user: null });
      await run.stop();
    } finally {
      await database.destroy();
    }
  });
});
