import type { ActivityEventType } from '@reachly/shared/constants';
import type { Knex } from 'knex';
import type { LogEntry } from './activity-log.ts';

/** The running campaigns a profile works for, by id. */
export async function runningCampaignsOf(db: Knex | Knex.Transaction, profileId: number): Promise<number[]> {
  const rows = (await db('campaign_profiles as cp')
    .join('campaigns as c', 'c.id', 'cp.campaign_id')
    .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
    .orderBy('c.id')
    .select('c.id')) as { id: number }[];
  return rows.map((r) => r.id);
}

/** One log row per campaign for what happened to a profile; one without a campaign when it has none. */
export function logPerCampaign(
  campaignIds: readonly number[],
  profileId: number,
  type: ActivityEventType,
  message: string,
): LogEntry[] {
  if (campaignIds.length === 0) return [{ campaignId: null, profileId, type, message }];
  return campaignIds.map((campaignId) => ({ campaignId, profileId, type, message }));
}
