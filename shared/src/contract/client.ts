import type { z } from 'zod';
import { type ClientInput, type ClientOutput, type EndpointSpec, fillPath, queryString } from './endpoint.ts';

/**
 * An answer of the API that was not 2xx, with the body's `{error: {code, message, details}}`
 * (docs/design.md §3). `status` 0: the server could not be reached; code `BAD_ANSWER`: a 2xx answer
 * that does not match the contract.
 */
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

/** Turns a non-2xx answer into an ApiError carrying the server's message. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown } })
      .error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      return new ApiError(res.status, error.code, error.message, error.details);
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiError(res.status, 'HTTP_ERROR', text.trim() || `${res.status} ${res.statusText}`.trim());
}

/** How a client reaches the server: the base URL (none: the page's origin), the headers of every call. */
export interface ApiTransport {
  /** `https://host:port`; empty or absent for the page's own origin. */
  baseUrl?: string;
  /** The headers of every call (the access token), read at each call. */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** The page sends its session cookie with same-origin calls. */
  credentials?: RequestInit['credentials'];
  /** Runs before each call, before the headers are read (the dashboard's demo mode takes its token here). */
  before?: (endpoint: EndpointSpec) => Promise<void> | void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The URL of a call: the endpoint's path with its params, and its query. */
export function urlOf(
  endpoint: EndpointSpec,
  input: { params?: unknown; query?: unknown },
  baseUrl = '',
): string {
  const params = input.params as Record<string, string | number> | undefined;
  const query = input.query as Record<string, string | number | boolean | null | undefined> | undefined;
  return `${baseUrl}${fillPath(endpoint.path, params)}${queryString(query)}`;
}

/**
 * The one typed client of the API: `call(contract.campaigns.get, {params: {id}})` sends the call,
 * turns a non-2xx answer into an ApiError (status 0 when unreachable) and parses the answer with
 * the endpoint's schema, so the caller holds exactly the contract's type.
 */
export function createApiClient(transport: ApiTransport = {}) {
  const doFetch = transport.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<E extends EndpointSpec>(
    endpoint: E,
    ...[input, options]: Partial<ClientInput<E>> extends ClientInput<E>
      ? [input?: ClientInput<E>, options?: CallOptions]
      : [input: ClientInput<E>, options?: CallOptions]
  ): Promise<ClientOutput<E>> {
    const given = (input ?? {}) as ClientInput<E>;
    await transport.before?.(endpoint);
    const headers: Record<string, string> = { ...transport.headers?.() };
    const rawBody = (given as { body?: unknown }).body;
    let body: RequestInit['body'];
    if (rawBody instanceof FormData) body = rawBody;
    else if (rawBody !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(rawBody);
    }
    const url = urlOf(endpoint, given, transport.baseUrl ?? '');
    let res: Response;
    try {
      res = await doFetch(url, {
        method: endpoint.method,
        headers,
        body,
        signal: options?.signal,
        ...(transport.credentials ? { credentials: transport.credentials } : {}),
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached', (error as Error).message);
    }
    if (!res.ok) throw await errorFromResponse(res);
    const expected = endpoint.status ?? 200;
    if (res.status !== expected) {
      await res.body?.cancel();
      throw new ApiError(
        res.status,
        'BAD_ANSWER',
        `${endpoint.method} ${endpoint.path}: answered ${res.status}, the contract says ${expected}`,
      );
    }
    if (endpoint.response === 'file') return res as ClientOutput<E>;
    if (endpoint.response === null || res.status === 204) return undefined as ClientOutput<E>;
    const data: unknown = await res.json().catch(() => undefined);
    const parsed = (endpoint.response as z.ZodType).safeParse(data);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join('.') || 'answer'}: ${first.message}` : 'unexpected answer';
      throw new ApiError(
        res.status,
        'BAD_ANSWER',
        `${endpoint.method} ${endpoint.path}: ${where}`,
        parsed.error.issues,
      );
    }
    return parsed.data as ClientOutput<E>;
  }

  return {
    call,
    urlOf: <E extends EndpointSpec>(endpoint: E, input: Pick<ClientInput<E>, 'params' | 'query'>) =>
      urlOf(endpoint, input, transport.baseUrl ?? ''),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
