import type { CampaignNoticeType, ProxySourceMode } from '@reachly/shared/constants';
import type { CampaignAction, TaskStatus } from '@reachly/shared/schemas';
import type { LogEntry } from './activity-log.ts';

/**
 * The task protocol's shared shapes, at the bottom of the engine: the task and profile rows the
 * claim and the reports read, the effects a call collects for after its commit, and the payload
 * reader. Everything in the engine imports these from here, and this module imports no engine code
 * but the log entry's type.
 */

export interface TaskRow {
  id: number | string;
  organization_id: number;
  campaign_id: number;
  profile_id: number;
  lead_id: number | null;
  step_key: string;
  action: CampaignAction;
  status: TaskStatus;
  due_at: Date | string;
  claimed_at: Date | string | null;
  lease_until: Date | string | null;
  attempts: number;
  payload: Record<string, unknown> | string | null;
}

export interface ProfileRow {
  id: number;
  proxy_source: ProxySourceMode;
  proxy_timezone: string | null;
  paused_until: Date | string | null;
  next_action_at: Date | string | null;
  warmup_started_at: Date | string | null;
}

export interface DoneEffects {
  /** Collected profiles turned into leads: pushed as processed-finished. */
  processed?: number;
}

/** Pushes to make once the transaction commits. */
export interface Effects extends DoneEffects {
  logs: LogEntry[];
  notices: {
    campaignId: number;
    profileId: number;
    type: CampaignNoticeType;
    message: string;
  }[];
  handled?: { campaignId: number; profileId: number };
}

/** A task's payload (jsonb: an object on pg, a string on PGlite). */
export const payloadOf = (row: { payload: TaskRow['payload'] }): Record<string, unknown> =>
  typeof row.payload === 'string' ? JSON.parse(row.payload) : (row.payload ?? {});
