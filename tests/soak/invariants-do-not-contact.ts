import { doNotContactMatch } from '@reachly/shared/logic';
import { iso, type MonthDoNotContact } from './facts.ts';
import type { NetworkAction } from './invariants-network.ts';

/**
 * The do-not-contact list of the month (issue 17): entries made before the campaigns were planned
 * and one made while they ran. Nobody an entry matches is contacted (a request or a message the
 * network saw from any of our profiles) once the entry is on the list; what an entry matches is
 * the shared rule (shared/src/logic/do-not-contact.ts), read on the people as the leads hold them.
 */
export function nobodyListedContacted(
  actions: readonly NetworkAction[],
  list: MonthDoNotContact | undefined,
): string[] {
  if (!list) return [];
  const violations: string[] = [];
  for (const a of actions) {
    if (a.kind === 'accept') continue;
    const lead = list.leads.get(a.person);
    if (!lead) continue;
    const entry = doNotContactMatch(
      list.entries.filter((e) => e.at <= a.at),
      lead,
    );
    if (entry)
      violations.push(
        `${a.person} got a ${a.kind} from profile ${a.profileId} at ${iso(a.at)}, on the do-not-contact list (${entry.kind} "${entry.value}") since ${iso(entry.at)}`,
      );
  }
  if (list.skippedMidRun === 0)
    violations.push(
      'the entry added mid-run found no planned task to skip: the scenario did not test a running campaign',
    );
  return violations;
}
