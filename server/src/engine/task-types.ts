import type { CampaignNoticeType } from '@reachly/shared/constants';
import type { CampaignRunStats } from '@reachly/shared/schemas';
import type { Tables } from '../db/tables.ts';
import type { LogEntry } from './activity-log.ts';

/**
 * The task protocol's shared shapes, at the bottom of the engine: the task and profile rows the
 * claim and the reports read, the effects a call collects for after its commit, and the payload
 * reader. Everything in the engine imports these from here, and this module imports no engine code
 * but the log entry's type.
 */

/** A task row as the claim and the reports read it: every task they handle has its profile. */
export type TaskRow = Omit<Tables['campaign_tasks'], 'profile_id'> & { profile_id: number };

export type ProfileRow = Pick<
  Tables['profiles'],
  'id' | 'proxy_source' | 'proxy_timezone' | 'paused_until' | 'next_action_at' | 'warmup_started_at'
>;

interface DoneEffects {
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
  /** A task's outcome: the run's stats today are pushed (read after the commit unless given). */
  handled?: { campaignId: number; profileId: number; stats?: CampaignRunStats };
}

/** A task's payload (jsonb: an object on pg, a string on PGlite). */
export const payloadOf = (row: { payload: TaskRow['payload'] }): Record<string, unknown> =>
  typeof row.payload === 'string' ? JSON.parse(row.payload) : (row.payload ?? {});
