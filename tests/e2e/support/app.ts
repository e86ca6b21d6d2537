import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig, type RunningServer, type StartOptions, startServer } from '@reachly/server';
import { type ApiClient, contract, createApiClient } from '@reachly/shared/contract';
import type { User } from '@reachly/shared/schemas';
import { inject } from 'vitest';
import { openPgliteCopy } from '../../../server/test/helpers/test-database.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The dashboard's default build folder (`npm run build -w @reachly/dashboard`). */
export const dashboardDist = path.join(repoRoot, 'dashboard/dist');

export interface E2EApp {
  /** http://localhost:<port> */
  url: string;
  port: number;
  running: RunningServer;
  config: Config;
  /** RELEASES_DIR of this server: put installer fixtures here. */
  releasesDir: string;
  /** Stops the server abruptly (connections dropped) and starts a new one on the same database and port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server, serving the built dashboard, on an in-memory embedded database (PGlite: a copy
 * of the one the run's global setup migrated), with its own data and releases folders. One per
 * test file; tests isolate themselves by account.
 */
export async function startE2EApp(
  env: Record<string, string> = {},
  options: { engine?: StartOptions['engine']; logger?: StartOptions['logger'] } = {},
): Promise<E2EApp> {
  const work = mkdtempSync(path.join(tmpdir(), 'reachly-e2e-'));
  const releasesDir = path.join(work, 'releases');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    DATA_DIR: path.join(work, 'data'),
    RELEASES_DIR: releasesDir,
    DASHBOARD_DIR: inject('dashboardDir') ?? dashboardDist,
    AUTH_RATE_LIMIT: '100000',
    ...env,
  });
  const db = await openPgliteCopy();
  const running = await startServer({ config, db, engine: options.engine, logger: options.logger });
  const port = Number(new URL(running.url).port);
  const app: E2EApp = {
    url: running.url,
    port,
    running,
    config,
    releasesDir,
    async restart() {
      await app.running.close();
      app.running = await startServer({
        config: { ...config, PORT: port },
        db,
        engine: options.engine,
        logger: options.logger,
      });
    },
    async close() {
      await app.running.close();
      await db.destroy();
      rmSync(work, { recursive: true, force: true });
    },
  };
  return app;
}

export interface Account {
  email: string;
  password: string;
  user: User;
}

let counter = 0;
/**
 * Registers a new user through POST /api/register: with a new organisation, or with an invite
 * token as a member of that token's organisation.
 */
export async function registerAccount(
  app: E2EApp,
  prefix = 'e2e',
  organizationToken?: string,
): Promise<Account> {
  counter += 1;
  const email = `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
  const password = 'password-123';
  const { user } = await createApiClient({ baseUrl: app.url }).call(contract.auth.register, {
    body: { email, password, ...(organizationToken ? { organizationToken } : {}) },
  });
  return { email, password, user: user as User };
}

/**
 * The contract's typed client as the account (shared/src/contract): `callAs(app, account)(contract.
 * collections.create, {body})` answers the parsed, typed answer and throws ApiError on a non-2xx
 * answer. A test that sends what the client cannot (bad input, other headers) uses fetch itself.
 */
export function callAs(app: E2EApp, account: Account): ApiClient['call'] {
  return createApiClient({ baseUrl: app.url, headers: () => ({ authorization: account.user.accessToken }) })
    .call;
}

/**
 * The server's admin API as `npm run admin` calls it (loopback + X-Admin-Token), through the typed
 * client: `await callAsAdmin(app)(contract.admin.ban, { body: { email, banned: true } })`.
 */
export function callAsAdmin(app: E2EApp): ApiClient['call'] {
  return createApiClient({ baseUrl: app.url, headers: () => ({ 'x-admin-token': app.config.ADMIN_TOKEN }) })
    .call;
}
