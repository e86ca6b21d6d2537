import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { ClaimIndex, capOf, iso, MESSAGE_ACTIONS, type MonthFacts, settingsAt } from './facts.ts';

/**
 * The invariants of the server's tasks: daily caps held, due messages before new friend requests,
 * and the daily limit of AI replies per conversation.
 */

interface TaskRow {
  id: number;
  profile_id: number;
  lead_id: number | null;
  campaign_id: number;
  action: CampaignAction;
  status: string;
  step_key: string;
  due_at: Date;
  claimed_at: Date | null;
  result: unknown;
}

const URGENT: readonly CampaignAction[] = [...MESSAGE_ACTIONS, 'acceptRequest'];
const AI_REPLIES_PER_DAY = 2;

export async function tasksWithinLimits(db: Knex, facts: MonthFacts): Promise<string[]> {
  const violations: string[] = [];
  const tasks = (await db('campaign_tasks')
    .where({ organization_id: facts.organizationId })
    .select(
      'id',
      'profile_id',
      'lead_id',
      'campaign_id',
      'action',
      'status',
      'step_key',
      'due_at',
      'claimed_at',
      'result',
    )) as TaskRow[];
  const done = tasks.filter((t) => t.status === 'done' && t.claimed_at !== null);
  const index = new ClaimIndex(facts, done);

  // Daily caps, per profile, action and local day, with the caps in force.
  const perDay = new Map<string, number>();
  for (const t of done) {
    const at = new Date(t.claimed_at as Date).getTime();
    const key = `${t.profile_id}|${t.action}|${index.day(Number(t.profile_id), at)}`;
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
    const cap = capOf(facts, settingsAt(facts, Number(t.profile_id), at).caps, t.action, at);
    if ((perDay.get(key) ?? 0) > cap) violations.push(`cap of ${cap} ${t.action} exceeded: ${key}`);
  }

  // Due replies, welcomes and follow-ups go before new friend requests: none waited while a request
  // went out, unless its own daily cap was used up by then.
  const requestTimes = new Map<number, number[]>();
  for (const t of done)
    if (t.action === 'friendRequest')
      requestTimes.set(Number(t.profile_id), [
        ...(requestTimes.get(Number(t.profile_id)) ?? []),
        new Date(t.claimed_at as Date).getTime(),
      ]);
  for (const list of requestTimes.values()) list.sort((x, y) => x - y);
  for (const m of done) {
    if (!URGENT.includes(m.action)) continue;
    const profileId = Number(m.profile_id);
    const due = new Date(m.due_at).getTime();
    const claimed = new Date(m.claimed_at as Date).getTime();
    for (const at of requestTimes.get(profileId) ?? []) {
      if (at < due + 1000 || at >= claimed) continue;
      const used = index.usedBefore(profileId, m.action, at);
      if (used < capOf(facts, settingsAt(facts, profileId, at).caps, m.action, at)) {
        violations.push(
          `profile ${profileId}: ${m.action} due ${iso(due)} waited while a friend request went out at ${iso(at)}`,
        );
        break;
      }
    }
  }

  // At most one AI reply per inbound message (a unique key) and a daily limit per conversation.
  const replies = new Map<string, number>();
  for (const t of done.filter((t) => t.action === 'aiReply')) {
    const key = `${t.lead_id}|${t.profile_id}|${index.day(Number(t.profile_id), new Date(t.claimed_at as Date).getTime())}`;
    replies.set(key, (replies.get(key) ?? 0) + 1);
  }
  for (const [key, n] of replies)
    if (n > AI_REPLIES_PER_DAY) violations.push(`${n} AI replies in one conversation and day: ${key}`);
  return violations;
}
