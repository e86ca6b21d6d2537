import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SOCKET_PATH, SOCKET_TRANSPORTS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { CampaignLog } from '@reachly/shared/schemas';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Api } from './lib/api.ts';
import { type BenchRow, percentile } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { seedLeads, seedMembers } from './lib/seed.ts';
import { npmStartFlags, type ServerProcess, startReachly } from './lib/server-process.ts';

/**
 * Realtime fan-out (`BENCH_ONLY=realtime`): signed-in sockets of one organisation, connected as the
 * dashboard connects them (dashboard/src/realtime/socket.ts: path, transports, organizationId in
 * the query, the token in auth), each a member with its own token, receive the campaign log push
 * of an executor's done report (POST /api/executor/tasks/:id/outcome writes the log row and the
 * server pushes campaign-log-created to the organisation's room once it has committed). A push's
 * delivery time on a socket runs from the server's trigger (the log's createdAt, the clock read
 * when the server starts on the report, before its database statement) to the moment that
 * socket's listener has the log (Date.now(); same machine, same clock, 1 ms resolution); the time
 * from the moment the report's request is sent is given beside it. Pushes go one at a time, the
 * next once every socket has the last (or after PUSH_WAIT_MS). Servers run as `npm start` runs them (its Node flags), on a fresh
 * PostgreSQL database; the sockets live in this process, on the same cores as the servers.
 * Rows: 1,000 sockets on one server (delivery p99 ≤ 100 ms on loopback); 5,000 sockets spread
 * over two server processes joined by the Redis adapter (REDIS_URL, default redis://127.0.0.1:6379),
 * the reports sent to the first: the share of sockets that received every push, and the p99.
 * Node raises its own open-file limit to the hard limit (`ulimit -Hn`), which must exceed the socket
 * count (each socket is one descriptor here and one in a server).
 */

export interface RealtimeBenchContext {
  adminUrl: string;
  n: (count: number) => number;
  log: (text: string) => void;
}

/** Pushes before the measured ones (connections, JIT and the claim's plans warm up). */
const WARMUP_PUSHES = 5;
/** How long a push may take to reach every socket before the next is sent anyway. */
const PUSH_WAIT_MS = 10_000;
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 100;

interface FanOut {
  clients: number;
  pushes: number;
  /** Delivery times of every measured push on every socket that got it, from the server's trigger, ms. */
  latencies: number[];
  /** The same, from the moment the report's request was sent, ms. */
  fromRequest: number[];
  /** Sockets that received every measured push. */
  complete: number;
  /** The done report's own request (until its answer), ms, per measured push. */
  reportMs: number[];
}

