import type { CampaignNoticeType, ProxySourceMode } from '@reachly/shared/constants';
import type { CampaignAction, TaskStatus } from '@reachly/shared/schemas';
import type { LogEntry } from './activity-log.ts';
import { createClaimer } from './claim.ts';
import type { DoneEffects } from './outcomes.ts';
import { createReports } from './reports.ts';

/**
 * The task protocol (DESIGN.md §4): an executor working for one profile claims that profile's next
 * due task (claim.ts), reports it started, and reports its outcome (reports.ts). Claims lock the
 * profile's row, then take tasks with FOR UPDATE SKIP LOCKED, so two executors or two server
 * processes never hold the same task. A claim is a lease: if no outcome comes before it lapses, the
 * task is handed out again with `recheck`, telling the executor to look at the page before acting
 * instead of acting blindly.
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

export function createTaskQueue({ random = Math.random }: { random?: () => number } = {}) {
  return { ...createClaimer({ random }), ...createReports() };
}

export type TaskQueue = ReturnType<typeof createTaskQueue>;
