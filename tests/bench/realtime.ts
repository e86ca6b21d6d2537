import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import type pg from 'pg';
import { Api } from './lib/api.ts';
import { type BenchRow, percentile } from './lib/measure.ts';
import { cpuMsOf } from './lib/process-cpu.ts';
import { ClientProcess } from './lib/realtime-client-process.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { seedLeads, seedMembers } from './lib/seed.ts';
import { npmStartFlags, type ServerProcess, startReachly } from './lib/server-process.ts';

/**
 * Realtime fan-out (`BENCH_ONLY=realtime`): signed-in sockets of one organisation, connected as the
 * dashboard connects them (dashboard/src/realtime/socket.ts: path, transports, organizationId in
 * the query, the token in auth), each a member with its own token, receive the campaign log push
 * of an executor's done report (POST /api/executor/tasks/:id/outcome writes the log row and the
 * server pushes campaign-log-created to the organisation's room once it has committed, with the
 * campaign-run-update and profile-handled pushes of the same report).
 *
 * The sockets live in several client processes (realtime-clients.ts, forked: one per
 * SOCKETS_PER_PROCESS sockets, at least two; BENCH_REALTIME_PROCESSES sets the count), so that no
 * one event loop decodes every socket's copy in turn; they share the machine's cores with the
 * servers and PostgreSQL. A push's delivery time on a socket runs from the server's trigger (the
 * log's createdAt, the clock read when the server starts on the report, before its database
 * statement) to the moment that socket's listener has the log (the same wall clock, read to a
 * fraction of a millisecond). Beside it: the time from the trigger to the first socket that had
 * it (the report's own database work and the emit), the spread from that first socket to each
 * other (the fan-out itself: the server writing a frame per socket, the clients decoding), the
 * time from the report's request, and the CPU time the servers and the client processes spent per
 * push. Pushes go one at a time, the next once every socket has the last (or after PUSH_WAIT_MS).
 * Servers run as `npm start` runs them (its Node flags; BENCH_REALTIME_NODE_FLAGS replaces them,
 * '' for none), on a fresh PostgreSQL database. BENCH_REALTIME_PART=one or two runs one part alone.
 *
 * Rows: 1,000 sockets on one server (delivery p99 ≤ 100 ms on loopback); 5,000 sockets spread
 * over two server processes joined by the Redis adapter (REDIS_URL, default redis://127.0.0.1:6379),
 * the reports sent to the first: the share of sockets that received every push, and the p99.
 * Node raises its own open-file limit to the hard limit (`ulimit -Hn`), which must exceed the socket
 * count of a process (each socket is one descriptor in a client process and one in a server).
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
/** Sockets opened at once while connecting (over all client processes together). */
const CONNECT_BATCH = 100;
/** Sockets per client process, unless BENCH_REALTIME_PROCESSES says how many processes. */
const SOCKETS_PER_PROCESS = 1250;

interface FanOut {
  clients: number;
  pushes: number;
  /** Client processes the sockets were spread over. */
  processes: number;
  /** Delivery times of every measured push on every socket that got it, from the server's trigger, ms. */
  latencies: number[];
  /** The same, per server the sockets were connected to. */
  perServer: number[][];
  /** The same, from the moment the report's request was sent, ms. */
  fromRequest: number[];
  /** Per measured push: from the trigger to the first socket that had it, ms. */
  firstMs: number[];
  /** Per socket and measured push: from the push's first socket to this one, ms. */
  spreads: number[];
  /** Sockets that received every measured push. */
  complete: number;
  /** Sockets that disconnected during the run. */
  disconnects: number;
  /** The done report's own request (until its answer), ms, per measured push. */
  reportMs: number[];
  /** CPU time of each server per measured push, ms. */
  serverCpuMs: number[];
  /** CPU time of all client processes together per measured push, ms. */
  clientCpuMs: number;
  /** The machine's 1-minute load average when the measured pushes began and ended. */
  load: [number, number];
  /** Pushes (of any event) a socket received per measured report. */
  framesPerReport: number;
}

