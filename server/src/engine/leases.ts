import type { CampaignAction } from '@reachly/shared/schemas';

/**
 * The tasks this process leased, until their outcome: what the outcome of a task needs besides its
 * report (its action, campaign, lead and payload, the profile's time zone), so that a done report
 * is one statement (done-outcome.ts). Only a hint: the statement goes on only if the task is still
 * the lease remembered here (same attempt, still claimed or started), else the report takes the
 * full path (reports.ts). A report to another server process, or after a restart, takes it too.
 */
export interface LeasedTask {
  id: number;
  /** The attempt the lease handed out. */
  attempt: number;
  organizationId: number;
  profileId: number;
  campaignId: number;
  leadId: number | null;
  action: CampaignAction;
  payload: Record<string, unknown>;
  /** The profile's time zone at the claim (its local day counts the run's stats). */
  timeZone: string;
}

/** Leases remembered at most: the oldest go first (a lease that lapses is never reported). */
const MAX_LEASES = 10_000;

export function createLeases() {
  const byTask = new Map<number, LeasedTask>();
  return {
    remember(task: LeasedTask): void {
      byTask.delete(task.id);
      byTask.set(task.id, task);
      if (byTask.size > MAX_LEASES) {
        const oldest = byTask.keys().next().value;
        if (oldest !== undefined) byTask.delete(oldest);
      }
    },
    /** The lease of `taskId` this report quotes (same organisation, profile and attempt), if this process handed it out. */
    find(
      organizationId: number,
      taskId: number,
      report: { profileId: number; attempt: number },
    ): LeasedTask | undefined {
      const task = byTask.get(taskId);
      return task?.organizationId === organizationId &&
        task.profileId === report.profileId &&
        task.attempt === report.attempt
        ? task
        : undefined;
    },
    forget(taskId: number): void {
      byTask.delete(taskId);
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
