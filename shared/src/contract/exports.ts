import { exportConversationsQuerySchema, exportLeadsQuerySchema, idParamsSchema } from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/**
 * CSV exports (docs/design.md §7): each answer is a `text/csv` attachment streamed as it is read,
 * so that a million rows leave in constant memory. Like the desktop app's download, the contract
 * names the answer a `'file'`: the typed client hands back the Response to read as a stream.
 */
export const exportsEndpoints = {
  leads: endpoint({
    method: 'GET',
    path: '/api/exports/leads',
    summary:
      'Leads of a collection (or all) as CSV: funnel status, campaign, last message time and every imported column.',
    access: 'user',
    query: exportLeadsQuerySchema,
    response: 'file',
    fileType: 'text/csv',
    errors: [404],
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/api/exports/conversations',
    summary: "The board's conversations as CSV (lead, profile, campaign, status, last message, note).",
    access: 'user',
    query: exportConversationsQuerySchema,
    response: 'file',
    fileType: 'text/csv',
    errors: [404],
  }),
  campaignResults: endpoint({
    method: 'GET',
    path: '/api/exports/campaigns/:id',
    summary: "A campaign's results per lead as CSV: steps done, accepted, replied, intent.",
    access: 'user',
    params: idParamsSchema,
    response: 'file',
    fileType: 'text/csv',
    errors: [404],
  }),
} as const;
