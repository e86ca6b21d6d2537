import type { DemoDataset } from '../demo-types.ts';

/**
 * What the server's foreign keys do when a row goes (server/src/db/migrations), applied to the demo
 * data: a campaign takes its tasks and log; a lead takes its tasks and leaves its log rows without
 * a lead; a profile leaves every campaign, and its tasks and log rows stay without a profile.
 */

/** Campaigns go with their tasks and log rows. */
export function forgetCampaigns(data: DemoDataset, ids: ReadonlySet<number>): void {
  data.campaigns = data.campaigns.filter((c) => !ids.has(c.id));
  data.campaignTasks = data.campaignTasks.filter((t) => !ids.has(t.campaignId));
  data.campaignLogs = data.campaignLogs.filter((l) => l.campaignId === null || !ids.has(l.campaignId));
}

/** Leads that were deleted: their tasks go, their log rows stay without a lead. */
export function forgetLeads(data: DemoDataset, ids: ReadonlySet<number>): void {
  data.campaignTasks = data.campaignTasks.filter((t) => t.leadId === null || !ids.has(t.leadId));
  for (const log of data.campaignLogs) if (log.leadId !== null && ids.has(log.leadId)) log.leadId = null;
}

/** A deleted profile: off every campaign, its pause and cookies gone, its tasks and rows without it. */
export function forgetProfile(data: DemoDataset, id: number): void {
  for (const campaign of data.campaigns) campaign.profileIds = campaign.profileIds.filter((p) => p !== id);
  for (const task of data.campaignTasks) if (task.profileId === id) task.profileId = null;
  for (const log of data.campaignLogs) if (log.profileId === id) log.profileId = null;
  data.profilePauses = data.profilePauses.filter((p) => p.profileId !== id);
  data.profileCookies = data.profileCookies.filter((c) => c.profileId !== id);
}
