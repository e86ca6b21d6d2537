import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, contract, createApiClient } from '@reachly/shared/contract';
import { type Config, loadConfig } from '../../src/config.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server.ts';
import { HttpClient } from './http-client.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestServer {
  url: string;
  database: TestDatabase;
  running: RunningServer;
  config: Config;
  /** A new client with its own cookie jar. */
  client(): HttpClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Another server's database, so that two servers act as one deployment (closed by its owner). */
  database?: TestDatabase;
  redisKey?: string;
  /** The engine's clock, reply provider and randomness. */
  engine?: StartOptions['engine'];
  /** The server's logger (the security suite reads what it wrote). */
  logger?: StartOptions['logger'];
}

/** A real server listening on a free port of 127.0.0.1, on this project's test database. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reachly-test-')),
    AUTH_RATE_LIMIT: '10000',
    PUBLIC_RATE_LIMIT: '100000',
    ...env,
  });
  const running = await startServer({
    config,
    db: database.db,
    redisKey: options.redisKey,
    engine: options.engine,
    logger: options.logger,
  });
  return {
    url: running.url,
    database,
    running,
    config,
    client: () => new HttpClient(running.url),
    async close() {
      await running.close();
      if (!options.database) await database.destroy();
    },
  };
}

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  accessToken: string;
  organizationId: number;
  /** A client that sends this account's access token with every request. */
  api: HttpClient;
  /** The contract's typed client as this account (shared/src/contract): answers parsed, errors thrown as ApiError. */
  call: ApiClient['call'];
}

/** Signs up a new user (and so a new organisation) through POST /api/register. */
export async function registerAccount(server: TestServer, prefix = 'user'): Promise<TestAccount> {
  const email = uniqueEmail(prefix);
  const password = 'password-123';
  const { user } = await createApiClient({ baseUrl: server.url }).call(contract.auth.register, {
    body: { email, password },
  });
  const { id, accessToken, organizationId } = user;
  return {
    id,
    email,
    password,
    accessToken,
    organizationId,
    api: new HttpClient(server.url, { authorization: accessToken }),
    call: createApiClient({ baseUrl: server.url, headers: () => ({ authorization: accessToken }) }).call,
  };
}

/** Creates a collection through POST /api/collections and returns its id. */
export async function createCollection(account: TestAccount, name: string): Promise<number> {
  return (await account.call(contract.collections.create, { body: { name } })).id;
}

/** Row count of a table, optionally filtered (tests check that a rejected request wrote nothing). */
export async function countRows(
  server: TestServer,
  table: string,
  where: Record<string, unknown> = {},
): Promise<number> {
  const row = await server.database.db(table).where(where).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

let counter = 0;
/** An email no other test of the run uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}
