import { safeTimeZone } from '@reachly/shared/logic';
import type {
  CampaignLog,
  CampaignRunStats,
  TaskOutcomeBody,
  TaskOutcomeResponse,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { prepared } from '../db/prepared.ts';
import { toCampaignLog } from './activity-log.ts';
import { type LogRowJson, parsed } from './claim-sql.ts';
import { secondsUntilLatest } from './clock.ts';
import type { LeasedTask } from './leases.ts';
import { localDay } from './local-day.ts';
import { doneLog, isPlainDone, PLAIN_DONE } from './outcomes.ts';
import type { Effects } from './task-types.ts';

type DoneReport = Extract<TaskOutcomeBody, { status: 'done' }>;

/**
 * A done report of a task this process leased (leases.ts), whose outcome writes nothing but the
 * task, its log row and, for a friend request, the lead's flag (outcomes.ts PLAIN_DONE), in one
 * statement (reachly_task_done, migration 20261127000100-claim-statements as 20261129100010
 * left it): the task marked done only if it is the lease (this profile's, this attempt, still
 * claimed or started, its campaign still there: its update's own condition), the request's flag,
 * what the page showed of the message button on the person's lead rows (people.ts
 * learnMessageButton), the log row; with what the answer and the pushes need (the profile's next
 * action and pause, the run's stats today). When the task is not that lease any more, nothing is
 * written and the answer is null: the report takes the full path (reports.ts), with its refusals
 * and its answer to a repeated report.
 */
export async function reportDone(
  db: Knex,
  leased: LeasedTask,
  report: DoneReport,
  now: Date,
): Promise<{ response: TaskOutcomeResponse; effects: Effects; logs: CampaignLog[] } | null> {
  const action = leased.action;
  if (!isPlainDone(action)) return null;
  const { data } = report;
  const entry = doneLog(
    { action, profile_id: leased.profileId, lead_id: leased.leadId },
    leased.campaignId,
    data,
    PLAIN_DONE[action].message(leased.payload, data),
  );
  const report_ = {
    id: String(leased.id),
    organization_id: leased.organizationId,
    profile_id: leased.profileId,
    campaign_id: leased.campaignId,
    lead_id: leased.leadId,
    attempt: leased.attempt,
    action,
    now: now.toISOString(),
    result: data,
    request_sent: PLAIN_DONE[action].requestSent,
    // What the lead's page showed, for a task with a lead.
    has_message_button: leased.leadId === null ? null : (data.hasMessageButton ?? null),
    logs: [entry],
    since: localDay(now, leased.timeZone).start.toISOString(),
  };
  const row = (
    await prepared(db.raw('select reachly_task_done(?::jsonb) as v', [JSON.stringify(report_)]), 'task_done')
  ).rows[0] as { v: unknown };
  const done = parsed<{
    done: boolean;
    logs?: LogRowJson[];
    stats?: CampaignRunStats;
    profile?: { next_action_at: string | null; paused_until: string | null; proxy_timezone: string | null };
  }>(row.v);
  if (!done.done) return null;
  return {
    response: {
      id: leased.id,
      status: 'done',
      retryAfterSeconds: secondsUntilLatest(
        now,
        done.profile?.next_action_at ?? null,
        done.profile?.paused_until ?? null,
      ),
    },
    effects: {
      logs: [entry],
      notices: [],
      // The run's stats today, as the push would read them after the commit (read there after all
      // if the profile's zone changed since the claim: its local day is another).
      handled: {
        campaignId: leased.campaignId,
        profileId: leased.profileId,
        stats: safeTimeZone(done.profile?.proxy_timezone) === leased.timeZone ? done.stats : undefined,
      },
    },
    logs: (done.logs ?? []).map((r) => toCampaignLog({ ...r, created_at: new Date(r.created_at) })),
  };
}