export async function realtimeBenches({ adminUrl, n, log }: RealtimeBenchContext): Promise<BenchRow[]> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-realtime-'));
  const p99 = (f: FanOut) => percentile(f.latencies, 0.99);
  const ms = (samples: number[], p: number) => percentile(samples, p).toFixed(0);
  const max = (samples: number[]) => samples.reduce((m, x) => Math.max(m, x), 0).toFixed(0);
  const detail = (f: FanOut) =>
    `${f.pushes} pushes × ${f.clients.toLocaleString('en')} sockets in ${f.processes} client processes; from the server's trigger: p50 ${ms(f.latencies, 0.5)} ms, p99 ${ms(f.latencies, 0.99)} ms, max ${max(f.latencies)} ms; trigger to the first socket (the report's transaction and the emit): median ${ms(f.firstMs, 0.5)} ms, max ${max(f.firstMs)} ms; first socket to each other (the fan-out): p50 ${ms(f.spreads, 0.5)} ms, p99 ${ms(f.spreads, 0.99)} ms; from the report's request: p99 ${ms(f.fromRequest, 0.99)} ms (its own answer: median ${ms(f.reportMs, 0.5)} ms); CPU per push: server${f.serverCpuMs.length > 1 ? 's' : ''} ${f.serverCpuMs.map((c) => c.toFixed(0)).join(' + ')} ms, client processes ${f.clientCpuMs.toFixed(0)} ms; ${f.framesPerReport.toFixed(1)} pushes per socket per report (the log line's and the report's others); ${f.complete.toLocaleString('en')} of ${f.clients.toLocaleString('en')} sockets got every push${f.disconnects ? `, ${f.disconnects} disconnected` : ''}; load average ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)} on ${os.cpus().length} cores`;
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
  // BENCH_REALTIME_PART=one or two runs that part alone.
  const part = process.env.BENCH_REALTIME_PART;
  try {
    const single = n(1000);
    /** The 1,000 sockets on one server started with these Node flags. */
    const onOne = (flags: string[]) =>
      withScratchDatabase(adminUrl, 'reachly_bench_rt1', (databaseUrl, db) =>
        onServers(databaseUrl, work, 1, {}, flags, (servers) => {
          log(`realtime: ${single} sockets on one server (Node flags: ${flags.join(' ') || 'none'})`);
          return fanOut(servers, db, single, n(100), log);
        }),
      );
    const oneRows =
      part === 'two'
        ? []
        : await onOne(serverFlags()).then(
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
    // What npm start's Node flags (chosen for the idle memory) cost the fan-out: the same part without them.
    const bareRows =
      part === 'two' || process.env.BENCH_REALTIME_NODE_FLAGS !== undefined
        ? []
        : await onOne([]).then(
            (bare): BenchRow[] => [
              {
                measure: `The same push to ${bare.clients.toLocaleString('en')} sockets, the server started without npm start's Node flags (${npmStartFlags().join(' ')}): delivery p99`,
                value: `${p99(bare).toFixed(0)} ms`,
                goal: "(the flags' cost)",
                met: null,
                detail: detail(bare),
              },
            ],
            (error: unknown) => failed(`The same push without npm start's Node flags`, error),
          );
    const spread = n(5000);
    const twoRows =
      part === 'one'
        ? []
        : await withScratchDatabase(adminUrl, 'reachly_bench_rt2', (databaseUrl, db) =>
            onServers(databaseUrl, work, 2, { REDIS_URL: redisUrl }, serverFlags(), (servers) => {
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
                detail: `half the sockets on the server that takes the reports (p50 ${ms(two.perServer[0] ?? [], 0.5)} ms, p99 ${ms(two.perServer[0] ?? [], 0.99)} ms from the trigger), half on the other, which the push reaches through Redis (p50 ${ms(two.perServer[1] ?? [], 0.5)} ms, p99 ${ms(two.perServer[1] ?? [], 0.99)} ms)`,
              },
            ],
            (error: unknown) =>
              failed(`The same push to ${spread} sockets over two servers joined by Redis`, error),
          );
    return [...oneRows, ...bareRows, ...twoRows];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `count` servers on one database, started with these Node flags, stopped after `work`. */
async function onServers<T>(
  databaseUrl: string,
  work: string,
  count: number,
  env: Record<string, string>,
  nodeFlags: string[],
  run: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const servers: Awaited<ReturnType<typeof startReachly>>[] = [];
  try {
    // One after the other: the first migrates the database.
    for (let i = 0; i < count; i += 1) {
      servers.push(await startReachly(databaseUrl, path.join(work, `data-${i}`), { env, nodeFlags }));
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
 * members, socket i connected on servers[i % servers.length] from client process i % processes;
 * then `pushes` done reports to servers[0], one at a time.
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

  const processes = clientProcesses(clients);
  log(`realtime: connecting ${clients} sockets from ${processes} client processes`);
  const groups = Array.from({ length: processes }, () => new ClientProcess());
  try {
    await Promise.all(
      groups.map((group, g) =>
        group.ask(
          {
            type: 'connect',
            organizationId,
            batch: Math.max(10, Math.floor(CONNECT_BATCH / processes)),
            sockets: tokens.flatMap((token, index) =>
              index % processes === g
                ? [
                    {
                      url: (servers[index % servers.length] as ServerProcess).url.replace(
                        'localhost',
                        '127.0.0.1',
                      ),
                      server: index % servers.length,
                      token,
                    },
                  ]
                : [],
            ),
          },
          'connected',
        ),
      ),
    );

    const latencies: number[] = [];
    const fromRequest: number[] = [];
    const firstMs: number[] = [];
    const spreads: number[] = [];
    const reportMs: number[] = [];
    const perServer: number[][] = servers.map(() => []);
    let cpuStart: number[] = [];
    let loadStart = 0;
    log(`realtime: ${WARMUP_PUSHES} warm-up pushes, then ${pushes}`);
    for (let i = 0; i < WARMUP_PUSHES + pushes; i += 1) {
      const measuring = i >= WARMUP_PUSHES;
      if (i === WARMUP_PUSHES) {
        cpuStart = servers.map((s) => cpuMsOf(s.pid));
        loadStart = os.loadavg()[0] ?? 0;
      }
      if (i % 20 === 0) log(`realtime: push ${i}`);
      const { task, reason } = await again(() => api.fast(contract.executor.claim, { body: { profileId } }));
      if (task?.action !== 'friendRequest') throw new Error(`claim ${i}: ${task?.action ?? reason}`);
      await Promise.all(
        groups.map((group) =>
          group.ask({ type: 'expect', leadId: task.lead.id, measured: measuring }, 'expecting'),
        ),
      );
      const got = groups.map((group) => group.next('got'));
      const sentAt = performance.timeOrigin + performance.now();
      await again(() =>
        api.fast(contract.executor.outcome, {
          params: { id: task.id },
          body: { profileId, attempt: task.attempt, status: 'done', data: {} },
        }),
      );
      const answeredAt = performance.timeOrigin + performance.now();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, PUSH_WAIT_MS);
      });
      await Promise.race([Promise.all(got), late]);
      clearTimeout(timer);
      for (const group of groups) group.tell({ type: 'flush' });
      const received = await Promise.all(got);
      if (!measuring) continue;
      reportMs.push(answeredAt - sentAt);
      const times = received.flatMap((r) => r.times);
      const on = received.flatMap((r) => r.servers);
      const createdAt = Math.max(...received.map((r) => r.createdAt));
      const earliest = Math.min(...times);
      firstMs.push(earliest - createdAt);
      for (const [k, t] of times.entries()) {
        latencies.push(t - createdAt);
        (perServer[on[k] as number] as number[]).push(t - createdAt);
        fromRequest.push(t - sentAt);
        spreads.push(t - earliest);
      }
    }
    const serverCpuMs = servers.map((s, k) => (cpuMsOf(s.pid) - (cpuStart[k] ?? 0)) / pushes);
    const closed = await Promise.all(groups.map((group) => group.ask({ type: 'close' }, 'closed')));
    return {
      clients,
      pushes,
      processes,
      latencies,
      perServer,
      fromRequest,
      firstMs,
      spreads,
      complete: closed.flatMap((c) => c.counts).filter((c) => c === pushes).length,
      disconnects: closed.reduce((sum, c) => sum + c.disconnects, 0),
      reportMs,
      serverCpuMs,
      clientCpuMs: closed.reduce((sum, c) => sum + c.cpuMs, 0) / pushes,
      load: [loadStart, os.loadavg()[0] ?? 0],
      framesPerReport: closed.reduce((sum, c) => sum + c.frames, 0) / pushes / clients,
    };
  } finally {
    await Promise.all(groups.map((group) => group.stop()));
  }
}

/** npm start's Node flags, or BENCH_REALTIME_NODE_FLAGS when set (to see what the flags cost). */
function serverFlags(): string[] {
  const set = process.env.BENCH_REALTIME_NODE_FLAGS;
  return set === undefined ? npmStartFlags() : set.split(/\s+/).filter(Boolean);
}

/**
 * How many client processes carry `clients` sockets: BENCH_REALTIME_PROCESSES, else one per
 * SOCKETS_PER_PROCESS (at least two), so that no one event loop decodes every copy of a push.
 */
function clientProcesses(clients: number): number {
  const set = Number(process.env.BENCH_REALTIME_PROCESSES);
  if (Number.isInteger(set) && set > 0) return Math.min(set, clients);
  return Math.min(clients, Math.max(2, Math.ceil(clients / SOCKETS_PER_PROCESS)));
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
