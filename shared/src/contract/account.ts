import { z } from 'zod';
import {
  adminAttachProfilesBodySchema,
  adminBanBodySchema,
  adminCreateUserBodySchema,
  adminDesktopVersionBodySchema,
  adminGrantLicenceBodySchema,
  adminGrantTrafficBodySchema,
  adminResultSchema,
  authLogBodySchema,
  changePasswordBodySchema,
  demoSessionBodySchema,
  demoSessionResponseSchema,
  downloadAppQuerySchema,
  emitBodySchema,
  globalPrerenderDataSchema,
  machineDataSchema,
  okResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  summaryBodySchema,
  trafficSchema,
  userResponseSchema,
} from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

/** The answer of a password change: every session has ended, this one too. */
export const changePasswordResponseSchema = z.object({ ok: z.literal(true), signedOut: z.literal(true) });

/** Sign-up and the page's auth-client log (both answered before Auth.js, which owns the rest of /api/auth). */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account (an organisation with a trial licence) and its first user.',
    access: 'public',
    rateLimit: 'auth',
    body: registerBodySchema,
    bodyLimit: '16kb',
    status: 201,
    response: registerResponseSchema,
    errors: [400, 409, 429],
  }),
  log: endpoint({
    method: 'POST',
    path: '/api/auth/_log',
    summary: "The page's auth client reports a problem (JSON or a form beacon).",
    access: 'public',
    body: authLogBodySchema,
    bodyLimit: '16kb',
    form: true,
    status: 204,
    response: null,
  }),
} as const;

/** The signed-in user, their machine data, password and traffic. */
export const userEndpoints = {
  prerender: endpoint({
    method: 'GET',
    path: '/api/globalPrerenderData',
    summary: 'What every page needs before it renders: the signed-in user, or null.',
    access: 'optional',
    response: globalPrerenderDataSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user, their licence and the desktop version the server offers.',
    access: 'user',
    response: userResponseSchema,
  }),
  machineData: endpoint({
    method: 'PATCH',
    path: '/api/user/machineData',
    summary: 'The desktop app reports the machine it runs on.',
    access: 'user',
    body: machineDataSchema,
    bodyLimit: '8kb',
    response: okResponseSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/password',
    summary: 'Change the password (the current one is required); every session and token ends.',
    access: 'user',
    rateLimit: 'auth',
    body: changePasswordBodySchema,
    bodyLimit: '4kb',
    response: changePasswordResponseSchema,
    errors: [400, 429],
  }),
  traffic: endpoint({
    method: 'GET',
    path: '/api/traffic',
    summary: "The organisation's proxy traffic: limit and remaining bytes.",
    access: 'user',
    response: trafficSchema,
  }),
} as const;

/** The public site: downloads and visit counters. */
export const publicEndpoints = {
  downloadApp: endpoint({
    method: 'GET',
    path: '/api/downloadApp',
    summary: 'Download the desktop app for an operating system.',
    access: 'public',
    rateLimit: 'public',
    query: downloadAppQuerySchema,
    response: 'file',
    errors: [404, 429],
  }),
  summary: endpoint({
    method: 'POST',
    path: '/api/summary',
    summary: 'Count a visit once per visitor, key and day.',
    access: 'public',
    rateLimit: 'public',
    body: summaryBodySchema,
    bodyLimit: '1kb',
    response: okResponseSchema,
    errors: [400, 403, 429],
  }),
  emit: endpoint({
    method: 'POST',
    path: '/api/emit',
    summary: "Store one of the page's own events, once per visitor, type and day.",
    access: 'optional',
    rateLimit: 'public',
    body: emitBodySchema,
    bodyLimit: '32kb',
    response: okResponseSchema,
    errors: [400, 429],
  }),
} as const;

/** The admin tool's calls (`npm run admin`): only from the server's machine, with the admin token. */
export const adminEndpoints = {
  createUser: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    summary: 'Create a user with a trial licence.',
    access: 'admin',
    body: adminCreateUserBodySchema,
    bodyLimit: '1mb',
    status: 201,
    response: adminResultSchema,
  }),
  grantLicence: endpoint({
    method: 'POST',
    path: '/api/admin/licence',
    summary: "Set a user's licence.",
    access: 'admin',
    body: adminGrantLicenceBodySchema,
    bodyLimit: '1mb',
    response: adminResultSchema,
  }),
  grantTraffic: endpoint({
    method: 'POST',
    path: '/api/admin/traffic',
    summary: "Set a user's traffic limit.",
    access: 'admin',
    body: adminGrantTrafficBodySchema,
    bodyLimit: '1mb',
    response: adminResultSchema,
  }),
  ban: endpoint({
    method: 'POST',
    path: '/api/admin/ban',
    summary: 'Ban a user (every session ends) or lift the ban.',
    access: 'admin',
    body: adminBanBodySchema,
    bodyLimit: '1mb',
    response: adminResultSchema,
  }),
  attachProfiles: endpoint({
    method: 'POST',
    path: '/api/admin/profiles',
    summary: "Give a user's organisation ready-made profiles.",
    access: 'admin',
    body: adminAttachProfilesBodySchema,
    bodyLimit: '1mb',
    status: 201,
    response: adminResultSchema,
  }),
  desktopVersion: endpoint({
    method: 'POST',
    path: '/api/admin/desktop-version',
    summary: 'The desktop version the server offers.',
    access: 'admin',
    body: adminDesktopVersionBodySchema,
    bodyLimit: '1mb',
    response: adminResultSchema,
  }),
} as const;

/** Demo mode: a visitor's own demo organisation on this server (server/src/demo). */
export const demoEndpoints = {
  session: endpoint({
    method: 'POST',
    path: '/api/demo/session',
    summary:
      "A visitor's demo session: their own seeded demo organisation (made on the first call), its token.",
    access: 'public',
    rateLimit: 'public',
    body: demoSessionBodySchema,
    bodyLimit: '1kb',
    response: demoSessionResponseSchema,
    errors: [400, 429, 503],
  }),
} as const;
