import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
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

/** A real server listening on a free port of 127.0.0.1, on this project's test database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reachly-test-')),
    AUTH_RATE_LIMIT: '10000',
    ...env,
  });
  const running = await startServer({ config, db: database.db });
  return {
    url: running.url,
    database,
    running,
    config,
    client: () => new HttpClient(running.url),
    async close() {
      await running.close();
      await database.destroy();
    },
  };
}

let counter = 0;
/** An email no other test of the run uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}
