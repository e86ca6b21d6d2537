import {
  addDoNotContactBodySchema,
  addedDoNotContactSchema,
  deletedDoNotContactSchema,
  doNotContactImportResultSchema,
  doNotContactListSchema,
  doNotContactQuerySchema,
  idParamsSchema,
  importDoNotContactBodySchema,
} from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/** The organisation's do-not-contact list: nobody on it is contacted by any profile or campaign. */
export const doNotContactEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/do-not-contact',
    summary: 'The do-not-contact list, newest first, with a search over values and notes.',
    access: 'user',
    query: doNotContactQuerySchema,
    response: doNotContactListSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/do-not-contact',
    summary:
      'Put a profile URL, network id, name, company or keyword on the list; planned tasks of matching leads are skipped at once.',
    access: 'user',
    changes: ['doNotContact'],
    body: addDoNotContactBodySchema,
    bodyLimit: '16kb',
    status: 201,
    response: addedDoNotContactSchema,
  }),
  addLead: endpoint({
    method: 'POST',
    path: '/api/do-not-contact/leads/:id',
    summary:
      "Put a lead's person on the list by their profile URL (the one-click add of a lead card or a conversation).",
    access: 'user',
    changes: ['doNotContact'],
    params: idParamsSchema,
    status: 201,
    response: addedDoNotContactSchema,
    errors: [404],
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/do-not-contact/import',
    summary:
      'Add the entries of a CSV file (kind,value lines or a column per kind); answers added, duplicate and bad lines.',
    access: 'user',
    changes: ['doNotContact'],
    body: importDoNotContactBodySchema,
    bodyLimit: '2mb',
    response: doNotContactImportResultSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/do-not-contact/:id',
    summary:
      'Take an entry off the list; tasks it had stopped are planned again unless another entry matches.',
    access: 'user',
    changes: ['doNotContact'],
    permission: 'removeDoNotContact',
    params: idParamsSchema,
    response: deletedDoNotContactSchema,
    errors: [404],
  }),
} as const;
