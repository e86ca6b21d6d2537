import type { EndpointSpec } from '@reachly/shared/contract';
import { apiKeyCan, can, PERMISSIONS, type Permission } from '@reachly/shared/logic';
import type { RequestHandler } from 'express';
import type { AuthContext } from '../auth/authenticate.ts';
import { forbidden } from '../errors.ts';

/**
 * Refuses (403) a caller whose role lacks the permission, or an API key where keys may not act.
 * Routes that decide by themselves call it too; `can` alone does not know about API keys.
 */
function requirePermission(auth: AuthContext, permission: Permission): void {
  if (auth.apiKey && !apiKeyCan(permission)) {
    throw forbidden(`An API key cannot do this (${PERMISSIONS[permission].label.toLowerCase()}): sign in.`);
  }
  if (!can(auth.role, permission)) {
    const who = PERMISSIONS[permission].roles.join(' or ');
    throw forbidden(`Only an ${who} may do this (${PERMISSIONS[permission].label.toLowerCase()}).`);
  }
}

/** The endpoint's own rule (its `permission`, its `apiKey: false`) after authentication. */
export function allowedFor(endpoint: EndpointSpec): RequestHandler {
  return (req, _res, next) => {
    const auth = req.auth;
    if (auth && endpoint.apiKey === false && auth.apiKey) {
      throw forbidden('An API key cannot use this endpoint (it concerns a signed-in person): sign in.');
    }
    if (auth && endpoint.permission) requirePermission(auth, endpoint.permission);
    next();
  };
}
