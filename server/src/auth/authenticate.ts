import { type ExpressAuthConfig, getSession } from '@auth/express';
import type { ApiKeyScope, Role } from '@reachly/shared/logic';
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { banned, forbidden, unauthorized } from '../errors.ts';
import type { HandshakeAuthenticator } from '../realtime/realtime.ts';
import { type ApiKeyIdentity, createApiKeyIdentities, isApiKey } from '../services/team/api-key-identity.ts';
import { type Tenant, tenant } from '../services/tenancy.ts';
import type { UserRow } from '../services/users/user-row.ts';
import type { UsersService } from '../services/users-service.ts';

export interface AuthContext {
  user: UserRow;
  organizationId: number;
  /** The organisation's rows: every route reads and writes through it. */
  tenant: Tenant;
  /** The user's role in the organisation (shared/src/logic/roles.ts says what each may do). */
  role: Role;
  /** Set when an API key authenticated the request: the key acts with its maker's role, within its scope. */
  apiKey?: { id: number; scope: ApiKeyScope };
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
  const apiKeys = createApiKeyIdentities({ db, identities: users.identities });

  /**
   * The user of an access token, else of the Auth.js session cookie; undefined when neither names
   * one. A token that does not exist is refused (401), whatever the cookie says.
   */
  async function identify(
    token: string | null,
    req: Pick<Request, 'headers' | 'protocol'>,
  ): Promise<UserRow | undefined> {
    if (token && isApiKey(token)) {
      const key = await apiKeys.find(token);
      if (!key) throw unauthorized('This API key is not valid: it was revoked, or never made.');
      return key;
    }
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
    if (organizationId === undefined || organizationId === null || !user.role) {
      throw unauthorized('This user belongs to no organisation.');
    }
    const key = 'api_key_id' in user ? (user as ApiKeyIdentity) : undefined;
    const apiKey = key && { id: key.api_key_id, scope: key.api_key_scope };
    return { user, organizationId, tenant: tenant(db, organizationId), role: user.role, apiKey };
  }

  /** A read key changes nothing (403, with what to do instead). */
  function checkScope(auth: AuthContext, method: string): void {
    if (auth.apiKey?.scope === 'read' && method !== 'GET' && method !== 'HEAD') {
      throw forbidden(
        'This API key may only read (scope "read"): use a key of scope "read_write" to change data.',
      );
    }
  }

  /** A read key changes nothing; a key's use is noted once its request was answered with success. */
  function admitKey(auth: AuthContext, req: Request, res: Response): void {
    const key = auth.apiKey;
    if (!key) return;
    checkScope(auth, req.method);
    res.once('finish', () => {
      if (res.statusCode < 400) apiKeys.touch(key.id);
    });
  }

  /** For routes that need a signed-in user. */
  const requireAuth: RequestHandler = async (req, res, next) => {
    const auth = await resolve(req);
    if (!auth) throw unauthorized();
    admitKey(auth, req, res);
    req.auth = auth;
    next();
  };

  /** For public routes that answer more to a signed-in user. */
  const optionalAuth: RequestHandler = async (req, res, next) => {
    req.auth = (await resolve(req)) ?? undefined;
    if (req.auth) admitKey(req.auth, req, res);
    next();
  };

  /**
   * A socket.io handshake: a user who is not banned and belongs to the organisation asked for. An
   * API key joins its own organisation's room only (its maker may belong to others).
   */
  const handshake: HandshakeAuthenticator = async ({ token, headers, organizationId }) => {
    const user = await identify(token ?? null, { headers, protocol: 'http' } as Pick<
      Request,
      'headers' | 'protocol'
    >).catch(() => undefined);
    if (!user || user.is_banned) return null;
    const admitted =
      'api_key_id' in user
        ? user.organization_id === organizationId
        : await users.isMember(user.id, organizationId);
    return admitted ? { userId: user.id, organizationId } : null;
  };

  return { requireAuth, optionalAuth, handshake };
}

/** The caller of a route behind requireAuth. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
