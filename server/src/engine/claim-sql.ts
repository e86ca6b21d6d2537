import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { dateOf } from './clock.ts';
import type { TaskRow } from './task-types.ts';

/**
 * The claim's queries over the task table. The rules that depend on a campaign (working hours,
 * daily caps) arrive as the (campaign, action) pairs that may run now, so the database picks among
 * those alone, by the index on (profile_id, status, due_at).
 */

/** The order due work is taken in: answers to people first, new contacts last. */
export const ACTION_PRIORITY: readonly CampaignAction[] = [
  'aiReply',
  'acceptRequest',
  'welcomeMessage',
  'callToAction',
  'followUp',
  'friendRequest',
  'collect',
  'joinGroups',
  'likePosts',
];

/** `(campaign, action)` pairs as SQL bindings: `(values (?, ?), …)`. */
function pairsSql(pairs: readonly [number, CampaignAction][]): { sql: string; bindings: Knex.RawBinding[] } {
  return {
    sql: `(values ${pairs.map(() => '(?::int, ?::text)').join(', ')})`,
    bindings: pairs.flat(),
  };
}

/**
 * The profile's most urgent due tasks among the pairs that may run, locked: pending tasks whose
 * time has come and claims whose lease lapsed, by action priority, then due time.
 */
export async function dueTasks(
  trx: Knex.Transaction,
  profileId: number,
  allowed: readonly [number, CampaignAction][],
  now: Date,
  limit: number,
): Promise<TaskRow[]> {
  const pairs = pairsSql(allowed);
  return (
    await trx.raw(
      `select t.* from campaign_tasks t
        where t.profile_id = ?
          and ((t.status = 'pending' and t.due_at <= ?)
               or (t.status in ('claimed', 'started') and t.lease_until <= ?))
          and (t.campaign_id, t.action) in ${pairs.sql}
        order by array_position(?::text[], t.action::text), t.due_at, t.id
        limit ?
        for update skip locked`,
      [profileId, now, now, ...pairs.bindings, [...ACTION_PRIORITY], limit],
    )
  ).rows as TaskRow[];
}

/** When the first pending task among `allowed` falls due, or null when none is planned. */
export async function nextDue(
  trx: Knex.Transaction,
  profileId: number,
  allowed: readonly [number, CampaignAction][],
  now: Date,
): Promise<Date | null> {
  if (allowed.length === 0) return null;
  const pairs = pairsSql(allowed);
  const row = (
    await trx.raw(
      `select min(t.due_at) as at from campaign_tasks t
        where t.profile_id = ? and t.status = 'pending' and t.due_at > ?
          and (t.campaign_id, t.action) in ${pairs.sql}`,
      [profileId, now, ...pairs.bindings],
    )
  ).rows[0] as { at: Date | string | null } | undefined;
  return dateOf(row?.at ?? null);
}

/** The blocked pairs that hold due work right now (a cap or the hours keep them waiting). */
export async function pairsWithDueWork<T extends { pair: [number, CampaignAction] }>(
  trx: Knex.Transaction,
  profileId: number,
  blocked: readonly T[],
  now: Date,
): Promise<T[]> {
  const pairs = pairsSql(blocked.map((b) => b.pair));
  const rows = (
    await trx.raw(
      `select distinct t.campaign_id, t.action from campaign_tasks t
        where t.profile_id = ? and t.status = 'pending' and t.due_at <= ?
          and (t.campaign_id, t.action) in ${pairs.sql}`,
      [profileId, now, ...pairs.bindings],
    )
  ).rows as { campaign_id: number; action: string }[];
  const due = new Set(rows.map((r) => `${r.campaign_id}:${r.action}`));
  return blocked.filter((b) => due.has(`${b.pair[0]}:${b.pair[1]}`));
}
