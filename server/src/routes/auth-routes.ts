import type { Contract } from '@reachly/shared/contract';
import { FORGOT_PASSWORD_ANSWER } from '@reachly/shared/schemas';
import type { Request } from 'express';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Sign-up and the page's auth-client log: mounted before Auth.js, which answers the rest of /api/auth. */
export function authHandlers({ users, passwordResets }: AppContext): Handlers<Contract['auth']> {
  return {
    register: async ({ body }) => {
      const user = await users.register(body);
      const organizationId = await users.organizationOf(user.id);
      return { user: await users.view(user, organizationId ?? 0) };
    },
    // Auth.js has no log endpoint; the page's auth client beacons here (JSON or form-encoded).
    log: ({ body, req }) => {
      req.log[body.level === 'warn' ? 'warn' : body.level === 'error' ? 'error' : 'debug'](
        { client: true, code: body.code, detail: body.message },
        'auth client log',
      );
      return undefined;
    },
    forgotPassword: async ({ body, req }) => {
      await passwordResets.request(body.email, requestOrigin(req));
      return { ok: true, message: FORGOT_PASSWORD_ANSWER };
    },
    resetPassword: async ({ body }) => {
      await passwordResets.reset(body.token, body.newPassword);
      return { ok: true };
    },
  };
}

/** The address the caller reached this server at: a link's base when PUBLIC_URL is not set. */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
