import { authLogBodySchema, registerBodySchema } from '@reachly/shared/schemas';
import express, { Router } from 'express';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/** POST /api/register (DESIGN.md §3) and POST /api/auth/_log (spec §7 client logging). */
export function authRoutes({ users }: AppContext): Router {
  const router = Router();

  router.post('/register', ...jsonBody('16kb'), async (req, res) => {
    const body = parse(registerBodySchema, req.body);
    const user = await users.register(body);
    const organizationId = await users.organizationOf(user.id);
    res.status(201).json({ user: await users.view(user, organizationId ?? 0) });
  });

  // Auth.js has no log endpoint; the page's auth client beacons here (JSON or form-encoded).
  router.post(
    '/auth/_log',
    express.json({ limit: '16kb', type: ['application/json', 'text/plain'] }),
    express.urlencoded({ extended: false, limit: '16kb' }),
    (req, res) => {
      const body = parse(authLogBodySchema, req.body ?? {});
      req.log[body.level === 'warn' ? 'warn' : body.level === 'error' ? 'error' : 'debug'](
        { client: true, code: body.code, detail: body.message },
        'auth client log',
      );
      res.status(204).end();
    },
  );

  return router;
}
