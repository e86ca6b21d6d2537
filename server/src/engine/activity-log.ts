import type { ActivityEventType } from '@reachly/shared/constants';
import type { CampaignLog } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Realtime } from '../realtime/realtime.ts';

export interface LogEntry {
  campaignId: number | null;
  profileId: number | null;
  leadId?: number | null;
  type: ActivityEventType;
  message: string;
  payload?: unknown;
}

export interface LogRow {
  id: number | string;
  campaign_id: number | string | null;
  profile_id: number | string | null;
  lead_id: number | string | null;
  type: CampaignLog['type'];
  message: string | null;
  created_at: Date | string;
}

const nullableId = (v: number | string | null) => (v === null ? null : Number(v));

export function toCampaignLog(row: LogRow): CampaignLog {
  return {
    id: Number(row.id),
    campaignId: nullableId(row.campaign_id),
    profileId: nullableId(row.profile_id),
    leadId: nullableId(row.lead_id),
    type: row.type,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
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
  const rows = (await db('campaign_logs')
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
    .returning(['id', 'campaign_id', 'profile_id', 'lead_id', 'type', 'message', 'created_at'])) as LogRow[];
  return rows.map(toCampaignLog);
}

export function pushLogs(realtime: Realtime, organizationId: number, logs: readonly CampaignLog[]): void {
  for (const log of logs) realtime.emit(organizationId, 'campaign-log-created', log);
}
