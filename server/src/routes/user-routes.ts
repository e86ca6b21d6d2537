import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { readTraffic } from '../services/traffic-service.ts';

/** GET /api/user, GET /api/traffic and GET /api/globalPrerenderData (spec §7). */
export function userRoutes({ db, users, auth }: AppContext): Router {
  const router = Router();

  router.get('/globalPrerenderData', auth.optionalAuth, async (req, res) => {
    res.json({ user: req.auth ? await users.view(req.auth.user, req.auth.organizationId) : null });
  });

  router.get('/user', auth.requireAuth, async (req, res) => {
    const { user, organizationId } = authOf(req);
    res.json(await users.view(user, organizationId));
  });

  router.get('/traffic', auth.requireAuth, async (req, res) => {
    res.json(await readTraffic(db, authOf(req).organizationId));
  });

  return router;
}
