import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  loadConfig,
  migrateToLatest,
  type RunningServer,
  startServer,
} from '@reachly/server';
import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import { contract, createApiClient } from '@reachly/shared/contract';
import type { Knex } from 'knex';
import { seedCards, seedCollection } from '../../e2e/support/seed-board.ts';
import { repoRoot } from './server-process.ts';

export interface BuiltDashboardServer {
  running: RunningServer;
  db: Knex;
  /** Stops the server, drops the database and removes the build. */
  close(): Promise<void>;
}

/**
 * A production build of the dashboard made for this run (with its .br and .gz copies), served by
 * the real server in this process on an in-memory embedded database: what the dashboard benches
 * and the README's screenshots measure and show.
 */
export async function startBuiltDashboardServer(label: string): Promise<BuiltDashboardServer> {
  const work = mkdtempSync(path.join(os.tmpdir(), `reachly-${label}-`));
  const dashboardDir = path.join(work, 'dashboard');
  execFileSync('npx', ['vite', 'build', '--outDir', dashboardDir, '--emptyOutDir'], {
    cwd: path.join(repoRoot, 'dashboard'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const db = createDatabase({ dataDir: null });
  await migrateToLatest(db);
  const running = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATA_DIR: path.join(work, 'data'),
      DASHBOARD_DIR: dashboardDir,
      AUTH_RATE_LIMIT: '100000',
    }),
    db,
  });
  return {
    running,
    db,
    async close() {
      await running.close();
      await db.destroy();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A new account whose collection "Bench" holds `cards` conversations spread over the ten columns
 * (500 make 50 a column: one full first page each).
 */
export async function seedBoardAccount(running: RunningServer, cards: number) {
  const email = `bench-board-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const { user } = await createApiClient({ baseUrl: running.url }).call(contract.auth.register, {
    body: { email, password },
  });
  const collectionId = await seedCollection(running.ctx.db, user.organizationId, 'Bench');
  await seedCards(
    running.ctx.db,
    user.organizationId,
    Array.from({ length: cards }, (_, i) => ({
      collectionId,
      status: CONVERSATION_STATUS_VALUES[i % CONVERSATION_STATUS_VALUES.length] ?? 'sent',
      name: `Lead ${i + 1}`,
      messages: [{ direction: 'in' as const, text: `Thanks for reaching out, this is message ${i + 1}.` }],
    })),
  );
  return { email, password, accessToken: user.accessToken, collectionId };
}
