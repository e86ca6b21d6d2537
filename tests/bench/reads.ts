import { contract, urlOf } from '@reachly/shared/contract';
import autocannon from 'autocannon';
import type { Api } from './lib/api.ts';
import { type BenchRow, ratio } from './lib/measure.ts';
import { startProcess } from './lib/server-process.ts';

/**
 * The authenticated read (issue 18): GET /api/collections against a bare Express route answering a
 * similar body (bare-server.ts), and two bounds measured in the same turns: the anonymous
 * GET /api/globalPrerenderData (Reachly's middleware stack, no database) and the bare route after
 * one `select 1` through a knex pool made as the server makes its own (one database round trip,
 * nothing else).
 */

const RPS_ROUNDS = 5;
const RPS_ROUND_SECONDS = 2;

/**
 * Requests/s of each target (10 connections), their autocannon runs taking turns in RPS_ROUNDS
 * rounds of RPS_ROUND_SECONDS, so that whatever else loads the machine weighs on all alike.
 */
async function requestsPerSecond(
  targets: { url: string; headers: Record<string, string> }[],
): Promise<number[]> {
  const totals = targets.map(() => ({ requests: 0, seconds: 0 }));
  for (let round = 0; round < RPS_ROUNDS; round += 1) {
    for (const [k, { url, headers }] of targets.entries()) {
      const result = await autocannon({ url, headers, connections: 10, duration: RPS_ROUND_SECONDS });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const total = totals[k] as { requests: number; seconds: number };
      total.requests += result.requests.total;
      total.seconds += result.duration;
    }
  }
  return totals.map((t) => t.requests / t.seconds);
}

export async function readsBenches(
  root: Api,
  databaseUrl: string,
  log: (text: string) => void,
): Promise<BenchRow[]> {
  const { api } = await root.register('bench-rps@example.com');
  for (const name of ['Leads A', 'Leads B', 'Leads C']) {
    await api.client.call(contract.collections.create, { body: { name } });
  }
  const bare = await startProcess(
    'tests/bench/bare-server.ts',
    { PORT: '0', DATABASE_URL: databaseUrl },
    /listening at (http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    log(
      'autocannon: GET /api/collections, the bare Express route, GET /api/globalPrerenderData and the bare route with select 1, taking turns',
    );
    const [reachly = 0, baseline = 1, stackOnly = 0, oneTrip = 0] = await requestsPerSecond([
      { url: api.client.urlOf(contract.collections.list, {}), headers: { authorization: api.token } },
      // bare-server.ts serves the same path with no middleware.
      { url: urlOf(contract.collections.list, {}, bare.url), headers: {} },
      // A bound: the same stack (helmet, request log, routing, error body) with no database call.
      { url: urlOf(contract.user.prerender, {}, api.url), headers: {} },
      // A bound: one database round trip and nothing else.
      { url: `${bare.url}/api/select1`, headers: {} },
    ]);
    const rounds = `10 connections, ${RPS_ROUNDS} rounds of ${RPS_ROUND_SECONDS} s each, the four routes taking turns`;
    return [
      {
        measure: 'Authenticated GET /api/collections vs a bare Express route (requests/s)',
        value: ratio(reachly / baseline),
        goal: '≥ 0.50',
        met: reachly / baseline >= 0.5,
        detail: `${Math.round(reachly)} vs ${Math.round(baseline)} req/s, ${rounds}; one database round trip (the token answered by the identity cache, the counts in one prepared statement)`,
      },
      {
        measure: 'Anonymous GET /api/globalPrerenderData (no database) vs the bare Express route',
        value: ratio(stackOnly / baseline),
        goal: '(the bound)',
        met: null,
        detail: `${Math.round(stackOnly)} req/s: helmet, request log and routing alone`,
      },
      {
        measure:
          "The bare Express route after one `select 1` through a knex pool made as the server's vs the bare route",
        value: ratio(oneTrip / baseline),
        goal: '(the bound)',
        met: null,
        detail: `${Math.round(oneTrip)} req/s: one database round trip and no middleware, what any route that asks the database once can reach here`,
      },
    ];
  } finally {
    await bare.stop();
  }
}
