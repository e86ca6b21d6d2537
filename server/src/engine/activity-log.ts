import type { ActivityEventType } from '@reachly/shared/constants';
import type { CampaignLog } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../db/knex.ts';
import { type Tables, table } from '../db/tables.ts';
import type { Realtime } from '../realtime/realtime.ts';

export interface LogEntry {
  campaignId: number | null;
  profileId: number | null;
  leadId?: number | null;
  type: ActivityEventType;
  message: string;
  payload?: unknown;
}

export type LogRow = Pick<
  Tables['campaign_logs'],
  'id' | 'campaign_id' | 'profile_id' | 'lead_id' | 'type' | 'message' | 'created_at'
>;

export function toCampaignLog(row: LogRow): CampaignLog {
  return {
    id: toCount(row.id),
    campaignId: row.campaign_id,
    profileId: row.profile_id,
    leadId: row.lead_id,
    type: row.type,
    message: row.message,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The campaign log (spec §3 activity event types): every row written here is pushed as
 * campaign-log-created once its transaction commits. Write inside the transaction, push after it.
 */
export async function writeLogs(
  db: Knex | Knex.Transaction,
  organizationId: number,
  at: Date,
  entries: readonly LogEntry[],
): Promise<CampaignLog[]> {
  if (entries.length === 0) return [];
  const rows = await table(db, 'campaign_logs')
    .insert(
      entries.map((e) => ({
        organization_id: organizationId,
        campaign_id: e.campaignId,
        profile_id: e.profileId,
        lead_id: e.leadId ?? null,
        type: e.type,
        message: e.message,
        payload: e.payload === undefined ? null : JSON.stringify(e.payload),
        created_at: at,
      })),
    )
    .returning(['id', 'campaign_id', 'profile_id', 'lead_id', 'type', 'message', 'created_at']);
  return rows.map(toCampaignLog);
}

export function pushLogs(realtime: Realtime, organizationId: number, logs: readonly CampaignLog[]): void {
  for (const log of logs) realtime.emit(organizationId, 'campaign-log-created', log);
}
