import { TAB_HEADER } from '@reachly/shared/constants';
import { ApiError, createApiClient } from '@reachly/shared/contract/client';
import { isDemoMode } from '../shell/demo-mode.ts';
import { DEMO_REGISTER_MESSAGE, demoSession } from '../shell/demo-session.ts';

// The one error class and answer reader of every client (shared/src/contract/client.ts). This module
// imports the client alone, not the contract's table: it is on the sign-in route, which stays free
// of zod for its JavaScript budget; the callers import `contract` from @reachly/shared/contract.
export { ApiError, errorFromResponse } from '@reachly/shared/contract/client';

let accessToken: string | null = null;
/** The session client sets the user's access token; every call sends it as the authorization header (spec §6). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}
export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * This tab's id, sent with every call (TAB_HEADER): the server's `data-changed` push of a change
 * names the tab it came from, and this tab skips its own echo. getRandomValues, not randomUUID,
 * which a page served over plain http to another machine does not have.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

/** The headers every API call carries: this tab's id, and the access token when there is one. */
export function authHeaders(): Record<string, string> {
  return accessToken ? { authorization: accessToken, [TAB_HEADER]: TAB_ID } : { [TAB_HEADER]: TAB_ID };
}

/**
 * The page's typed API client: `call(contract.campaigns.get, {params: {id}}, {signal})` answers the
 * contract's type, throws ApiError for a non-2xx answer (status 0 when the server cannot be reached).
 * In demo mode every call goes to the server as the visitor's demo user (shell/demo-session.ts),
 * never with the signed-in user's token; the demo creates no account.
 */
export const { call, urlOf } = createApiClient({
  headers: authHeaders,
  credentials: 'same-origin',
  before: async (endpoint) => {
    if (!isDemoMode()) return;
    if (endpoint.path === '/api/register') throw new ApiError(403, 'FORBIDDEN', DEMO_REGISTER_MESSAGE);
    setAccessToken((await demoSession()).accessToken);
  },
});
