import { SOCKET_PATH } from '@reachly/shared/constants';
import type { ServerToClientEvents } from '@reachly/shared/realtime';
import {
  type AgentCookiesImportedBody,
  type AgentCookiesResponse,
  type AgentLaunchFailedBody,
  type AgentProfilesResponse,
  type AgentTrafficBody,
  agentCookiesResponseSchema,
  agentProfilesResponseSchema,
  type MachineData,
  okResponseSchema,
  type Traffic,
  trafficSchema,
  type UserResponse,
  userResponseSchema,
} from '@reachly/shared/schemas';
import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';

/**
 * The agent's side of the server: typed calls to the routes it uses (the agent routes of
 * shared/src/schemas/agent.ts, GET /api/user and PATCH /api/user/machineData), each answer parsed
 * with the shared schema, signed in with `Authorization: <accessToken>`; and its own socket.io
 * connection to the organisation's room, which tells the supervisor to look again at which
 * profiles need a browser.
 */

const REQUEST_TIMEOUT_MS = 15_000;

/** A call the server refused (or could not be reached: status 0). */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error body's details, if any (e.g. the unknown profileIds of a traffic report). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}

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

export function createServerClient(serverUrl: string, accessToken: string): ServerClient {
  const base = serverUrl.replace(/\/+$/, '');
  async function call<S extends z.ZodType>(
    method: string,
    apiPath: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await fetch(`${base}${apiPath}`, {
        method,
        headers: {
          authorization: accessToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServerError(0, 'UNREACHABLE', `${method} ${apiPath}: ${(error as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: reported below.
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } } | null)
        ?.error;
      throw new ServerError(
        res.status,
        error?.code ?? `HTTP_${res.status}`,
        `${method} ${apiPath}: ${res.status} ${error?.message ?? text.slice(0, 200)}`,
        error?.details,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ServerError(res.status, 'BAD_ANSWER', `${method} ${apiPath}: unexpected answer`);
    }
    return parsed.data;
  }
  return {
    serverUrl: base,
    getUser: () => call('GET', '/api/user', userResponseSchema),
    sendMachineData: async (data) => {
      await call('PATCH', '/api/user/machineData', okResponseSchema, data);
    },
    agentProfiles: () => call('GET', '/api/agent/profiles', agentProfilesResponseSchema),
    reportTraffic: (body) => call('POST', '/api/agent/traffic', trafficSchema, body),
    reportLaunchFailed: async (body) => {
      await call('POST', '/api/agent/launch-failed', okResponseSchema, body);
    },
    profileCookies: (profileId) =>
      call('GET', `/api/agent/profiles/${profileId}/cookies`, agentCookiesResponseSchema),
    cookiesImported: async (profileId, body) => {
      await call('POST', `/api/agent/profiles/${profileId}/cookies-imported`, okResponseSchema, body);
    },
  };
}

/** The pushes after which the set of profiles that need a browser may have changed. */
export const PROFILE_CHANGE_EVENTS = [
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
      throw new ServerError(0, 'UNREACHABLE', `${base} did not answer: ${(error as Error).message}`);
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
    throw new ServerError(
      signIn.status || 401,
      'SIGN_IN_FAILED',
      `Sign-in refused (${error ?? signIn.status})`,
    );
  const session = (await (await send('/api/auth/session')).json()) as { accessToken?: string } | null;
  if (!session?.accessToken)
    throw new ServerError(401, 'SIGN_IN_FAILED', 'The session carries no access token');
  return session.accessToken;
}
