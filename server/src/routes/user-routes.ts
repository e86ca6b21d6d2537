import { updateMachineDataBodySchema } from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';
import { saveMachineData } from '../services/machine-data.ts';
import { readTraffic } from '../services/traffic-service.ts';

/** GET /api/user, GET /api/traffic, PATCH /api/user/machineData, GET /api/globalPrerenderData (spec §7). */
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

  router.get('/traffic', auth.requireAuth, async (req, res) => {
    res.json(await readTraffic(db, authOf(req).organizationId));
  });

  return router;
}
