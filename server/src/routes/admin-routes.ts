import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The admin tool's calls (`npm run admin`); the contract makes them admin-only (loopback + token). */
export function adminHandlers({ admin }: AppContext): Handlers<Contract['admin']> {
  return {
    createUser: ({ body }) => admin.createUser(body),
    grantLicence: ({ body }) => admin.grantLicence(body),
    grantTraffic: ({ body }) => admin.grantTraffic(body),
    ban: ({ body }) => admin.setBanned(body.email, body.banned),
    attachProfiles: ({ body }) => admin.attachProfiles(body),
    desktopVersion: ({ body }) => admin.setDesktopVersion(body.version),
  };
}
