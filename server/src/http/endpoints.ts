import { timingSafeEqual } from 'node:crypto';
import { TAB_HEADER } from '@reachly/shared/constants';
import {
  type EndpointGroup,
  type EndpointSpec,
  isEndpoint,
  type RateLimit,
  type ServerInput,
  type ServerOutput,
} from '@reachly/shared/contract';
import { type DataArea, tabIdSchema } from '@reachly/shared/realtime';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authenticate.ts';
import { forbidden, tooManyRequests } from '../errors.ts';
import { compressAnswers, sendJson } from './compression.ts';
import { jsonBody } from './json-body.ts';
import { allowedFor } from './permissions.ts';
import { parse } from './validate.ts';

/** What a handler gets: the parsed input, the caller (signed-in endpoints), and the request for the rare route that needs it. */
type HandlerInput<E extends EndpointSpec> = ServerInput<E> & {
  auth: E['access'] extends 'user' ? AuthContext : AuthContext | undefined;
  req: Request;
  res: Response;
  /** Work to do once the answer is sent (waking executors): errors still reach the log. */
  afterAnswer: (work: () => Promise<unknown>) => void;
};

type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<ServerOutput<E>> | ServerOutput<E>;

/** A handler, or one with middleware of its own that runs after authentication (a multipart parser). */
type Implementation<E extends EndpointSpec> = Handler<E> | { before: RequestHandler[]; handle: Handler<E> };

/** The server's handlers for a group of the contract: one per endpoint, the compiler checks none is missing. */
export type Handlers<G extends EndpointGroup> = {
  [K in keyof G]: G[K] extends EndpointSpec
    ? Implementation<G[K]>
    : G[K] extends EndpointGroup
      ? Handlers<G[K]>
      : never;
};

export interface EndpointDeps {
  requireAuth: RequestHandler;
  optionalAuth: RequestHandler;
  adminToken: string;
  /** Calls per client address before 429: sign-in-like (15 minutes) and other anonymous calls (a minute). */
  limits: Record<RateLimit, number>;
  /** Check every answer against the contract (tests): a mismatch is a 500 that names the field. */
  checkAnswers: boolean;
  /**
   * Tells the organisation's open tabs what a successful call changed (the endpoint's `changes`),
   * with the calling tab's id (TAB_HEADER) so that it skips its own echo.
   */
  announce?: (organizationId: number, areas: readonly DataArea[], origin: string | null) => void;
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** The header the admin tool sends its token in. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** The admin API answers only the admin tool: a loopback caller with the admin token. */
function adminOnly(adminToken: string): RequestHandler {
  const expected = Buffer.from(adminToken);
  return (req, _res, next) => {
    const given = Buffer.from(req.get(ADMIN_TOKEN_HEADER) ?? '');
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    if (!isLoopback(req.socket.remoteAddress) || !same) {
      throw forbidden('The admin API answers only the admin tool on this machine.');
    }
    next();
  };
}

const RATE_WINDOW_MS: Record<RateLimit, number> = { auth: 15 * 60 * 1000, public: 60 * 1000 };

/** A per-address counter; a refusal is 429 with Retry-After (express-rate-limit sets it). */
export function rateLimiter(windowMs: number, limit: number): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(tooManyRequests()),
  });
}

/** The body parsers of an endpoint: JSON (and a form beacon), none for multipart (its own parser reads it). */
function bodyParsers(endpoint: EndpointSpec): RequestHandler[] {
  if (!endpoint.body || endpoint.multipart) return [];
  if (endpoint.form) {
    const limit = endpoint.bodyLimit ?? '100kb';
    return [
      express.json({ limit, type: ['application/json', 'text/plain'] }),
      express.urlencoded({ extended: false, limit }),
      (req, _res, next) => {
        req.body ??= {};
        next();
      },
    ];
  }
  return jsonBody(endpoint.bodyLimit ?? '100kb');
}

function answerMismatch(endpoint: EndpointSpec, error: z.ZodError): Error {
  const first = error.issues[0];
  const where = first ? `${first.path.join('.') || 'answer'}: ${first.message}` : '';
  return new Error(`${endpoint.method} ${endpoint.path} answered outside its contract (${where})`);
}

/** The Express route of one endpoint: rate limit, access, body parser, own middleware, parsing, the answer. */
function mountOne<E extends EndpointSpec>(
  router: Router,
  endpoint: E,
  implementation: Implementation<E>,
  deps: EndpointDeps,
): void {
  const { before, handle } =
    typeof implementation === 'function' ? { before: [], handle: implementation } : implementation;
  const chain: RequestHandler[] = [];
  if (endpoint.rateLimit)
    chain.push(rateLimiter(RATE_WINDOW_MS[endpoint.rateLimit], deps.limits[endpoint.rateLimit]));
  if (endpoint.access === 'user') chain.push(deps.requireAuth);
  if (endpoint.access === 'optional') chain.push(deps.optionalAuth);
  if (endpoint.access === 'admin') chain.push(adminOnly(deps.adminToken));
  if (endpoint.permission || endpoint.apiKey === false) chain.push(allowedFor(endpoint));
  // A file or stream is compressed as it is written; a JSON answer whole, when sent (sendJson).
  if (endpoint.response === 'file') chain.push(compressAnswers());
  chain.push(...bodyParsers(endpoint), ...before);
  const status = endpoint.status ?? 200;
  chain.push(async (req, res) => {
    const after: (() => Promise<unknown>)[] = [];
    const input = {
      params: endpoint.params ? parse(endpoint.params, req.params) : {},
      query: endpoint.query ? parse(endpoint.query, req.query) : {},
      body: endpoint.body && !endpoint.multipart ? parse(endpoint.body, req.body) : undefined,
      auth: req.auth,
      req,
      res,
      afterAnswer: (work: () => Promise<unknown>) => after.push(work),
    } as HandlerInput<E>;
    const answer = await handle(input);
    // A file, or an answer the handler wrote itself, is sent; its afterAnswer work does not run.
    const { response } = endpoint;
    const answeredByHandler = response === 'file' || res.headersSent;
    if (response !== 'file' && !res.headersSent) {
      if (response === null) res.status(status).end();
      else {
        if (deps.checkAnswers) {
          const checked = response.safeParse(answer);
          if (!checked.success) throw answerMismatch(endpoint, checked.error);
        }
        await sendJson(req, res, status, answer);
      }
    }
    if (endpoint.changes && req.auth && deps.announce && res.statusCode < 300) {
      const tab = tabIdSchema.safeParse(req.get(TAB_HEADER));
      deps.announce(req.auth.organizationId, endpoint.changes, tab.success ? tab.data : null);
    }
    if (answeredByHandler) return;
    for (const work of after) await work();
  });
  const path = endpoint.path.slice('/api'.length);
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  router[method](path, ...chain);
}

/**
 * A router (mounted at /api) that answers a group of the contract with its handlers: the endpoint's
 * access and rate limit decide the middleware, its schemas parse the input (400 on bad input,
 * docs/design.md §3), its status and schema the answer.
 */
export function endpointsRouter<G extends EndpointGroup>(
  group: G,
  handlers: Handlers<G>,
  deps: EndpointDeps,
): Router {
  const router = Router();
  const mount = (g: EndpointGroup, h: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(g)) {
      const implementation = h[name];
      if (implementation === undefined) throw new Error(`No handler for the endpoint ${name}`);
      if (isEndpoint(value)) mountOne(router, value, implementation as Implementation<EndpointSpec>, deps);
      else mount(value, implementation as Record<string, unknown>);
    }
  };
  mount(group, handlers as Record<string, unknown>);
  return router;
}
