import { SOCKET_PATH } from '@reachly/shared/constants';
import type { EndpointSpec } from '@reachly/shared/contract';
import { contract } from '@reachly/shared/contract';
import { ApiError, createApiClient } from '@reachly/shared/contract/client';
import type { ServerToClientEvents } from '@reachly/shared/realtime';
import type {
  AgentCookiesImportedBody,
  AgentCookiesResponse,
  AgentLaunchFailedBody,
  AgentProfilesResponse,
  AgentTrafficBody,
  MachineData,
  Traffic,
  UserResponse,
} from '@reachly/shared/schemas';
import { io, type Socket } from 'socket.io-client';

/**
 * The agent's side of the server: the contract's calls it uses (the agent endpoints, GET /api/user
 * and PATCH /api/user/machineData) through the one typed client, signed in with
 * `Authorization: <accessToken>`; and its own socket.io connection to the organisation's room,
 * which tells the supervisor to look again at which profiles need a browser.
 */

const REQUEST_TIMEOUT_MS = 15_000;

/** A call the server refused (or could not be reached: status 0): the one error class of every client. */
export { ApiError };

export interface ServerClient {
  readonly serverUrl: string;
  getUser(): Promise<UserResponse>;
  sendMachineData(data: MachineData): Promise<void>;
  agentProfiles(): Promise<AgentProfilesResponse>;
  reportTraffic(body: AgentTrafficBody): Promise<Traffic>;
  reportLaunchFailed(body: AgentLaunchFailedBody): Promise<void>;
  profileCookies(profileId: number): Promise<AgentCookiesResponse>;
  cookiesImported(profileId: number, body: AgentCookiesImportedBody): Promise<void>;
}

/** fetch with the agent's timeout on every call: a server that stops answering cannot hold the supervisor. */
const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

/** The agent's log names the call and the status beside the server's message (the user sends that log). */
function inContext(endpoint: EndpointSpec, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const status = error.status === 0 ? 'unreachable' : String(error.status);
  const message = `${endpoint.method} ${endpoint.path}: ${status} ${error.message}`;
  return new ApiError(error.status, error.code, message, error.details);
}

export function createServerClient(serverUrl: string, accessToken: string): ServerClient {
  const base = serverUrl.replace(/\/+$/, '');
  const client = createApiClient({
    baseUrl: base,
    headers: () => ({ authorization: accessToken }),
    fetch: fetchWithTimeout,
  });
  const call = (async (endpoint: EndpointSpec, ...rest: unknown[]) => {
    try {
      return await (client.call as (e: EndpointSpec, ...r: unknown[]) => Promise<unknown>)(endpoint, ...rest);
    } catch (error) {
      throw inContext(endpoint, error);
    }
  }) as typeof client.call;
  return {
    serverUrl: base,
    getUser: () => call(contract.user.get),
    sendMachineData: async (data) => {
      await call(contract.user.machineData, { body: data });
    },
    agentProfiles: () => call(contract.agent.profiles),
    reportTraffic: (body) => call(contract.agent.traffic, { body }),
    reportLaunchFailed: async (body) => {
      await call(contract.agent.launchFailed, { body });
    },
    profileCookies: (profileId) => call(contract.agent.cookies, { params: { id: profileId } }),
    cookiesImported: async (profileId, body) => {
      await call(contract.agent.cookiesImported, { params: { id: profileId }, body });
    },
  };
}

/** The pushes after which the set of profiles that need a browser may have changed. */
const PROFILE_CHANGE_EVENTS = [
  'campaign-start',
  'campaign-status-update',
  'PROXY_TRAFFIC_UPDATE',
  'PROFILES_ATTACHED',
] as const satisfies readonly (keyof ServerToClientEvents)[];

export interface RealtimeConnection {
  readonly socket: Socket;
  close(): void;
}

/**
 * The agent's socket: signed in with the token (`auth.token`) to its organisation's room
 * (`query.organizationId`), as the server's handshake wants. `onChange` runs after each of
 * PROFILE_CHANGE_EVENTS and after every (re)connection, since pushes sent while disconnected are lost.
 */
export function connectRealtime(options: {
  serverUrl: string;
  accessToken: string;
  organizationId: number;
  onChange: (reason: string) => void;
  onState?: (state: 'connected' | 'disconnected' | 'refused', detail?: string) => void;
}): RealtimeConnection {
  const socket: Socket = io(options.serverUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: options.accessToken },
    query: { organizationId: String(options.organizationId) },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
  });
  for (const event of PROFILE_CHANGE_EVENTS) {
    socket.on(event, () => options.onChange(event));
  }
  socket.on('connect', () => {
    options.onState?.('connected');
    options.onChange('connected');
  });
  socket.on('disconnect', (reason) => options.onState?.('disconnected', reason));
  socket.on('connect_error', (error) => options.onState?.('refused', error.message));
  return {
    socket,
    close: () => {
      socket.removeAllListeners();
      socket.close();
    },
  };
}

/**
 * Signs in with an email and password the way the dashboard does (Auth.js credentials: csrf, then
 * the callback, then the session) and answers the user's access token; for `npm run agent --
 * --email … --password …`, where no page hands the agent a token.
 */
export async function accessTokenFor(serverUrl: string, email: string, password: string): Promise<string> {
  const base = serverUrl.replace(/\/+$/, '');
  const jar = new Map<string, string>();
  const send = async (apiPath: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let res: Response;
    try {
      res = await fetch(`${base}${apiPath}`, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ApiError(0, 'NETWORK_ERROR', `${base} did not answer: ${(error as Error).message}`);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const { csrfToken } = (await (await send('/api/auth/csrf')).json()) as { csrfToken: string };
  const signIn = await send('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/', json: 'true' }),
  });
  const answer = (await signIn.json().catch(() => ({}))) as { url?: string };
  const error = answer.url ? new URL(answer.url, base).searchParams.get('error') : 'no answer';
  if (!signIn.ok || error)
    throw new ApiError(signIn.status || 401, 'SIGN_IN_FAILED', `Sign-in refused (${error ?? signIn.status})`);
  const session = (await (await send('/api/auth/session')).json()) as { accessToken?: string } | null;
  if (!session?.accessToken) throw new ApiError(401, 'SIGN_IN_FAILED', 'The session carries no access token');
  return session.accessToken;
}
