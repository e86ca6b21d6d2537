import type { CampaignAction, CampaignProfileState } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import type { Tables } from '../../db/tables.ts';
import type { Tenant } from '../tenancy.ts';

/** A profile of the campaign as the run view reads it: its pause, when it last asked for work. */
type CampaignProfileRow = Pick<
  Tables['profiles'],
  'id' | 'name' | 'login_status' | 'paused_until' | 'pause_reason' | 'last_claim_at'
> & {
  /** The last LAUNCH_FAILED log of the profile after its last claim. */
  launch_failed_at: Date | null;
};

/** The campaign's done tasks of today (UTC) per profile and action. */
async function doneToday(db: Knex, id: number, now: Date) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return (await db('campaign_tasks')
    .where({ campaign_id: id, status: 'done' })
    .andWhere('finished_at', '>=', since)
    .select('profile_id', 'action')
    .count({ n: '*' })
    .groupBy('profile_id', 'action')) as { profile_id: number; action: CampaignAction; n: unknown }[];
}

/**
 * Each profile of a campaign (its organisation checked by the caller): its pause, and what it did
 * for this campaign today (UTC).
 */
export async function campaignProfileStates(
  db: Knex,
  t: Tenant,
  id: number,
  now: Date,
): Promise<CampaignProfileState[]> {
  const profiles = (await t
    .table('profiles')
    .join('campaign_profiles as cp', 'cp.profile_id', 'profiles.id')
    .where('cp.campaign_id', id)
    .orderBy('profiles.id')
    .select(
      'profiles.id',
      'profiles.name',
      'profiles.login_status',
      'profiles.paused_until',
      'profiles.pause_reason',
      'profiles.last_claim_at',
      db.raw(
        `(select max(l.created_at) from campaign_logs l where l.profile_id = profiles.id
           and l.type = 'LAUNCH_FAILED'
           and (profiles.last_claim_at is null or l.created_at > profiles.last_claim_at)) as launch_failed_at`,
      ),
    )) as CampaignProfileRow[];
  const counts = await doneToday(db, id, now);
  return profiles.map((p) => {
    const pausedUntil = p.paused_until ? new Date(p.paused_until) : null;
    const paused = pausedUntil !== null && pausedUntil > now;
    return {
      profileId: p.id,
      name: p.name,
      loginStatus: p.login_status,
      pausedUntil: paused ? pausedUntil.toISOString() : null,
      pauseReason: paused ? p.pause_reason : null,
      lastSeenAt: p.last_claim_at ? new Date(p.last_claim_at).toISOString() : null,
      launchFailedAt: p.launch_failed_at ? new Date(p.launch_failed_at).toISOString() : null,
      today: Object.fromEntries(
        counts.filter((c) => c.profile_id === p.id).map((c) => [c.action, toCount(c.n)]),
      ),
    };
  });
}
