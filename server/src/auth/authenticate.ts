import { type ExpressAuthConfig, getSession } from '@auth/express';
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { banned, unauthorized } from '../errors.ts';
import type { HandshakeAuthenticator } from '../realtime/realtime.ts';
import { type Tenant, tenant } from '../services/tenancy.ts';
import type { UserRow } from '../services/users/user-row.ts';
import type { UsersService } from '../services/users-service.ts';

export interface AuthContext {
  user: UserRow;
  organizationId: number;
  /** The organisation's rows: every route reads and writes through it. */
  tenant: Tenant;
}

declare global {
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>` (docs/design.md §3). */
export function tokenFromHeader(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/**
 * Resolves the caller from the access token or the Auth.js session cookie. A request that names a
 * token that does not exist is refused (401); a banned user is refused everywhere (403).
 */
export function createAuthenticator({
  db,
  users,
  authConfig,
}: {
  db: Knex;
  users: UsersService;
  authConfig: ExpressAuthConfig;
}) {
  /**
   * The user of an access token, else of the Auth.js session cookie; undefined when neither names
   * one. A token that does not exist is refused (401), whatever the cookie says.
   */
  async function identify(
    token: string | null,
    req: Pick<Request, 'headers' | 'protocol'>,
  ): Promise<UserRow | undefined> {
    if (token) {
      const user = await users.findByToken(token);
      if (!user) throw unauthorized('This access token is not valid.');
      return user;
    }
    if (!req.headers.cookie?.includes('authjs.session-token')) return undefined;
    const session = await getSession(req as Request, authConfig);
    const id = Number(session?.user?.id);
    return Number.isInteger(id) ? users.findById(id) : undefined;
  }

  async function resolve(req: Request): Promise<AuthContext | null> {
    const user = await identify(tokenFromHeader(req), req);
    if (!user) return null;
    if (user.is_banned) throw banned();
    const organizationId = user.organization_id;
    if (organizationId === undefined || organizationId === null) {
      throw unauthorized('This user belongs to no organisation.');
    }
    return { user, organizationId, tenant: tenant(db, organizationId) };
  }

  /** For routes that need a signed-in user. */
  const requireAuth: RequestHandler = async (req, _res, next) => {
    const auth = await resolve(req);
    if (!auth) throw unauthorized();
    req.auth = auth;
    next();
  };

  /** For public routes that answer more to a signed-in user. */
  const optionalAuth: RequestHandler = async (req, _res, next) => {
    req.auth = (await resolve(req)) ?? undefined;
    next();
  };

  /** A socket.io handshake: a user who is not banned and belongs to the organisation asked for. */
  const handshake: HandshakeAuthenticator = async ({ token, headers, organizationId }) => {
    const user = await identify(token ?? null, { headers, protocol: 'http' } as Pick<
      Request,
      'headers' | 'protocol'
    >).catch(() => undefined);
    if (!user || user.is_banned || !(await users.isMember(user.id, organizationId))) return null;
    return { userId: user.id, organizationId };
  };

  return { requireAuth, optionalAuth, handshake };
}

/** The caller of a route behind requireAuth. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
