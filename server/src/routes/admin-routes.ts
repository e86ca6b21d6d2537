import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';
import { requestOrigin } from './auth-routes.ts';

/** The admin tool's calls (`npm run admin`); the contract makes them admin-only (loopback + token). */
export function adminHandlers({ admin, passwordResets }: AppContext): Handlers<Contract['admin']> {
  return {
    createUser: ({ body }) => admin.createUser(body),
    grantLicence: ({ body }) => admin.grantLicence(body),
    grantTraffic: ({ body }) => admin.grantTraffic(body),
    ban: ({ body }) => admin.setBanned(body.email, body.banned),
    attachProfiles: ({ body }) => admin.attachProfiles(body),
    desktopVersion: ({ body }) => admin.setDesktopVersion(body.version),
    resetLink: ({ body, req }) => passwordResets.adminLink(body.email, requestOrigin(req)),
  };
}
