import { z } from 'zod';
import {
  agentCookiesImportedBodySchema,
  agentCookiesResponseSchema,
  agentLaunchFailedBodySchema,
  agentProfilesResponseSchema,
  agentTrafficBodySchema,
  claimTaskBodySchema,
  claimTaskResponseSchema,
  diagnosticBodySchema,
  diagnosticsResponseSchema,
  executorEventsBodySchema,
  executorEventsResponseSchema,
  idParamsSchema,
  isoDateSchema,
  locatorsQuerySchema,
  locatorTableSchema,
  okResponseSchema,
  taskOutcomeBodySchema,
  taskOutcomeResponseSchema,
  taskStartedBodySchema,
  trafficSchema,
} from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/** A task the executor has begun: its lease now runs to `leaseUntil`. */
export const taskStartedResponseSchema = z.object({
  id: z.number().int(),
  status: z.literal('started'),
  leaseUntil: isoDateSchema,
});

/** The extension's task protocol: claim the next due task, say it started, report its outcome and what it saw. */
export const executorEndpoints = {
  claim: endpoint({
    method: 'POST',
    path: '/api/executor/claim',
    summary: "Claim a profile's next due task (or learn when to ask again).",
    access: 'user',
    body: claimTaskBodySchema,
    bodyLimit: '4kb',
    response: claimTaskResponseSchema,
    errors: [404],
  }),
  started: endpoint({
    method: 'POST',
    path: '/api/executor/tasks/:id/started',
    summary: 'The executor began a claimed task.',
    access: 'user',
    params: idParamsSchema,
    body: taskStartedBodySchema,
    bodyLimit: '4kb',
    response: taskStartedResponseSchema,
    errors: [404, 409],
  }),
  outcome: endpoint({
    method: 'POST',
    path: '/api/executor/tasks/:id/outcome',
    summary: "A task's outcome: done (with what it collected), failed, or skipped.",
    access: 'user',
    params: idParamsSchema,
    body: taskOutcomeBodySchema,
    bodyLimit: '4mb',
    response: taskOutcomeResponseSchema,
    errors: [404, 409],
  }),
  events: endpoint({
    method: 'POST',
    path: '/api/executor/events',
    summary: 'What the executor saw between tasks: replies, acceptances, restrictions.',
    access: 'user',
    body: executorEventsBodySchema,
    bodyLimit: '1mb',
    response: executorEventsResponseSchema,
    errors: [404],
  }),
} as const;

/** The desktop agent: profiles to launch with their proxies, traffic, launch failures, the cookies to import. */
export const agentEndpoints = {
  profiles: endpoint({
    method: 'GET',
    path: '/api/agent/profiles',
    summary: 'The profiles the desktop app launches, with their proxies, and the traffic left.',
    access: 'user',
    response: agentProfilesResponseSchema,
  }),
  traffic: endpoint({
    method: 'POST',
    path: '/api/agent/traffic',
    summary: 'Bytes counted through the profiles’ proxies since the last report.',
    access: 'user',
    body: agentTrafficBodySchema,
    bodyLimit: '256kb',
    response: trafficSchema,
  }),
  launchFailed: endpoint({
    method: 'POST',
    path: '/api/agent/launch-failed',
    summary: "A profile's browser could not start: its campaigns are told.",
    access: 'user',
    body: agentLaunchFailedBodySchema,
    bodyLimit: '16kb',
    response: okResponseSchema,
  }),
  cookies: endpoint({
    method: 'GET',
    path: '/api/agent/profiles/:id/cookies',
    summary: "The cookies waiting for a profile's browser.",
    access: 'user',
    params: idParamsSchema,
    response: agentCookiesResponseSchema,
    errors: [404],
  }),
  cookiesImported: endpoint({
    method: 'POST',
    path: '/api/agent/profiles/:id/cookies-imported',
    summary: 'The desktop app imported the cookies stored at a given time.',
    access: 'user',
    params: idParamsSchema,
    body: agentCookiesImportedBodySchema,
    bodyLimit: '4kb',
    response: okResponseSchema,
    errors: [404],
  }),
} as const;

/** The locator table the extension reads the network's pages with, and the field reports of what it missed. */
export const locatorsEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/locators',
    summary: 'The current locator table of a network.',
    access: 'user',
    query: locatorsQuerySchema,
    response: locatorTableSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/admin/locators',
    summary: 'Publish a new locator table (the extensions read it before their next step).',
    access: 'admin',
    body: locatorTableSchema,
    bodyLimit: '1mb',
    status: 201,
    response: z.object({ ok: z.literal(true), message: z.string() }),
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/diagnostics',
    summary: 'Report a page the extension could not read (a redacted signature).',
    access: 'user',
    body: diagnosticBodySchema,
    bodyLimit: '64kb',
    status: 201,
    response: z.object({ id: z.number().int() }),
  }),
  diagnostics: endpoint({
    method: 'GET',
    path: '/api/diagnostics',
    summary: 'Field reports grouped by locator, with counts.',
    access: 'user',
    response: diagnosticsResponseSchema,
  }),
} as const;
