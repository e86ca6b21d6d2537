import type { Knex } from 'knex';
import type { LogEntry } from '../../engine/activity-log.ts';

/** The running campaigns that work each profile of the organisation (all profiles, or those named). */
export async function runningCampaignsByProfile(
  db: Knex | Knex.Transaction,
  organizationId: number,
  profileIds?: readonly number[],
): Promise<Map<number, number[]>> {
  const q = db('campaign_profiles as cp')
    .join('campaigns as c', 'c.id', 'cp.campaign_id')
    .where('cp.organization_id', organizationId)
    .andWhere('c.organization_id', organizationId)
    .andWhere('c.status', 'running')
    .select('cp.profile_id', 'cp.campaign_id')
    .orderBy([
      { column: 'cp.profile_id', order: 'asc' },
      { column: 'cp.campaign_id', order: 'asc' },
    ]);
  if (profileIds) q.whereIn('cp.profile_id', profileIds);
  const byProfile = new Map<number, number[]>();
  for (const row of (await q) as { profile_id: number; campaign_id: number }[]) {
    const id = row.profile_id;
    byProfile.set(id, [...(byProfile.get(id) ?? []), row.campaign_id]);
  }
  return byProfile;
}

/** One log entry per running campaign that works the profile. */
export async function logsForRunning(
  trx: Knex.Transaction,
  organizationId: number,
  profileId: number,
  type: LogEntry['type'],
  message: string,
): Promise<LogEntry[]> {
  const campaigns = (await runningCampaignsByProfile(trx, organizationId, [profileId])).get(profileId) ?? [];
  return campaigns.map((campaignId) => ({ campaignId, profileId, type, message }));
}
