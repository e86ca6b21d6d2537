import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { type AppContext, type ContextOptions, createContext } from './context.ts';
import { startHousekeeping } from './db/housekeeping.ts';
import { createDatabase, migrateToLatest } from './db/knex.ts';
import { startDemoSweeper } from './demo/index.ts';
import { createLogger } from './http/logger.ts';

export interface RunningServer {
  url: string;
  server: Server;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  /** A database to use instead of the one the config names (tests pass their own). */
  db?: Knex;
  logger?: Logger;
  /** Redis channel prefix of the socket.io adapter (tests isolate themselves with it). */
  redisKey?: string;
  /** The engine's clock, reply provider and randomness (tests control them). */
  engine?: Pick<ContextOptions, 'clock' | 'replyProvider' | 'random'>;
}

/** Opens and migrates the database, builds the app and listens: what `npm start` and tests run. */
export async function startServer({
  config,
  db: given,
  logger: givenLogger,
  redisKey,
  engine,
}: StartOptions): Promise<RunningServer> {
  const logger = givenLogger ?? createLogger(config.LOG_LEVEL);
  const db = given ?? createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const ctx = createContext({ config, db, logger, ...engine });
  ctx.users.identities.onError = (error) => logger.warn({ err: error }, 'auth cache: change channel lost');
  await ctx.users.identities.start();
  const server = createServer(createApp(ctx));
  ctx.realtime.attach(server);
  startDemoSweeper(ctx, server);
  ctx.webhooks.worker.start();
  const housekeeping = startHousekeeping(db, { intervalMs: config.HOUSEKEEPING_INTERVAL_MS, logger });
  // Loaded only when several servers share their rooms: the Redis client holds about 10 MB of heap.
  const redis = config.REDIS_URL
    ? await (await import('./realtime/redis-adapter.ts')).attachRedisAdapter(
        ctx.realtime,
        config.REDIS_URL,
        redisKey,
      )
    : null;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    server,
    ctx,
    async close() {
      await ctx.webhooks.worker.stop();
      await housekeeping.stop();
      server.closeAllConnections();
      // Closes the sockets and the HTTP server it is attached to.
      await ctx.realtime.close();
      await redis?.close();
      await ctx.users.identities.close();
      if (!given) await db.destroy();
    },
  };
}
