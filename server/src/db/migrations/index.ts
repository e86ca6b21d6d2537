import type { Knex } from 'knex';
import * as createOrganizations from './20261122000100-create-organizations.ts';
import * as createUsers from './20261122000200-create-users.ts';
import * as createOrganizationMembers from './20261122000300-create-organization-members.ts';
import * as createLicencesAndTraffic from './20261122000400-create-licences-and-traffic.ts';
import * as createCollectionsAndLeads from './20261122000500-create-collections-and-leads.ts';
import * as createProfiles from './20261122000600-create-profiles.ts';
import * as createConversations from './20261122000700-create-conversations.ts';
import * as createCampaigns from './20261122000800-create-campaigns.ts';
import * as createAnalyticsAndMachines from './20261122000900-create-analytics-and-machines.ts';
import * as createLeadCounts from './20261122010100-create-lead-counts.ts';
import * as createAppSettings from './20261122030100-create-app-settings.ts';
import * as addCampaignEngine from './20261123000100-add-campaign-engine.ts';
import * as addMessageNetworkTime from './20261123000200-add-message-network-time.ts';
import * as addProfileCookies from './20261123000300-add-profile-cookies.ts';
import * as campaignsThatHoldUp from './20261125000100-campaigns-that-hold-up.ts';
import * as createLocatorsAndDiagnostics from './20261125100100-create-locators-and-diagnostics.ts';
import * as visitMarksAndSessionVersion from './20261125200100-visit-marks-and-session-version.ts';
import * as notifyAuthChanges from './20261125400100-notify-auth-changes.ts';
import * as conversationFollowThrough from './20261126000100-conversation-follow-through.ts';
import * as createDemoSessions from './20261126200100-create-demo-sessions.ts';
import * as claimStatements from './20261127000100-claim-statements.ts';
import * as fewerTaskIndexes from './20261127000200-fewer-task-indexes.ts';
import * as claimTasksGenericPlan from './20261127000300-claim-tasks-generic-plan.ts';
import * as leadFields from './20261127100010-lead-fields.ts';
import * as leadsOneCollectionKey from './20261127100020-leads-one-collection-key.ts';
import * as createWebhooks from './20261127200010-create-webhooks.ts';
import * as memberRoles from './20261127300001-member-roles.ts';
import * as createApiKeys from './20261127300002-create-api-keys.ts';
import * as accountNameAndPasswordResets from './20261127400001-account-name-and-password-resets.ts';
import * as createDoNotContact from './20261127500010-create-do-not-contact.ts';
import * as campaignLogsReplyIntent from './20261127600010-campaign-logs-reply-intent.ts';
import * as claimLeadFields from './20261127700010-claim-lead-fields.ts';
import * as claimDncWhenListed from './20261127800010-claim-dnc-when-listed.ts';
import * as createFunnelMoves from './20261127900010-create-funnel-moves.ts';
import * as leadsNameSort from './20261127950010-leads-name-sort.ts';
import * as authNotifySchema from './20261128000010-auth-notify-schema.ts';
import * as inbox from './20261128100010-inbox.ts';
import * as profileSlowDowns from './20261128233010-profile-slow-downs.ts';
import * as requestWithdrawn from './20261128234010-request-withdrawn.ts';
import * as collectionCounters from './20261128235010-collection-counters.ts';
import * as leadCountsCollectionKey from './20261128235020-lead-counts-collection-key.ts';
import * as leanerClaim from './20261129100010-leaner-claim.ts';
import * as claimPlansByKey from './20261129200010-claim-plans-by-key.ts';

/**
 * Every migration, in order. Listed here rather than read from the folder, so that they load the
 * same way under tsx, vitest and any bundler. Add a new file and a line here; never edit a
 * migration that has landed.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261122000100-create-organizations': createOrganizations,
  '20261122000200-create-users': createUsers,
  '20261122000300-create-organization-members': createOrganizationMembers,
  '20261122000400-create-licences-and-traffic': createLicencesAndTraffic,
  '20261122000500-create-collections-and-leads': createCollectionsAndLeads,
  '20261122000600-create-profiles': createProfiles,
  '20261122000700-create-conversations': createConversations,
  '20261122000800-create-campaigns': createCampaigns,
  '20261122000900-create-analytics-and-machines': createAnalyticsAndMachines,
  '20261122030100-create-app-settings': createAppSettings,
  '20261122010100-create-lead-counts': createLeadCounts,
  '20261123000100-add-campaign-engine': addCampaignEngine,
  '20261123000200-add-message-network-time': addMessageNetworkTime,
  '20261123000300-add-profile-cookies': addProfileCookies,
  '20261125000100-campaigns-that-hold-up': campaignsThatHoldUp,
  '20261125100100-create-locators-and-diagnostics': createLocatorsAndDiagnostics,
  '20261125200100-visit-marks-and-session-version': visitMarksAndSessionVersion,
  '20261125400100-notify-auth-changes': notifyAuthChanges,
  '20261126000100-conversation-follow-through': conversationFollowThrough,
  '20261126200100-create-demo-sessions': createDemoSessions,
  '20261127000100-claim-statements': claimStatements,
  '20261127000200-fewer-task-indexes': fewerTaskIndexes,
  '20261127000300-claim-tasks-generic-plan': claimTasksGenericPlan,
  '20261127100010-lead-fields': leadFields,
  '20261127300001-member-roles': memberRoles,
  '20261127300002-create-api-keys': createApiKeys,
  '20261127200010-create-webhooks': createWebhooks,
  '20261127400001-account-name-and-password-resets': accountNameAndPasswordResets,
  '20261127500010-create-do-not-contact': createDoNotContact,
  '20261127600010-campaign-logs-reply-intent': campaignLogsReplyIntent,
  '20261127700010-claim-lead-fields': claimLeadFields,
  '20261127800010-claim-dnc-when-listed': claimDncWhenListed,
  '20261127100020-leads-one-collection-key': leadsOneCollectionKey,
  '20261127950010-leads-name-sort': leadsNameSort,
  '20261127900010-create-funnel-moves': createFunnelMoves,
  '20261128000010-auth-notify-schema': authNotifySchema,
  '20261128100010-inbox': inbox,
  '20261128233010-profile-slow-downs': profileSlowDowns,
  '20261128234010-request-withdrawn': requestWithdrawn,
  '20261128235010-collection-counters': collectionCounters,
  '20261128235020-lead-counts-collection-key': leadCountsCollectionKey,
  '20261129100010-leaner-claim': leanerClaim,
  '20261129200010-claim-plans-by-key': claimPlansByKey,
};

export const migrationSource: Knex.MigrationSource<string> = {
  // By name, that is by time: migrations written side by side run in their stamps' order.
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`unknown migration ${name}`);
    return migration;
  },
};
