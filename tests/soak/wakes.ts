import { setTimeout as sleep } from 'node:timers/promises';
import type { SimExecutor } from './sim-executor.ts';

/**
 * The server wakes an idle executor (a socket push) when work becomes due or what it works by
 * changes (issue 14). The simulated month makes such changes (a campaign starts, new leads arrive,
 * settings change, a pause is lifted); each must reach the executors it concerns as a wake on their
 * sockets. The scenario runs each change through `changeThatWakes`, which waits (on the wall clock:
 * the simulated one stands still meanwhile) until every concerned executor heard it.
 */

export interface ExpectedWake {
  /** Simulated time of the change. */
  at: number;
  reason: string;
  profileIds: number[];
  /** Profiles whose executor did not hear it within WAKE_WAIT_MS. */
  missed: number[];
}

/** How long a wake may take to arrive over the loopback socket (generous: a loaded 2-core machine). */
const WAKE_WAIT_MS = 30_000;

export async function changeThatWakes<T>(
  executors: readonly Pick<SimExecutor, 'profileId' | 'wakesHeard'>[],
  expected: ExpectedWake[],
  wake: { at: number; reason: string; profileIds: () => readonly number[] },
  change: () => Promise<T>,
  waitMs = WAKE_WAIT_MS,
): Promise<T> {
  const before = new Map(executors.map((e) => [e.profileId, e.wakesHeard(wake.reason)]));
  const result = await change();
  const profileIds = [...wake.profileIds()];
  const concerned = executors.filter((e) => profileIds.includes(e.profileId));
  const heard = (e: Pick<SimExecutor, 'profileId' | 'wakesHeard'>) =>
    e.wakesHeard(wake.reason) > (before.get(e.profileId) ?? 0);
  const deadline = Date.now() + waitMs;
  while (!concerned.every(heard) && Date.now() < deadline) await sleep(10);
  expected.push({
    at: wake.at,
    reason: wake.reason,
    profileIds,
    missed: concerned.filter((e) => !heard(e)).map((e) => e.profileId),
  });
  return result;
}

/** Every change the scenario made reached its executors as a wake. */
export function wakesReached(expected: readonly ExpectedWake[], epoch: number): string[] {
  const day = (at: number) => Math.floor((at - epoch) / 86_400_000) + 1;
  return expected.flatMap((w) =>
    w.missed.map((id) => `${w.reason} (day ${day(w.at)}) did not reach profile #${id}'s executor as a wake`),
  );
}
