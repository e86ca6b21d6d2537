import type { DemoCall } from './demo-http.ts';
import type { DemoDataset } from './demo-types.ts';
import { getTraffic, getUser, refuseRegister, updateMachineData } from './handlers/account.ts';
import {
  campaignFunnel,
  campaignLogs,
  campaignProfiles,
  campaignStats,
} from './handlers/campaign-results.ts';
import {
  campaignCommand,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewTemplate,
  updateCampaign,
} from './handlers/campaigns.ts';
import {
  createCollection,
  deleteCollection,
  listCollections,
  renameCollection,
} from './handlers/collections.ts';
import { getConversation, listConversations, moveConversation } from './handlers/conversations.ts';
import { clearLeads, createLeads, importLeads, listLeads, updateLead } from './handlers/leads.ts';
import {
  createProfile,
  deleteProfile,
  listProfiles,
  storeProfileCookies,
  updateProfile,
} from './handlers/profiles.ts';

export type DemoMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Handler = (data: DemoDataset, call: DemoCall) => unknown;

interface DemoRoute {
  method: DemoMethod;
  /** Path with `:param` segments, as the server's routes (spec §7). */
  path: string;
  handler: Handler;
}

/** Every route the dashboard calls, answered in the page. */
export const DEMO_ROUTES: readonly DemoRoute[] = [
  { method: 'POST', path: '/api/register', handler: refuseRegister },
  { method: 'GET', path: '/api/user', handler: getUser },
  { method: 'GET', path: '/api/traffic', handler: getTraffic },
  { method: 'PATCH', path: '/api/user/machineData', handler: updateMachineData },
  { method: 'GET', path: '/api/collections', handler: listCollections },
  { method: 'POST', path: '/api/collections', handler: createCollection },
  { method: 'PATCH', path: '/api/collections/:id', handler: renameCollection },
  { method: 'DELETE', path: '/api/collections/:id', handler: deleteCollection },
  { method: 'GET', path: '/api/leads', handler: listLeads },
  { method: 'PATCH', path: '/api/leads', handler: updateLead },
  { method: 'POST', path: '/api/leads', handler: createLeads },
  { method: 'POST', path: '/api/leads/import', handler: importLeads },
  { method: 'DELETE', path: '/api/leads/clear', handler: clearLeads },
  { method: 'GET', path: '/api/conversations', handler: listConversations },
  { method: 'GET', path: '/api/conversations/:id', handler: getConversation },
  { method: 'PATCH', path: '/api/conversations', handler: moveConversation },
  { method: 'GET', path: '/api/profiles', handler: listProfiles },
  { method: 'POST', path: '/api/profiles', handler: createProfile },
  { method: 'PATCH', path: '/api/profiles', handler: updateProfile },
  { method: 'DELETE', path: '/api/profiles', handler: deleteProfile },
  { method: 'PUT', path: '/api/profiles/:id/cookies', handler: storeProfileCookies },
  { method: 'GET', path: '/api/campaigns', handler: listCampaigns },
  { method: 'POST', path: '/api/campaigns', handler: createCampaign },
  { method: 'POST', path: '/api/campaigns/preview-template', handler: previewTemplate },
  { method: 'GET', path: '/api/campaigns/:id', handler: getCampaign },
  { method: 'PATCH', path: '/api/campaigns/:id', handler: updateCampaign },
  { method: 'DELETE', path: '/api/campaigns/:id', handler: deleteCampaign },
  { method: 'POST', path: '/api/campaigns/:id/start', handler: campaignCommand('start') },
  { method: 'POST', path: '/api/campaigns/:id/pause', handler: campaignCommand('pause') },
  { method: 'POST', path: '/api/campaigns/:id/stop', handler: campaignCommand('stop') },
  { method: 'GET', path: '/api/campaigns/:id/logs', handler: campaignLogs },
  { method: 'GET', path: '/api/campaigns/:id/stats', handler: campaignStats },
  { method: 'GET', path: '/api/campaigns/:id/funnel', handler: campaignFunnel },
  { method: 'GET', path: '/api/campaigns/:id/profiles', handler: campaignProfiles },
];

/** The route for a method and path, with its `:param` values; null when none matches. */
export function matchDemoRoute(
  method: string,
  pathname: string,
): { handler: Handler; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const route of DEMO_ROUTES) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = decodeURIComponent(part);
        return part !== '';
      }
      return segment === part;
    });
    if (ok) return { handler: route.handler, params };
  }
  return null;
}
