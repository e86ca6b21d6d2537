import { doNotContactMatch } from '@reachly/shared/logic';
import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import { iso, type MonthFacts } from './facts.ts';

/**
 * Stale requests withdrawn (issue 17), from the sandbox's own records: every withdrawal was of a
 * request of a campaign that withdraws, at least its withdrawAfterDays old and never accepted; no
 * request was withdrawn twice, each withdrawal is one done task of the server and the other way
 * round; requests left unanswered well past their age were withdrawn (the run did withdraw); and no
 * account was restricted for too many pending requests.
 */

const DAY = 24 * 3600_000;
/** A request unanswered this long past its withdrawal age and still pending is a violation. */
const WITHDRAW_SLACK_MS = 2 * DAY;

/** The age after which each profile's requests are withdrawn (its campaign's step), by profile. */
function ageOf(facts: MonthFacts): Map<number, number> {
  const ages = new Map<number, number>();
  for (const [campaignId, days] of Object.entries(facts.withdrawAfterDays))
    for (const profileId of facts.profilesOf[Number(campaignId)] ?? []) ages.set(profileId, days * DAY);
  return ages;
}

/** On the do-not-contact list by the end: the claim skips their withdrawal as every task of theirs. */
export function listedAtEnd(facts: MonthFacts, person: string): boolean {
  const lead = facts.doNotContact?.leads.get(person);
  return lead !== undefined && doNotContactMatch(facts.doNotContact?.entries ?? [], lead) !== null;
}

export async function withdrawalsKept(db: Knex, sandbox: Sandbox, facts: MonthFacts): Promise<string[]> {
  const state = sandbox.context.state;
  const violations: string[] = [];
  const ages = ageOf(facts);
  const profileOf = new Map<number, number>();
  for (const [profileId, login] of Object.entries(facts.accounts)) {
    const account = state.accounts.get(login);
    if (account) profileOf.set(account.id, Number(profileId));
  }
  const withdrawn = new Map<string, number>();
  for (const r of state.requests) {
    const profileId = profileOf.get(r.accountId);
    if (profileId === undefined || r.direction !== 'outgoing') continue;
    const age = ages.get(profileId);
    const what = `the request of profile ${profileId} to ${r.personSlug} (sent ${iso(r.sentAt)})`;
    if (r.status === 'withdrawn') {
      const key = `${profileId}|${r.personSlug}`;
      withdrawn.set(key, (withdrawn.get(key) ?? 0) + 1);
      if (age === undefined) violations.push(`${what} was withdrawn by a campaign that withdraws nothing`);
      else if ((r.withdrawnAt ?? 0) - r.sentAt < age)
        violations.push(
          `${what} was withdrawn at ${iso(r.withdrawnAt ?? 0)}, younger than ${age / DAY} days`,
        );
      if (r.acceptedAt !== null) violations.push(`${what} was withdrawn after it was accepted`);
    } else if (
      r.status === 'pending' &&
      age !== undefined &&
      r.sentAt + age + WITHDRAW_SLACK_MS < facts.end &&
      !listedAtEnd(facts, r.personSlug)
    ) {
      violations.push(`${what} was still pending at the end, past its ${age / DAY} days`);
    }
  }
  for (const [key, n] of withdrawn)
    if (n > 1) violations.push(`${key.replace('|', ': ')} withdrawn ${n} times`);
  const done = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId, action: 'withdrawRequest', status: 'done' })
    .count({ n: '*' })
    .first()) as { n: unknown };
  const onNetwork = [...withdrawn.values()].reduce((a, b) => a + b, 0);
  if (Number(done.n) !== onNetwork)
    violations.push(`the server has ${Number(done.n)} withdrawals done, the network saw ${onNetwork}`);
  if (Object.keys(facts.withdrawAfterDays).length > 0 && onNetwork === 0)
    violations.push('no request was withdrawn: the scenario did not test withdrawing');
  for (const restriction of state.restrictions) {
    const profileId = profileOf.get(restriction.accountId);
    if (profileId !== undefined)
      violations.push(
        `profile ${profileId} was restricted for too many pending requests at ${iso(restriction.at)}`,
      );
  }
  return violations;
}

/** The most requests each profile had pending at once (sent, not yet accepted or withdrawn). */
export function peakPending(sandbox: Sandbox, facts: MonthFacts): Map<number, number> {
  const state = sandbox.context.state;
  const peaks = new Map<number, number>();
  for (const [profileId, login] of Object.entries(facts.accounts)) {
    const account = state.accounts.get(login);
    if (!account) continue;
    const changes: [number, number][] = [];
    for (const r of state.requests) {
      if (r.accountId !== account.id || r.direction !== 'outgoing') continue;
      changes.push([r.sentAt, 1]);
      const closed = r.acceptedAt ?? r.withdrawnAt;
      if (closed !== null) changes.push([closed, -1]);
    }
    changes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let open = 0;
    let peak = 0;
    for (const [, d] of changes) {
      open += d;
      peak = Math.max(peak, open);
    }
    peaks.set(Number(profileId), peak);
  }
  return peaks;
}
