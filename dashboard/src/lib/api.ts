import type { z } from 'zod';
import { isDemoMode } from '../shell/demo-mode.ts';
import { DEMO_REGISTER_MESSAGE, demoSession } from '../shell/demo-session.ts';

/** An answer of the API that was not 2xx, with the body's `{error: {code, message}}` (DESIGN.md §3). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request as the dashboard describes it; `query` values that are undefined are left out. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
}

let accessToken: string | null = null;
/** The session client sets the user's access token; every call sends it as the authorization header (spec §6). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}
export function getAccessToken(): string | null {
  return accessToken;
}

export function buildUrl(path: string, query?: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value === null ? 'null' : String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The headers every API call carries: the access token when there is one. */
export function authHeaders(): Record<string, string> {
  return accessToken ? { authorization: accessToken } : {};
}

/** Turns a non-2xx answer into an ApiError carrying the server's message (spec §8: the page shows it). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  // Read by hand, not with the shared zod schema: this module is on the sign-in route, which
  // stays free of zod for its JavaScript budget.
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown } })
      .error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      return new ApiError(res.status, error.code, error.message, error.details);
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiError(res.status, 'HTTP_ERROR', text.trim() || `${res.status} ${res.statusText}`);
}

/**
 * Calls the API and, when a schema is given, checks the answer against it.
 * Throws ApiError for a non-2xx answer and for a network failure (status 0).
 */
export async function api<T = unknown>(
  path: string,
  request: ApiRequest = {},
  schema?: z.ZodType<T>,
): Promise<T> {
  if (isDemoMode()) {
    // Demo mode: every call goes to the server as the visitor's demo user (shell/demo-session.ts),
    // never with the signed-in user's token; the demo creates no account.
    if (path === '/api/register') throw new ApiError(403, 'FORBIDDEN', DEMO_REGISTER_MESSAGE);
    setAccessToken((await demoSession()).accessToken);
  }
  const headers: Record<string, string> = { ...authHeaders() };
  let body = request.body;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached');
  }
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json();
  return schema ? schema.parse(data) : (data as T);
}
