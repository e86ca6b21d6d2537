import type { z } from 'zod';
import type { Permission } from '../logic/roles.ts';
import type { DataArea } from '../realtime.ts';

/** The HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone (the server rate-limits it per address: see `rateLimit`);
 * - `optional`: anyone, and the caller's session is read when there is one;
 * - `user`: a signed-in user (access token or session cookie), else 401;
 * - `admin`: the admin tool on the server's own machine with the admin token, else 403.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';

/** What the server counts per client address before it answers 429: sign-in-like or other anonymous calls. */
export type RateLimit = 'auth' | 'public';

/**
 * One route of the API: everything a server, a client and the OpenAPI document need to know of it.
 * `path` is Express-style (`/api/campaigns/:id`). Schemas are the shared zod schemas: the server
 * parses params, query and body with them (400 on bad input), and a client parses the answer.
 */
export interface EndpointSpec {
  method: Method;
  path: `/api/${string}`;
  /** One line for the reference page. */
  summary: string;
  access: Access;
  /** What the caller's role must allow (shared/src/logic/roles.ts), else 403. */
  permission?: Permission;
  /** `false`: the caller's own account (its token, password, machine): an API key is refused (403). */
  apiKey?: false;
  rateLimit?: RateLimit;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body (or, with `multipart`, the form's text fields). */
  body?: z.ZodType;
  /** The JSON body's size limit (express.json's `limit`); 100kb when not given. */
  bodyLimit?: string;
  /** The body is multipart/form-data with a file (the client sends FormData). */
  multipart?: true;
  /** Also takes an urlencoded form (a beacon from the page). */
  form?: true;
  /** The success status; 200 when not given. */
  status?: 200 | 201 | 204;
  /** The success answer: a JSON schema, `null` for an empty 204, `'file'` for a download. */
  response: z.ZodType | null | 'file';
  /** The media type of a `'file'` answer, as the reference names it; application/octet-stream when not given. */
  fileType?: 'text/csv';
  /**
   * What a successful call changes that other open tabs of the organisation show: the server
   * pushes `data-changed` with these areas (shared/src/realtime.ts) after a 2xx answer.
   */
  changes?: readonly DataArea[];
  /** Statuses other than 2xx worth naming in the reference (every error has the same body). */
  errors?: readonly number[];
}

/** Declares one endpoint, keeping its literal types (method, path, schemas) for the typed client and server. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

/** A group of endpoints (one area of the API), or a group of groups. */
export interface EndpointGroup {
  readonly [name: string]: EndpointSpec | EndpointGroup;
}

export function isEndpoint(value: EndpointSpec | EndpointGroup): value is EndpointSpec {
  return (
    typeof (value as EndpointSpec).method === 'string' && typeof (value as EndpointSpec).path === 'string'
  );
}

/** Every endpoint of a group with its dotted name (`campaigns.list`), in declaration order. */
export function listEndpoints(group: EndpointGroup, prefix = ''): { name: string; endpoint: EndpointSpec }[] {
  return Object.entries(group).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isEndpoint(value) ? [{ name, endpoint: value }] : listEndpoints(value, name);
  });
}

/** The `:name` parameters of an Express-style path, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type QueryValue = string | number | boolean | null | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What a client passes: path params by name, the query's fields, the body (FormData when multipart). */
export type ClientInput<E extends EndpointSpec> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string | number> }) &
  (E['query'] extends z.ZodType
    ? { query?: { [K in keyof In<E['query']>]?: QueryValue } }
    : { query?: undefined }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: In<E['body']> }
      : { body?: undefined });

/** What a client gets back: the parsed answer (undefined for 204, the Response for a file). */
export type ClientOutput<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'file'
    ? Response
    : undefined;

/** What a server handler receives after parsing: params, query and body as the schemas give them. */
export interface ServerInput<E extends EndpointSpec> {
  params: E['params'] extends z.ZodType ? Out<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? Out<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? Out<E['body']> : undefined;
}

/** What a server handler returns: the answer before the schema's parsing (undefined for 204 and files). */
export type ServerOutput<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : undefined;

/** The path with its params filled in (each encoded), e.g. `/api/campaigns/7/logs`. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call; undefined values are left out, null is sent as the text null. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value === null ? 'null' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
