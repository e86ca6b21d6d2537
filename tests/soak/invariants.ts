import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import type { MonthFacts } from './facts.ts';
import { answersHeeded, movesKept } from './invariants-answers.ts';
import { nobodyListedContacted } from './invariants-do-not-contact.ts';
import { everyEventLogged, logMatchesNetwork } from './invariants-log.ts';
import { actedWhenAllowed, networkActions, sentOnce } from './invariants-network.ts';
import { sequencesKept } from './invariants-sequences.ts';
import { tasksWithinLimits } from './invariants-tasks.ts';
import { withdrawalsKept } from './invariants-withdrawals.ts';
import type { SimRecord } from './sim-executor.ts';
import { wakesReached } from './wakes.ts';

/**
 * What the simulated month must show, checked against the sandbox network's own records (what each
 * person really received, and when) and the server's tasks and log. Each family of invariants lives
 * in its own module: what reached the network (invariants-network.ts), the server's tasks
 * (invariants-tasks.ts), the log (invariants-log.ts), what people asked for (invariants-answers.ts),
 * the do-not-contact list (invariants-do-not-contact.ts), stale requests withdrawn
 * (invariants-withdrawals.ts), sequences' visits and follows (invariants-sequences.ts), the changes that wake executors (wakes.ts).
 */

/** At most this many violations are listed. */
const VIOLATIONS_LISTED = 200;

export async function checkInvariants(
  db: Knex,
  sandbox: Sandbox,
  facts: MonthFacts,
  record: SimRecord,
): Promise<string[]> {
  const actions = networkActions(sandbox, facts);
  const violations = [
    ...sentOnce(actions),
    ...actedWhenAllowed(actions, facts, record),
    ...(await tasksWithinLimits(db, facts)),
    ...(await logMatchesNetwork(db, facts, actions)),
    ...(await answersHeeded(db, sandbox, facts, actions)),
    ...(await movesKept(db, facts)),
    ...(await everyEventLogged(db, facts)),
    ...nobodyListedContacted(actions, facts.doNotContact),
    ...(await withdrawalsKept(db, sandbox, facts)),
    ...(await sequencesKept(db, sandbox, facts)),
    ...wakesReached(facts.wakes, facts.epoch),
  ];
  return violations.slice(0, VIOLATIONS_LISTED);
}
