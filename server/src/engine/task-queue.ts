import { createClaimer } from './claim.ts';
import { createReports } from './reports.ts';

/**
 * The task protocol (docs/design.md §4): an executor working for one profile claims that profile's next
 * due task (claim.ts), reports it started, and reports its outcome (reports.ts). Claims lock the
 * profile's row, then take tasks with FOR UPDATE SKIP LOCKED, so two executors or two server
 * processes never hold the same task. A claim is a lease: if no outcome comes before it lapses, the
 * task is handed out again with `recheck`, telling the executor to look at the page before acting
 * instead of acting blindly. The shapes they share are in task-types.ts.
 */
export function createTaskQueue({ random = Math.random }: { random?: () => number } = {}) {
  return { ...createClaimer({ random }), ...createReports() };
}

export type TaskQueue = ReturnType<typeof createTaskQueue>;
