import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The desktop agent: its profiles and proxies, traffic, launch failures, cookies to import. */
export function agentHandlers({ agent }: AppContext): Handlers<Contract['agent']> {
  return {
    profiles: ({ auth }) => agent.listProfiles(auth.organizationId),
    traffic: ({ auth, body }) => agent.reportTraffic(auth.organizationId, body),
    launchFailed: ({ auth, body }) => agent.launchFailed(auth.organizationId, body),
    cookies: ({ auth, params }) => agent.cookiesOf(auth.organizationId, params.id),
    cookiesImported: ({ auth, params, body }) => agent.cookiesImported(auth.organizationId, params.id, body),
  };
}
