import type { CampaignStep } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import { iso, type MonthFacts } from './facts.ts';
import { listedAtEnd } from './invariants-withdrawals.ts';

/**
 * Sequences (issue 17), from the sandbox's own records: a campaign with a visit step visits each
 * person before its request goes out (and no other campaign visits anyone); a campaign whose
 * friend request step follows after a withdrawal follows only people whose request from that
 * profile was withdrawn, after the withdrawal, and every such person withdrawn well before the end;
 * the server's done follows and visits are what the network saw.
 */

const DAY = 24 * 3600_000;
/** A withdrawal this long before the end without its follow is a violation. */
const FOLLOW_SLACK_MS = 2 * DAY;

type Steps = { steps: CampaignStep[] };

/** What each profile's campaign asks for: a visit first, a follow after a withdrawal. */
async function sequenceOf(db: Knex, facts: MonthFacts) {
  const rows = (await db('campaigns')
    .where({ organization_id: facts.organizationId })
    .select('id', 'settings')) as { id: number; settings: Steps | string }[];
  const byProfile = new Map<number, { visits: boolean; followsAfterWithdrawal: boolean }>();
  for (const row of rows) {
    const { steps } = typeof row.settings === 'string' ? (JSON.parse(row.settings) as Steps) : row.settings;
    const request = steps.find((s) => s.type === 'friendRequest');
    const sequence = {
      visits: steps.some((s) => s.type === 'visitProfile'),
      followsAfterWithdrawal:
        request?.type === 'friendRequest' && request.afterWithdrawal?.action === 'followPerson',
    };
    for (const profileId of facts.profilesOf[Number(row.id)] ?? []) byProfile.set(profileId, sequence);
  }
  return byProfile;
}

async function doneTasks(db: Knex, facts: MonthFacts, action: string, stepKey: string): Promise<number> {
  const row = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId, action, step_key: stepKey, status: 'done' })
    .count({ n: '*' })
    .first()) as { n: unknown };
  return Number(row.n);
}

export async function sequencesKept(db: Knex, sandbox: Sandbox, facts: MonthFacts): Promise<string[]> {
  const state = sandbox.context.state;
  const sequences = await sequenceOf(db, facts);
  const profileOf = new Map<number, number>();
  for (const [profileId, login] of Object.entries(facts.accounts)) {
    const account = state.accounts.get(login);
    if (account) profileOf.set(account.id, Number(profileId));
  }
  const violations: string[] = [];
  const key = (accountId: number, person: string) => `${accountId}|${person}`;

  // Visits: before every request of a campaign that visits; none from the others.
  const firstVisit = new Map<string, number>();
  let visits = 0;
  for (const v of state.visits) {
    const profileId = profileOf.get(v.accountId);
    if (profileId === undefined) continue;
    visits += 1;
    if (!sequences.get(profileId)?.visits)
      violations.push(`profile ${profileId} visited ${v.personSlug} without a visit step (${iso(v.at)})`);
    const k = key(v.accountId, v.personSlug);
    firstVisit.set(k, Math.min(firstVisit.get(k) ?? Number.POSITIVE_INFINITY, v.at));
  }
  for (const r of state.requests) {
    const profileId = profileOf.get(r.accountId);
    if (profileId === undefined || r.direction !== 'outgoing' || !sequences.get(profileId)?.visits) continue;
    if (!((firstVisit.get(key(r.accountId, r.personSlug)) ?? Number.POSITIVE_INFINITY) <= r.sentAt))
      violations.push(
        `profile ${profileId} sent ${r.personSlug} a request (${iso(r.sentAt)}) before visiting`,
      );
  }
  const visitsDone = await doneTasks(db, facts, 'visitProfile', 'visitProfile');
  // A lapsed claim may visit again (a visit cannot be found done on the page): at least one each.
  if (visits < visitsDone)
    violations.push(`the server has ${visitsDone} visits done, the network saw ${visits}`);

  // Follows: only after a withdrawal by the same profile, and each withdrawal followed in time.
  const withdrawnAt = new Map<string, number>();
  for (const r of state.requests)
    if (r.status === 'withdrawn' && r.withdrawnAt !== null)
      withdrawnAt.set(key(r.accountId, r.personSlug), r.withdrawnAt);
  const followed = new Set<string>();
  let follows = 0;
  for (const f of state.follows) {
    const profileId = profileOf.get(f.accountId);
    if (profileId === undefined) continue;
    follows += 1;
    const k = key(f.accountId, f.personSlug);
    followed.add(k);
    const withdrawn = withdrawnAt.get(k);
    if (!sequences.get(profileId)?.followsAfterWithdrawal)
      violations.push(`profile ${profileId} followed ${f.personSlug} without a step that follows`);
    else if (withdrawn === undefined || withdrawn > f.at)
      violations.push(
        `profile ${profileId} followed ${f.personSlug} (${iso(f.at)}) before withdrawing a request`,
      );
  }
  for (const [k, at] of withdrawnAt) {
    const [accountId, person] = k.split('|') as [string, string];
    const profileId = profileOf.get(Number(accountId));
    if (profileId === undefined || !sequences.get(profileId)?.followsAfterWithdrawal) continue;
    if (!followed.has(k) && at + FOLLOW_SLACK_MS < facts.end && !listedAtEnd(facts, person))
      violations.push(
        `profile ${profileId} withdrew its request to ${person} (${iso(at)}) and never followed`,
      );
  }
  const followsDone = await doneTasks(db, facts, 'followPerson', 'afterWithdrawal');
  if (followsDone !== follows)
    violations.push(`the server has ${followsDone} follows done, the network saw ${follows}`);
  if ([...sequences.values()].some((s) => s.followsAfterWithdrawal) && follows === 0)
    violations.push('nobody was followed after a withdrawal: the scenario did not test it');
  if ([...sequences.values()].some((s) => s.visits) && visits === 0)
    violations.push('nobody was visited: the scenario did not test visits');
  return violations;
}