export async function realtimeBenches({ adminUrl, n, log }: RealtimeBenchContext): Promise<BenchRow[]> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-realtime-'));
  const p99 = (f: FanOut) => percentile(f.latencies, 0.99);
  const detail = (f: FanOut) =>
    `${f.pushes} pushes × ${f.clients.toLocaleString('en')} sockets, from the server's trigger: p50 ${percentile(f.latencies, 0.5).toFixed(0)} ms, p99 ${p99(f).toFixed(0)} ms, max ${Math.max(0, ...f.latencies).toFixed(0)} ms; from the report's request: p50 ${percentile(f.fromRequest, 0.5).toFixed(0)} ms, p99 ${percentile(f.fromRequest, 0.99).toFixed(0)} ms (the request's own answer: median ${percentile(f.reportMs, 0.5).toFixed(0)} ms); ${f.complete.toLocaleString('en')} of ${f.clients.toLocaleString('en')} sockets got every push`;
  /** A part that failed is a row that says so (the other part's rows still count). */
  const failed = (measure: string, error: unknown): BenchRow[] => [
    {
      measure,
      value: 'failed',
      goal: '-',
      met: false,
      detail: String(error).slice(0, 600).replace(/\s+/g, ' '),
    },
  ];
  try {
    const single = n(1000);
    const oneRows = await withScratchDatabase(adminUrl, 'reachly_bench_rt1', (databaseUrl, db) =>
      onServers(databaseUrl, work, 1, {}, (servers) => {
        log(`realtime: ${single} sockets on one server`);
        return fanOut(servers, db, single, n(100), log);
      }),
    ).then(
      (one): BenchRow[] => [
        {
          measure: `Campaign log push (an executor's done report) to ${one.clients.toLocaleString('en')} sockets of one organisation, one server: delivery p99`,
          value: `${p99(one).toFixed(0)} ms`,
          goal: '≤ 100 ms',
          met: p99(one) <= 100 && one.complete === one.clients,
          detail: detail(one),
        },
      ],
      (error: unknown) => failed(`Campaign log push to ${single} sockets of one organisation`, error),
    );
    const spread = n(5000);
    const twoRows = await withScratchDatabase(adminUrl, 'reachly_bench_rt2', (databaseUrl, db) =>
      onServers(databaseUrl, work, 2, { REDIS_URL: redisUrl }, (servers) => {
        log(`realtime: ${spread} sockets over two servers joined by Redis`);
        return fanOut(servers, db, spread, n(50), log);
      }),
    ).then(
      (two): BenchRow[] => [
        {
          measure: `The same push to ${two.clients.toLocaleString('en')} sockets over two server processes joined by the Redis adapter: share of sockets that received every push`,
          value: `${((100 * two.complete) / two.clients).toFixed(1)} %`,
          goal: '100 %',
          met: two.complete === two.clients,
          detail: detail(two),
        },
        {
          measure: `The same ${two.clients.toLocaleString('en')} sockets over two processes: delivery p99`,
          value: `${p99(two).toFixed(0)} ms`,
          goal: '(none set)',
          met: null,
          detail: `half the sockets on the server that takes the reports, half on the other (the push reaches it through Redis)`,
        },
      ],
      (error: unknown) =>
        failed(`The same push to ${spread} sockets over two servers joined by Redis`, error),
    );
    return [...oneRows, ...twoRows];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `count` servers on one database, started as `npm start` starts them, stopped after `work`. */
async function onServers<T>(
  databaseUrl: string,
  work: string,
  count: number,
  env: Record<string, string>,
  run: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const servers: Awaited<ReturnType<typeof startReachly>>[] = [];
  try {
    // One after the other: the first migrates the database.
    for (let i = 0; i < count; i += 1) {
      servers.push(
        await startReachly(databaseUrl, path.join(work, `data-${i}`), { env, nodeFlags: npmStartFlags() }),
      );
    }
    return await run(servers);
  } catch (error) {
    // What the servers said last (a crash, a refused connection) goes with the error.
    const said = servers.map((s, i) => `server ${i}: ${s.output().slice(-300)}`).join(' | ');
    throw new Error(
      `${String(error)}${error instanceof Error && error.cause ? ` (${String(error.cause)})` : ''}; ${said}`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * An organisation with a running friend-request campaign of one profile (its gap between actions
 * set to 0 in the database, as the engine bench does: the API accepts at least 1 s) and `clients`
 * members, each connected on servers[i % servers.length]; then `pushes` done reports to servers[0].
 */
async function fanOut(
  servers: ServerProcess[],
  db: pg.Client,
  clients: number,
  pushes: number,
  log: (text: string) => void,
): Promise<FanOut> {
  const first = servers[0] as ServerProcess;
  const { api, organizationId } = await new Api(first.url).register(`bench-realtime-${clients}@example.com`);
  const collectionId = await seedLeads(db, organizationId, 'realtime', WARMUP_PUSHES + pushes + 10);
  const { rows } = await db.query<{ id: number }>(
    `insert into profiles (organization_id, name, warmup_started_at)
     values ($1, 'Realtime executor', now() - interval '30 days') returning id`,
    [organizationId],
  );
  const profileId = rows[0]?.id as number;
  const campaign = await api.client.call(contract.campaigns.create, {
    body: {
      name: 'Bench realtime',
      collectionId,
      profileIds: [profileId],
      steps: [{ type: 'friendRequest' }],
      dailyCaps: { friendRequest: 1000 },
      workingHours: { start: '00:00', end: '23:59' },
      gapSeconds: { min: 1, max: 1 },
    },
  });
  await api.client.call(contract.campaigns.start, { params: { id: campaign.id } });
  await db.query(
    `update campaigns set settings = jsonb_set(settings, '{gapSeconds}', '{"min":0,"max":0}') where id = $1`,
    [campaign.id],
  );
  const tokens = await seedMembers(db, organizationId, clients);

  // Which push the sockets wait for: the lead of the reported task, and when the report was sent.
  let current: { leadId: number; sentAt: number; got: Set<number>; done: () => void } | null = null;
  const counts = new Array<number>(clients).fill(0);
  const latencies: number[] = [];
  const fromRequest: number[] = [];
  let measuring = false;
  const sockets: Socket[] = [];
  let live = 0;
  log(`realtime: connecting ${clients} sockets`);
  try {
    for (let start = 0; start < clients; start += CONNECT_BATCH) {
      const batch = tokens.slice(start, start + CONNECT_BATCH).map((token, k) => {
        const index = start + k;
        const server = servers[index % servers.length] as ServerProcess;
        const socket = io(server.url.replace('localhost', '127.0.0.1'), {
          path: SOCKET_PATH,
          transports: [...SOCKET_TRANSPORTS],
          query: { organizationId: String(organizationId) },
          auth: { token },
          reconnection: false,
          forceNew: true,
        });
        socket.on('campaign-log-created', (entry: CampaignLog) => {
          const push = current;
          if (!push || entry.leadId !== push.leadId || push.got.has(index)) return;
          push.got.add(index);
          if (measuring) {
            fromRequest.push(performance.now() - push.sentAt);
            latencies.push(Date.now() - Date.parse(entry.createdAt));
            counts[index] = (counts[index] ?? 0) + 1;
          }
          if (push.got.size >= live) push.done();
        });
        sockets.push(socket);
        // A push is complete once every socket still connected has it: a lost one is not waited for.
        socket.on('connect', () => {
          live += 1;
        });
        socket.on('disconnect', () => {
          live -= 1;
          if (current && current.got.size >= live) current.done();
        });
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
        });
      });
      await Promise.all(batch);
    }

    const reportMs: number[] = [];
    log(`realtime: ${WARMUP_PUSHES} warm-up pushes, then ${pushes}`);
    for (let i = 0; i < WARMUP_PUSHES + pushes; i += 1) {
      measuring = i >= WARMUP_PUSHES;
      if (i % 20 === 0) log(`realtime: push ${i}, ${live} sockets connected`);
      const { task, reason } = await again(() => api.fast(contract.executor.claim, { body: { profileId } }));
      if (task?.action !== 'friendRequest') throw new Error(`claim ${i}: ${task?.action ?? reason}`);
      let done = () => {};
      const delivered = new Promise<void>((resolve) => {
        done = resolve;
      });
      const push = { leadId: task.lead.id, sentAt: performance.now(), got: new Set<number>(), done };
      current = push;
      await again(() =>
        api.fast(contract.executor.outcome, {
          params: { id: task.id },
          body: { profileId, attempt: task.attempt, status: 'done', data: {} },
        }),
      );
      if (measuring) reportMs.push(performance.now() - push.sentAt);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        delivered,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, PUSH_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    current = null;
    return {
      clients,
      pushes,
      latencies,
      fromRequest,
      complete: counts.filter((c) => c === pushes).length,
      reportMs,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/**
 * A request sent again once when the keep-alive connection it went out on was closed by the
 * server meanwhile (undici: "other side closed"; a report sent twice is answered as a repeat).
 */
async function again<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return request();
  }
}
