import { adminEndpoints, authEndpoints, demoEndpoints, publicEndpoints, userEndpoints } from './account.ts';
import { campaignsEndpoints } from './campaigns.ts';
import { doNotContactEndpoints } from './do-not-contact.ts';
import { agentEndpoints, executorEndpoints, locatorsEndpoints } from './executor.ts';
import { exportsEndpoints } from './exports.ts';
import { inboxEndpoints } from './inbox.ts';
import { reportsEndpoints } from './reports.ts';
import { teamEndpoints } from './team.ts';
import { webhooksEndpoints } from './webhooks.ts';
import { collectionsEndpoints, conversationsEndpoints, leadsEndpoints, profilesEndpoints } from './work.ts';

/**
 * The API, once: every route's method, path, params, query, body and answer as the shared zod
 * schemas, grouped by area. The server registers its handlers from this table (validation
 * included), every client calls through `createApiClient` with it, and the OpenAPI document
 * (`/api/openapi.json`) is generated from it.
 */
export const contract = {
  auth: authEndpoints,
  user: userEndpoints,
  public: publicEndpoints,
  admin: adminEndpoints,
  demo: demoEndpoints,
  collections: collectionsEndpoints,
  leads: leadsEndpoints,
  conversations: conversationsEndpoints,
  inbox: inboxEndpoints,
  profiles: profilesEndpoints,
  campaigns: campaignsEndpoints,
  executor: executorEndpoints,
  agent: agentEndpoints,
  locators: locatorsEndpoints,
  doNotContact: doNotContactEndpoints,
  webhooks: webhooksEndpoints,
  team: teamEndpoints,
  exports: exportsEndpoints,
  reports: reportsEndpoints,
} as const;

export type Contract = typeof contract;

export { changePasswordResponseSchema } from './account.ts';
export * from './client.ts';
export * from './endpoint.ts';
export { taskStartedResponseSchema } from './executor.ts';
export { openApiDocument } from './openapi.ts';
