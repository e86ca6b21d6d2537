import type { Clock } from '../clock.ts';

/**
 * Scripted events due at a network time. They run lazily (before every request is handled), in
 * order of due time, each with its own due time as "now", so results do not depend on when we look.
 */
export interface Scheduler {
  at(dueAt: number, run: (at: number) => void): void;
  runDue(): void;
  clear(): void;
  pending(): number;
}

export function createScheduler(clock: Clock): Scheduler {
  let queue: { dueAt: number; seq: number; run: (at: number) => void }[] = [];
  let seq = 0;
  return {
    at(dueAt, run) {
      queue.push({ dueAt, seq: seq++, run });
    },
    runDue() {
      const now = clock.now();
      for (;;) {
        queue.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
        const first = queue[0];
        if (!first || first.dueAt > now) return;
        queue.shift();
        first.run(first.dueAt);
      }
    },
    clear() {
      queue = [];
    },
    pending: () => queue.length,
  };
}
