import { changePasswordBodySchema, updateMachineDataBodySchema } from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endSessions } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';
import { saveMachineData } from '../services/machine-data.ts';
import { readTraffic } from '../services/traffic-service.ts';

/**
 * GET /api/user, GET /api/traffic, PATCH /api/user/machineData, GET /api/globalPrerenderData (spec §7);
 * POST /api/user/password.
 */
export function userRoutes({ db, users, settings, auth }: AppContext): Router {
  const router = Router();

  router.get('/globalPrerenderData', auth.optionalAuth, async (req, res) => {
    res.json({ user: req.auth ? await users.view(req.auth.user, req.auth.organizationId) : null });
  });

  router.get('/user', auth.requireAuth, async (req, res) => {
    const { user, organizationId } = authOf(req);
    const [view, offeredDesktopVersion] = await Promise.all([
      users.view(user, organizationId),
      settings.offeredDesktopVersion(),
    ]);
    res.json({ ...view, offeredDesktopVersion });
  });

  router.patch('/user/machineData', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const body = parse(updateMachineDataBodySchema, req.body);
    const { user, organizationId } = authOf(req);
    await saveMachineData(db, { userId: user.id, organizationId }, body);
    res.json({ ok: true });
  });

  // A new password ends every session and the access token at once (the other browsers, the
  // desktop app, this one): whoever knew the old one is out.
  router.post('/user/password', auth.requireAuth, ...jsonBody('4kb'), async (req, res) => {
    const body = parse(changePasswordBodySchema, req.body);
    const { user } = authOf(req);
    const row = (await db('users').where({ id: user.id }).first('password_hash')) as
      | { password_hash: string | null }
      | undefined;
    if (!(await verifyPassword(row?.password_hash ?? null, body.currentPassword))) {
      throw badRequest('currentPassword: the current password is not right');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ password_hash: passwordHash });
      await endSessions(trx, user.id);
    });
    res.json({ ok: true, signedOut: true });
  });

  router.get('/traffic', auth.requireAuth, async (req, res) => {
    res.json(await readTraffic(db, authOf(req).organizationId));
  });

  return router;
}
