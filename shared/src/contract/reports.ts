import { reportQuerySchema, reportResponseSchema } from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/**
 * Reports across campaigns (issue 20): the organisation's requests, acceptances, replies and
 * positive replies over a range of days (at most 366) in the caller's time zone (`timeZone`, UTC
 * when absent), per day, campaign and profile, with the funnel's movement from its history; and the
 * same report as a CSV file (docs/design.md §7).
 */
export const reportsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/reports',
    summary:
      'Requests sent, accepted, replies and positive replies with their rates over a range of days in `timeZone` (an IANA name, UTC by default): totals, per day, campaign and profile; and every funnel move, per status and per day from → to.',
    access: 'user',
    query: reportQuerySchema,
    response: reportResponseSchema,
    errors: [404],
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/reports/export',
    summary:
      'The same report as CSV: the totals, one row per day, campaign, profile and funnel status, and one per day and move from → to.',
    access: 'user',
    query: reportQuerySchema,
    response: 'file',
    fileType: 'text/csv',
    errors: [404],
  }),
} as const;
