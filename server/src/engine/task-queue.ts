import { createClaimer } from './claim.ts';
import { createLeases } from './leases.ts';
import { createReports } from './reports.ts';

/**
 * The task protocol (docs/design.md §4): an executor working for one profile claims that profile's next
 * due task (claim.ts), reports it started, and reports its outcome (reports.ts; a done report of a
 * task this process leased, whose outcome is plain, in one statement: done-outcome.ts with the
 * leases remembered here, leases.ts). A claim writes only if the profile's row and the tasks it
 * decided on are unchanged since it read them (it locks them, the tasks FOR UPDATE SKIP LOCKED),
 * else reads again (after three tries, with the profile's row locked from its read on), so two
 * executors or two server processes never hold the same task. A claim is a lease: if no outcome comes before it lapses, the
 * task is handed out again with `recheck`, telling the executor to look at the page before acting
 * instead of acting blindly. The shapes they share are in task-types.ts.
 */
export function createTaskQueue({ random = Math.random }: { random?: () => number } = {}) {
  const leases = createLeases();
  return { ...createClaimer({ random, leases }), ...createReports(), leases };
}
