import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ERROR_CODES } from '@reachly/shared/constants';
import {
  type ApiClient,
  ApiError,
  contract,
  createApiClient,
  type EndpointSpec,
} from '@reachly/shared/contract';
import { apiErrorSchema } from '@reachly/shared/schemas';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Config, loadConfig } from '../../src/config.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server.ts';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { writeSignature } from './write-signature.ts';

export interface TestServer {
  url: string;
  database: TestDatabase;
  running: RunningServer;
  config: Config;
  /** A new client with its own cookie jar. */
  client(): HttpClient;
  /** The contract's typed client with no token (the public routes, sign-up). */
  call: ApiClient['call'];
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
    call: callAs(running.url),
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
  /** Raw HTTP with this account's token, for what the typed client cannot send or read (see HttpClient). */
  api: HttpClient;
  /** The contract's typed client as this account (shared/src/contract): answers parsed, errors thrown as ApiError. */
  call: ApiClient['call'];
}

/**
 * Signs up a new user through POST /api/register: with a new organisation, or with an invite
 * token as a member of that token's organisation.
 */
export async function registerAccount(
  server: TestServer,
  prefix = 'user',
  organizationToken?: string,
): Promise<TestAccount> {
  const email = uniqueEmail(prefix);
  const password = 'password-123';
  const { user } = await server.call(contract.auth.register, {
    body: { email, password, ...(organizationToken ? { organizationToken } : {}) },
  });
  const { id, accessToken, organizationId } = user;
  return {
    id,
    email,
    password,
    accessToken,
    organizationId,
    api: new HttpClient(server.url, { authorization: accessToken }),
    call: callAs(server.url, { authorization: accessToken }),
  };
}

/** The contract's typed client on a server, sending these headers (a token, or none) with every call. */
export function callAs(url: string, headers: Record<string, string> = {}): ApiClient['call'] {
  return createApiClient({ baseUrl: url, headers: () => headers }).call;
}

/**
 * The ApiError a typed call was refused with (for a test that reads it whole), checked to carry
 * the API's error body (one of its codes); fails when the call succeeded.
 */
export async function apiErrorOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(API_ERROR_CODES, `${error.status} ${error.message}`).toContain(error.code);
    return error;
  }
  throw new Error('The call succeeded; an ApiError was expected');
}

/** Asserts the typed call is refused with `status` and the API's error body, and that it wrote nothing. */
export async function expectRefused(
  server: TestServer,
  label: string,
  call: () => Promise<unknown>,
  status: number,
): Promise<ApiError> {
  const before = await writeSignature(server.database.db);
  const error = await apiErrorOf(call());
  expect(error.status, `${label}: ${error.message}`).toBe(status);
  expect(await writeSignature(server.database.db), `${label} wrote`).toBe(before);
  return error;
}

/**
 * The same for a raw request: a body the typed client cannot send (wrongly typed, not JSON), or an
 * answer whose text the test reads. Answers the raw answer.
 */
export async function expectRejected(
  server: TestServer,
  label: string,
  request: () => Promise<HttpResponse>,
  status: number,
): Promise<HttpResponse> {
  const before = await writeSignature(server.database.db);
  const res = await request();
  expect(res.status, `${label} ${res.text}`).toBe(status);
  expect(apiErrorSchema.safeParse(res.body).success, res.text).toBe(true);
  expect(await writeSignature(server.database.db), `${label} wrote`).toBe(before);
  return res;
}

/**
 * The endpoint with its answer parsed strictly: a field the contract does not name fails the call
 * (BAD_ANSWER) instead of being dropped, for a test that checks the answer holds nothing more.
 */
export function strict<E extends EndpointSpec & { response: z.ZodObject }>(endpoint: E): E {
  return { ...endpoint, response: endpoint.response.strict() } as E;
}

/**
 * The status a typed call ended with: the contract's success status when it succeeded (the client
 * refuses any other), else the ApiError's (for a test that compares the statuses of several calls).
 */
export async function statusOf(endpoint: EndpointSpec, call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return endpoint.status ?? 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** Signs up a new member of the owner's organisation through its invite link. */
export async function inviteAccount(server: TestServer, owner: TestAccount, prefix = 'member') {
  const { inviteToken } = await owner.call(contract.team.get);
  return registerAccount(server, prefix, inviteToken);
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
